import { type Static, Type } from '@sinclair/typebox';
import { CURRENCIES } from '../../vocabulary/catalogue.vocabulary.js';
import { Nullable, StringEnum } from '../schema-helpers.js';

/** USD is the base: every stored rate is the value of one unit of another currency in USD. */
export const BASE_CURRENCY = 'USD';
export const RATED_CURRENCIES = CURRENCIES.filter((c): c is Exclude<(typeof CURRENCIES)[number], 'USD'> => c !== BASE_CURRENCY);

export const CurrencyRateInput = Type.Object(
  {
    currency: StringEnum(RATED_CURRENCIES, { description: 'The currency rated (USD is the base, its rate is 1 by definition)' }),
    rate_to_usd: Type.Number({ exclusiveMinimum: 0, maximum: 1_000_000, description: 'Value of one unit of the currency in USD' }),
    as_of: Type.String({ format: 'date', description: 'The day the rate applies to (YYYY-MM-DD), not in the future' }),
    source: Type.String({ minLength: 1, maxLength: 200, description: 'Where the rate comes from (e.g. a central bank reference rate)' }),
  },
  { additionalProperties: false },
);

export const CurrencyRatesBody = Type.Array(CurrencyRateInput, {
  minItems: 1,
  maxItems: 1000,
  description: 'Stored all or nothing; a rate for a currency and day already stored is replaced',
});
export type CurrencyRatesBody = Static<typeof CurrencyRatesBody>;

export const CurrencyRate = Type.Object(
  {
    currency: StringEnum(RATED_CURRENCIES),
    rate_to_usd: Type.Number(),
    as_of: Type.String(),
    source: Type.String(),
    recorded_at: Type.String({ description: 'When the operator stored it (ISO-8601 UTC)' }),
    in_use: Type.Boolean({ description: 'The latest rate of its currency: the one conversions use' }),
  },
  { title: 'CurrencyRate' },
);

export const CurrencyRateList = Type.Object({
  base_currency: StringEnum([BASE_CURRENCY] as const),
  items: Type.Array(CurrencyRate, { description: 'By currency, newest first' }),
});
export type CurrencyRateList = Static<typeof CurrencyRateList>;

export const StoredRates = Type.Object({ stored: Type.Integer({ description: 'Rates written (new or replaced)' }), rates: CurrencyRateList });
export type StoredRates = Static<typeof StoredRates>;

/** The comparison currency of the comparables routes. */
export const ComparisonCurrencyField = {
  currency: Type.Optional(StringEnum(CURRENCIES, { default: BASE_CURRENCY, description: 'Currency prices are converted to for comparison (default USD)' })),
};

/** A price converted into the comparison currency, with the rate used, its date and its source. */
export const ConvertedPrice = Type.Object(
  {
    amount: Type.Number({ description: 'Rounded to cents' }),
    currency: StringEnum(CURRENCIES),
    rate: Type.Number({ description: 'Units of the comparison currency per unit of the original currency' }),
    rate_as_of: Nullable(Type.String({ description: 'Day of the rate (the older one when two rates are crossed); null when not converted' })),
    rate_source: Type.String(),
  },
  { title: 'ConvertedPrice' },
);
export type ConvertedPrice = Static<typeof ConvertedPrice>;

/** Spread into a comparable row: the converted price, or null with the reason. */
export const ConversionFields = {
  price_converted: Nullable(ConvertedPrice),
  conversion_note: Nullable(
    Type.String({ description: 'Why price_converted is null although the row has a price (no rate known for its currency); null otherwise' }),
  ),
};
