import type { AppDatabase } from '../../../db/database.js';
import { InvalidError } from '../../../errors.js';
import { BASE_CURRENCY, type CurrencyRateList, type CurrencyRatesBody, type StoredRates } from '../../../../shared/api/catalogue/currency-rates.schemas.js';
import { listCurrencyRates, upsertCurrencyRates } from './currency-rates.repository.js';

export async function getCurrencyRates(db: AppDatabase): Promise<CurrencyRateList> {
  return { base_currency: BASE_CURRENCY, items: (await listCurrencyRates(db)).map((r) => ({ ...r, in_use: r.in_use === 1 })) };
}

/**
 * What the schema cannot say: one rate per currency and day in a request (two would leave which one wins to
 * chance), and no rate dated after today (a future rate would silently take over every conversion).
 */
function checkRates(rates: CurrencyRatesBody, today: string): void {
  const seen = new Map<string, number>();
  rates.forEach((rate, i) => {
    if (rate.as_of > today) throw new InvalidError(`body/${i}.as_of ${rate.as_of} lies in the future (today is ${today})`, { field: `${i}.as_of` });
    const key = `${rate.currency} ${rate.as_of}`;
    const first = seen.get(key);
    if (first !== undefined) {
      throw new InvalidError(`body/${i}.as_of: a second ${rate.currency} rate for ${rate.as_of} (the first is body/${first})`, { field: `${i}.as_of` });
    }
    seen.set(key, i);
  });
}

export async function storeCurrencyRates(db: AppDatabase, rates: CurrencyRatesBody, now: () => number): Promise<StoredRates> {
  const at = new Date(now()).toISOString();
  checkRates(rates, at.slice(0, 10));
  const stored = await upsertCurrencyRates(db, rates, at);
  return { stored, rates: await getCurrencyRates(db) };
}
