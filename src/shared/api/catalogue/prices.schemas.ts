import { type Static, Type } from '@sinclair/typebox';
import { CURRENCIES } from '../../vocabulary/catalogue.vocabulary.js';
import { REACH_CLASS_LABELS } from '../../vocabulary/reach-class.vocabulary.js';
import { SlugOrId } from '../common.schemas.js';
import { MAX_UNIT_COUNT, Nullable, PagingFields, StringEnum } from '../schema-helpers.js';
import { ConversionFields } from './currency-rates.schemas.js';
import { productIdentityFields } from './product-identity.schemas.js';

export const PriceObservation = Type.Object(
  {
    id: Type.Integer(),
    transceiver_id: Type.String(),
    vendor_id: Type.String({ description: 'The shop the price was seen in' }),
    vendor_name: Type.String(),
    price: Type.Number(),
    currency: StringEnum(CURRENCIES),
    observed_at: Type.String({ description: 'ISO-8601 UTC' }),
    in_stock: Nullable(Type.Boolean()),
    stock_qty: Nullable(Type.Integer()),
    source: Type.String({ description: 'seed, seed-demo, scraper, import, api' }),
    url: Nullable(Type.String()),
  },
  { title: 'PriceObservation' },
);
export type PriceObservation = Static<typeof PriceObservation>;

/**
 * The comparable-price record, one row per matching product and currency: same form factor, speed, fiber type,
 * wavelengths and reach class (absent reach matches any class), with the price converted into the comparison currency.
 */
export const ComparableProduct = Type.Object(
  {
    transceiver_id: Type.String(),
    ...productIdentityFields,
    comp_form_factor: Type.String(),
    comp_speed_gbps: Type.Number(),
    comp_reach_meters: Nullable(Type.Number()),
    comp_reach_label: Type.String(),
    comp_fiber_type: Type.String(),
    comp_wavelengths: Type.Array(Type.Number()),
    comp_reach_class: Nullable(
      StringEnum(REACH_CLASS_LABELS, {
        description: "Reach class matched on: of reach_meters when above 0, else of its standard's reach; null when neither is known (matches any class)",
      }),
    ),
    price: Nullable(Type.Number({ description: 'Latest observed price in this currency; null when never priced' })),
    currency: Nullable(StringEnum(CURRENCIES)),
    observed_at: Nullable(Type.String()),
    price_demo: Type.Boolean({ description: 'The price is a generated demo value (its observation is a seed observation); false when unpriced or real' }),
    ...ConversionFields,
  },
  { title: 'ComparableProduct' },
);
export type ComparableProduct = Static<typeof ComparableProduct>;

/** The highest price taken, in any currency: above any transceiver's, so a stray digit is refused, not stored. */
export const MAX_PRICE = 10_000_000;

export const NewPriceObservation = Type.Object(
  {
    transceiver_id: SlugOrId('Slug or UUID of the product'),
    vendor_id: Type.String({ minLength: 1, maxLength: 80, description: 'The shop (a vendor id)' }),
    price: Type.Number({ exclusiveMinimum: 0, maximum: MAX_PRICE }),
    currency: StringEnum(CURRENCIES),
    observed_at: Type.Optional(Type.String({ format: 'date-time', description: 'Default: now' })),
    in_stock: Type.Optional(Nullable(Type.Boolean())),
    stock_qty: Type.Optional(Nullable(Type.Integer({ minimum: 0, maximum: MAX_UNIT_COUNT }))),
    source: Type.Optional(Type.String({ minLength: 1, maxLength: 40, default: 'api' })),
    url: Type.Optional(Nullable(Type.String({ maxLength: 2000 }))),
  },
  { additionalProperties: false },
);
export type NewPriceObservation = Static<typeof NewPriceObservation>;

export const PriceChange = Type.Object({
  old_price: Type.Number(),
  new_price: Type.Number(),
  change_pct: Type.Number({ description: 'Percent, relative to the old price' }),
});

export const RecordedPrice = Type.Object({
  observation: PriceObservation,
  price_change: Nullable(PriceChange),
});
export type RecordedPrice = Static<typeof RecordedPrice>;

export const PriceHistoryQuery = Type.Object(
  {
    currency: Type.Optional(StringEnum(CURRENCIES)),
    vendor: Type.Optional(Type.String({ minLength: 1, maxLength: 80, description: 'Only this shop' })),
    from: Type.Optional(Type.String({ format: 'date-time' })),
    to: Type.Optional(Type.String({ format: 'date-time' })),
    ...PagingFields(1000, 10_000),
  },
  { additionalProperties: false },
);
export type PriceHistoryQuery = Static<typeof PriceHistoryQuery>;

export const PriceHistory = Type.Object({
  transceiver_id: Type.String(),
  total: Type.Integer(),
  items: Type.Array(PriceObservation, { description: 'Oldest first' }),
});
export type PriceHistory = Static<typeof PriceHistory>;

const CoverageRow = Type.Object({
  form_factor: Type.String(),
  products: Type.Integer(),
  covered: Type.Integer(),
  ratio: Type.Number({ description: 'covered / products, 0..1' }),
});

export const Coverage = Type.Object({
  measure: StringEnum(['price', 'image'] as const),
  total: CoverageRow,
  by_form_factor: Type.Array(CoverageRow),
});
export type Coverage = Static<typeof Coverage>;
export type CoverageRow = Static<typeof CoverageRow>;
