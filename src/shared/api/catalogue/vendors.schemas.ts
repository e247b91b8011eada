import { type Static, Type } from '@sinclair/typebox';
import { VENDOR_KINDS } from '../../vocabulary/catalogue.vocabulary.js';
import { ListOf } from '../common.schemas.js';
import { Nullable, StringEnum } from '../schema-helpers.js';

export const Vendor = Type.Object(
  {
    id: Type.String({ description: "Slug, e.g. 'operator', 'cisco'" }),
    name: Type.String(),
    kind: StringEnum(VENDOR_KINDS, {
      description: "operator = the operator's own brand; oem = equipment maker (coding target, switch maker); competitor = compatible-optics shop",
    }),
    country: Nullable(Type.String()),
    website: Nullable(Type.String()),
    is_demo: Type.Boolean({ description: 'A fictional shop of the demo data set' }),
    scrape_interval_hours: Nullable(Type.Integer()),
    notes: Nullable(Type.String()),
    transceiver_count: Type.Integer(),
    switch_count: Type.Integer(),
    price_observation_count: Type.Integer({ description: 'Prices observed in this shop' }),
  },
  { title: 'Vendor' },
);
export type Vendor = Static<typeof Vendor>;

export const VendorQuery = Type.Object({ kind: Type.Optional(StringEnum(VENDOR_KINDS)) }, { additionalProperties: false });
export type VendorQuery = Static<typeof VendorQuery>;

export const VendorList = ListOf(Vendor);
export type VendorList = Static<typeof VendorList>;

export const VendorParams = Type.Object({ id: Type.String({ minLength: 1, maxLength: 80 }) });
