import { type Static, Type } from '@sinclair/typebox';
import { SPEED_PATTERN } from '../../speed.js';
import { CURRENCIES, DATA_CONFIDENCES, FIBER_TYPES, SORT_ORDERS, TRANSCEIVER_SORT_FIELDS, WDM_TYPES } from '../../vocabulary/catalogue.vocabulary.js';
import { PageOf, SlugOrId } from '../common.schemas.js';
import { Nullable, PagingFields, StringEnum, TextFilter } from '../schema-helpers.js';
import { DemandRecord } from './demand.schemas.js';
import { ComparisonCurrencyField } from './currency-rates.schemas.js';
import { ComparableProduct, PriceObservation } from './prices.schemas.js';
import { productIdentityFields } from './product-identity.schemas.js';

/** Longer than any fibre link (100,000 km): a filter beyond it is a typing mistake, not a reach. */
const MAX_REACH_METERS = 100_000_000;

export const TransceiverFilters = Type.Object(
  {
    form_factor: Type.Optional(Type.String({ minLength: 1, maxLength: 40, description: 'A form factor name (see GET /api/form-factors), case-insensitive' })),
    speed_gbps: Type.Optional(Type.String({ pattern: SPEED_PATTERN, description: 'Gb/s as a number, or with a unit: "400G", "1.6T" (= 1600)' })),
    fiber_type: Type.Optional(StringEnum(FIBER_TYPES)),
    wdm_type: Type.Optional(StringEnum(WDM_TYPES)),
    data_confidence: Type.Optional(StringEnum(DATA_CONFIDENCES)),
    reach_min: Type.Optional(
      Type.Integer({ minimum: 0, maximum: MAX_REACH_METERS, description: 'Metres; products whose reach is 0 or unknown never match a reach range' }),
    ),
    reach_max: Type.Optional(
      Type.Integer({ minimum: 0, maximum: MAX_REACH_METERS, description: 'Metres; products whose reach is 0 or unknown never match a reach range' }),
    ),
    vendor: Type.Optional(Type.String({ minLength: 1, maxLength: 80, description: 'A vendor id (see GET /api/vendors)' })),
    standard: Type.Optional(Type.String({ minLength: 1, maxLength: 80, description: 'A standard name (see GET /api/standards), case-insensitive' })),
    details_verified: Type.Optional(Type.Boolean({ description: 'true: only records with a reach label' })),
    q: TextFilter(
      'Words separated by spaces (the first 8 distinct ones count), each contained in the part number, name, form factor, standard, ' +
        "platform coding or the vendor's name, in any order; ASCII letters match without regard to case, other characters as typed " +
        '(% and _ too). Words are looked up in a trigram index',
    ),
    sort: Type.Optional(
      StringEnum(TRANSCEIVER_SORT_FIELDS, { default: 'part_number', description: 'Sort field; a reach of 0 sorts with the unknown reaches, last' }),
    ),
    order: Type.Optional(StringEnum(SORT_ORDERS, { default: 'asc' })),
  },
  { additionalProperties: false },
);
export type TransceiverFilters = Static<typeof TransceiverFilters>;

export const TRANSCEIVER_PAGE_MAX = 500;
/** The CSV export is meant for whole catalogues (and re-import), so its page is as large as an import may be. */
export const TRANSCEIVER_CSV_MAX = 100_000;

export const TransceiverListQuery = Type.Composite([TransceiverFilters, Type.Object(PagingFields(50, TRANSCEIVER_PAGE_MAX))], {
  additionalProperties: false,
});
export type TransceiverListQuery = Static<typeof TransceiverListQuery>;

export const TransceiverCsvQuery = Type.Composite([TransceiverFilters, Type.Object(PagingFields(TRANSCEIVER_CSV_MAX, TRANSCEIVER_CSV_MAX))], {
  additionalProperties: false,
});
export type TransceiverCsvQuery = Static<typeof TransceiverCsvQuery>;

