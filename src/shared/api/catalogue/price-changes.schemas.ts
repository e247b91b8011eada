import { type Static, Type } from '@sinclair/typebox';
import { PageOf, SlugOrId } from '../common.schemas.js';
import { Offset, StringEnum } from '../schema-helpers.js';

export const PriceChangesQuery = Type.Object(
  {
    limit: Type.Integer({ minimum: 1, maximum: 200, default: 20 }),
    offset: Offset,
    since: Type.Optional(Type.String({ format: 'date', description: 'Only changes on or after this day (YYYY-MM-DD)' })),
    transceiver: Type.Optional(SlugOrId('Slug or UUID of one product')),
    vendor: Type.Optional(Type.String({ minLength: 1, maxLength: 100, description: 'Shop (vendor id)' })),
    direction: Type.Optional(StringEnum(['up', 'down'] as const)),
  },
  { additionalProperties: false },
);
export type PriceChangesQuery = Static<typeof PriceChangesQuery>;

export const PriceChangeItem = Type.Object({
  id: Type.Integer(),
  changed_at: Type.String(),
  transceiver_id: Type.String(),
  slug: Type.String(),
  part_number: Type.String(),
  name: Type.String(),
  form_factor: Type.String(),
  speed_gbps: Type.Number(),
  vendor_id: Type.String(),
  vendor_name: Type.String(),
  currency: Type.String(),
  old_price: Type.Number(),
  new_price: Type.Number(),
  change_pct: Type.Number(),
});
export type PriceChangeItem = Static<typeof PriceChangeItem>;

export const PriceChangesPage = PageOf(PriceChangeItem);
export type PriceChangesPage = Static<typeof PriceChangesPage>;
