import { PageOf, SlugOrId } from '../common.schemas.js';
import { type Static, Type } from '@sinclair/typebox';
import { CURRENCIES } from '../../vocabulary/catalogue.vocabulary.js';
import { Nullable, PagingFields, StringEnum } from '../schema-helpers.js';
import { ComparisonCurrencyField, ConversionFields } from './currency-rates.schemas.js';

export const StoredComparable = Type.Object(
  {
    operator_transceiver_id: Type.String(),
    operator_slug: Type.String(),
    competitor_transceiver_id: Type.String(),
    competitor_slug: Type.String(),
    competitor_vendor_id: Type.String(),
    competitor_part_number: Type.String(),
    comp_form_factor: Type.String(),
    comp_speed_gbps: Type.Number(),
    comp_reach_meters: Nullable(Type.Number()),
    comp_reach_label: Nullable(Type.String()),
    comp_fiber_type: Nullable(Type.String()),
    comp_wavelengths: Type.Array(Type.Number()),
    price: Type.Number({ description: "The competitor's latest observed price when the table was refreshed" }),
    currency: StringEnum(CURRENCIES),
    observed_at: Type.String(),
    ...ConversionFields,
  },
  { title: 'ComparablePriceRecord' },
);

export const StoredComparableQuery = Type.Object(
  {
    operator_transceiver: Type.Optional(SlugOrId("Slug or UUID of one of the operator's products")),
    ...ComparisonCurrencyField,
    ...PagingFields(100, 1000),
  },
  { additionalProperties: false },
);
export type StoredComparableQuery = Static<typeof StoredComparableQuery>;

export const StoredComparablePage = PageOf(StoredComparable);
export type StoredComparablePage = Static<typeof StoredComparablePage>;

export const RefreshResult = Type.Object({ rows: Type.Integer({ description: 'Comparable-price records now stored' }) });
export type RefreshResult = Static<typeof RefreshResult>;
