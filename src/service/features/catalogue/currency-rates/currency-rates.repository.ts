import type { Selectable } from 'kysely';
import type { AppDatabase } from '../../../db/database.js';
import type { CurrencyRatesTable } from '../../../db/tables/prices.tables.js';
import type { CurrencyRatesBody } from '../../../../shared/api/catalogue/currency-rates.schemas.js';

/** in_use: 1 for the latest rate of its currency (the one conversions use). */
export type CurrencyRateRow = Selectable<CurrencyRatesTable> & { in_use: number };

export function listCurrencyRates(db: AppDatabase): CurrencyRateRow[] {
  return db.sqlite
    .prepare(
      `SELECT currency, rate_to_usd, as_of, source, recorded_at,
              row_number() OVER (PARTITION BY currency ORDER BY as_of DESC) = 1 AS in_use
       FROM currency_rates ORDER BY currency, as_of DESC`,
    )
    .all() as CurrencyRateRow[];
}

/** All or nothing: one transaction, so a failure leaves the stored rates as they were. */
export function upsertCurrencyRates(db: AppDatabase, rates: CurrencyRatesBody, recordedAt: string): number {
  const upsert = db.sqlite.prepare(
    `INSERT INTO currency_rates (currency, rate_to_usd, as_of, source, recorded_at) VALUES (@currency, @rate_to_usd, @as_of, @source, @recorded_at)
     ON CONFLICT (currency, as_of) DO UPDATE SET rate_to_usd = excluded.rate_to_usd, source = excluded.source, recorded_at = excluded.recorded_at`,
  );
  return db.sqlite.transaction(() => {
    let written = 0;
    for (const rate of rates) written += upsert.run({ ...rate, recorded_at: recordedAt }).changes;
    return written;
  })();
}

/**
 * SQL common-table expressions ending in `conversion(from_currency, rate, rate_as_of, rate_source)`: for every
 * currency with a known rate, the factor into the comparison currency (parameter @currency), from the latest rate
 * of each side (USD is 1 by definition). Crossing two rates (GBP to EUR) states the older day of the two and both
 * sources. The comparison currency itself converts at 1, undated. A currency without a rate has no row, so a
 * LEFT JOIN on it yields NULL: "not converted", never a guessed rate.
 */
export const CONVERSION_CTES = `latest_rates AS (
  SELECT currency, rate_to_usd, as_of, source
  FROM (SELECT currency, rate_to_usd, as_of, source, row_number() OVER (PARTITION BY currency ORDER BY as_of DESC) AS rn FROM currency_rates)
  WHERE rn = 1
  UNION ALL SELECT 'USD', 1.0, NULL, NULL
),
conversion AS (
  SELECT @currency AS from_currency, 1.0 AS rate, NULL AS rate_as_of, 'same currency, not converted' AS rate_source
  UNION ALL
  SELECT f.currency, round(f.rate_to_usd / t.rate_to_usd, 6),
         CASE WHEN f.as_of IS NULL THEN t.as_of WHEN t.as_of IS NULL THEN f.as_of ELSE min(f.as_of, t.as_of) END,
         CASE WHEN f.source IS NULL THEN t.source WHEN t.source IS NULL THEN f.source
              ELSE f.currency || ': ' || f.source || '; ' || t.currency || ': ' || t.source END
  FROM latest_rates f JOIN latest_rates t ON t.currency = @currency
  WHERE f.currency <> @currency
)`;
