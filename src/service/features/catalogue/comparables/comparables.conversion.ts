import type { ComparableProduct } from '../../../../shared/api/catalogue/prices.schemas.js';
import type { Currency } from '../../../../shared/vocabulary/catalogue.vocabulary.js';
import type { ConversionColumns } from './comparables.sql.js';

type ConversionOutput = Pick<ComparableProduct, 'price_converted' | 'conversion_note'>;

type PricedRow = ConversionColumns & { price: number | null; currency: string | null };

/**
 * A row with its conversion columns replaced by what the API states: the converted price with its rate, the rate's
 * day and source, or, for a priced row without a rate, null and a note (the row keeps its own price and currency).
 */
export function withConversion<R extends PricedRow>(row: R, target: Currency): Omit<R, keyof ConversionColumns> & ConversionOutput {
  const { converted_amount: amount, conversion_rate: rate, rate_as_of, rate_source, ...rest } = row;
  if (row.price === null || row.currency === null) return { ...rest, price_converted: null, conversion_note: null };
  if (amount === null || rate === null || rate_source === null) {
    const note = `not converted: no ${row.currency} to ${target} rate is stored (PUT /api/currency-rates); the price stays in ${row.currency}`;
    return { ...rest, price_converted: null, conversion_note: note };
  }
  return { ...rest, price_converted: { amount, currency: target, rate, rate_as_of, rate_source }, conversion_note: null };
}
