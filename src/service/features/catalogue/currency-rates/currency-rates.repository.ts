import { type RawBuilder, type Selectable, sql } from 'kysely';
import type { AppDatabase } from '../../../db/database.js';
import type { CatalogueTables } from '../../../db/tables/catalogue.tables.js';
import type { CurrencyRatesTable } from '../../../db/tables/prices.tables.js';
import type { CurrencyRatesBody } from '../../../../shared/api/catalogue/currency-rates.schemas.js';

/** in_use: 1 for the latest rate of its currency (the one conversions use). */
export type CurrencyRateRow = Selectable<CurrencyRatesTable> & { in_use: number };

const catalogue = (db: AppDatabase) => db.kysely.withTables<CatalogueTables>();

export async function listCurrencyRates(db: AppDatabase): Promise<CurrencyRateRow[]> {
  return catalogue(db)
    .selectFrom('currency_rates')
    .select(['currency', 'rate_to_usd', 'as_of', 'source', 'recorded_at'])
    .select(sql<number>`CASE WHEN row_number() OVER (PARTITION BY currency ORDER BY as_of DESC) = 1 THEN 1 ELSE 0 END`.as('in_use'))
    .orderBy('currency')
    .orderBy('as_of', 'desc')
    .execute();
}

/** All or nothing: one statement, so a failure leaves the stored rates as they were. Returns the rates written. */
export async function upsertCurrencyRates(db: AppDatabase, rates: CurrencyRatesBody, recordedAt: string): Promise<number> {
  if (rates.length === 0) return 0;
  const result = await catalogue(db)
    .insertInto('currency_rates')
    .values(rates.map((rate) => ({ ...rate, recorded_at: recordedAt })))
    .onConflict((oc) =>
      oc.columns(['currency', 'as_of']).doUpdateSet((eb) => ({
        rate_to_usd: eb.ref('excluded.rate_to_usd'),
        source: eb.ref('excluded.source'),
        recorded_at: eb.ref('excluded.recorded_at'),
      })),
    )
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0);
}

/**
 * SQL common-table expressions ending in `conversion(from_currency, rate, rate_as_of, rate_source)`: for every
 * currency with a known rate, the factor into the comparison currency `currency`, from the latest rate of each side
 * (USD is 1 by definition). Crossing two rates (GBP to EUR) states the older day of the two and both sources. The
 * comparison currency itself converts at 1, undated. A currency without a rate has no row, so a LEFT JOIN on it
 * yields NULL: "not converted", never a guessed rate. Rounding goes through numeric, which both engines round.
 */
export function conversionCtes(currency: string): RawBuilder<unknown> {
  return sql`latest_rates AS (
  SELECT r.currency, r.rate_to_usd, r.as_of, r.source
  FROM (SELECT currency, rate_to_usd, as_of, source, row_number() OVER (PARTITION BY currency ORDER BY as_of DESC) AS rn FROM currency_rates) r
  WHERE r.rn = 1
  UNION ALL SELECT 'USD', 1.0, NULL, NULL
),
conversion AS (
  SELECT CAST(${currency} AS text) AS from_currency, 1.0 AS rate, NULL AS rate_as_of, 'same currency, not converted' AS rate_source
  UNION ALL
  SELECT f.currency, round(CAST(f.rate_to_usd / t.rate_to_usd AS numeric), 6),
         CASE WHEN f.as_of IS NULL THEN t.as_of WHEN t.as_of IS NULL THEN f.as_of WHEN f.as_of <= t.as_of THEN f.as_of ELSE t.as_of END,
         CASE WHEN f.source IS NULL THEN t.source WHEN t.source IS NULL THEN f.source
              ELSE f.currency || ': ' || f.source || '; ' || t.currency || ': ' || t.source END
  FROM latest_rates f JOIN latest_rates t ON t.currency = ${currency}
  WHERE f.currency <> ${currency}
)`;
}