/** Where a product row came from; generated demo rows must never read as vendor data. */
export const TransceiverProvenance = Type.Object(
  {
    origin: StringEnum(['seed', 'import', 'unrecorded'] as const, {
      description:
        'seed = a generated demo row of the offline data set (its data_confidence is simulated, never a vendor check); ' +
        'import = written by a catalogue import; unrecorded = added through the API or before provenance was recorded',
    }),
    demo: Type.Boolean({ description: 'true for generated demo rows (origin seed): show them as demo, not as vendor-verified' }),
    generator: Nullable(Type.String({ description: 'What generated the row (seed rows), e.g. "scripts/seed-builder (catalogue data set 1.1.0)"' })),
    generated_on: Nullable(Type.String({ description: "The generator's reference day (YYYY-MM-DD) for seed rows" })),
  },
  { title: 'TransceiverProvenance', description: 'Always set by this service (optional in the type only for older clients)' },
);
export type TransceiverProvenance = Static<typeof TransceiverProvenance>;

export const Transceiver = Type.Object(
  {
    id: Type.String({ description: 'UUID' }),
    ...productIdentityFields,
    form_factor: Type.String(),
    speed_gbps: Type.Number({ description: '1.6T products carry 1600' }),
    standard: Nullable(Type.String()),
    fiber_type: Type.String(),
    wdm_type: Type.String(),
    wavelengths: Type.Array(Type.Number(), { description: 'nm' }),
    reach_meters: Nullable(Type.Number({ description: '0 means unknown, like null' })),
    reach_label: Type.String(),
    details_verified: Type.Boolean({ description: 'false when reach_label is empty' }),
    data_confidence: StringEnum(DATA_CONFIDENCES),
    connector: Nullable(Type.String()),
    lanes: Nullable(Type.Integer()),
    modulation: Nullable(Type.String()),
    power_w: Nullable(Type.Number()),
    temp_range: Nullable(Type.String()),
    temp_min_c: Nullable(Type.Integer()),
    temp_max_c: Nullable(Type.Integer()),
    dom_support: Type.Boolean(),
    platform_coding: Nullable(Type.String({ description: "Whose equipment coding the module carries, e.g. 'Cisco', 'MSA generic'" })),
    product_page_url: Nullable(Type.String()),
    image_url: Nullable(Type.String()),
    description: Nullable(Type.String()),
    created_at: Type.String(),
    updated_at: Type.String(),
    provenance: Type.Optional(TransceiverProvenance),
  },
  { title: 'Transceiver' },
);
export type Transceiver = Static<typeof Transceiver>;

/**
 * What the product costs now, for the list: the most recent observation in any shop and currency (ties by the
 * later record). One figure per row keeps the table scannable; the detail view lists every shop's latest price.
 */
export const CurrentPrice = Type.Object(
  {
    price: Type.Number(),
    currency: StringEnum(CURRENCIES),
    observed_at: Type.String({ description: 'ISO-8601 UTC' }),
    vendor_name: Type.String({ description: 'The shop the price was seen in' }),
    demo: Type.Boolean({
      description:
        'Generated demo value: the observation this figure comes from is a seed observation (source seed), not a real offer; false once an import replaced it',
    }),
  },
  { title: 'CurrentPrice' },
);
export type CurrentPrice = Static<typeof CurrentPrice>;

export const TransceiverListItem = Type.Composite(
  [
    Transceiver,
    Type.Object({
      // Optional: GET /api/transceivers always sets it (null when never priced); the CSV export leaves it out.
      current_price: Type.Optional(Nullable(CurrentPrice)),
    }),
  ],
  { title: 'TransceiverListItem' },
);
export type TransceiverListItem = Static<typeof TransceiverListItem>;

export const TransceiverPage = PageOf(TransceiverListItem);
export type TransceiverPage = Static<typeof TransceiverPage>;

export const TransceiverDetail = Type.Composite(
  [
    Transceiver,
    Type.Object({
      current_prices: Type.Array(PriceObservation, { description: 'The latest observation per shop and currency' }),
      price_history: Type.Array(PriceObservation, {
        description: 'The most recent observations, oldest first (full history: GET /api/transceivers/:id/prices)',
      }),
      comparable_products: Type.Array(ComparableProduct, {
        description: "Other vendors' like products; priced rows converted into ?currency (default USD) and sorted by the converted price",
      }),
      internal_demand: Type.Array(DemandRecord, { description: 'Internal SKUs cross-referenced to this product' }),
    }),
  ],
  { title: 'TransceiverDetail' },
);
export type TransceiverDetail = Static<typeof TransceiverDetail>;

export const TransceiverDetailQuery = Type.Object({ ...ComparisonCurrencyField }, { additionalProperties: false });
export type TransceiverDetailQuery = Static<typeof TransceiverDetailQuery>;

export const IdParams = Type.Object({ id: SlugOrId('Slug first, then UUID') });
