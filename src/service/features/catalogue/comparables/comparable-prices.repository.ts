import { type RawBuilder, sql } from 'kysely';
import type { AppDatabase } from '../../../db/database.js';
import type { CatalogueTables } from '../../../db/tables/catalogue.tables.js';
import type { Currency } from '../../../../shared/vocabulary/catalogue.vocabulary.js';
import { conversionCtes } from '../currency-rates/currency-rates.repository.js';
import { type ConversionColumns, conversionColumns, REACH_CLASS } from './comparables.sql.js';

/** Every transceiver with its reach class. */
const CLASSED_CTE = sql`classed AS (SELECT t.*, ${REACH_CLASS} AS reach_class FROM transceivers t LEFT JOIN standards s ON s.name = t.standard)`;

/**
 * The comparable-price matching rule between rows `c` and `o` of CLASSED_CTE: same form factor, speed, fiber type
 * and wavelengths (stored in one compact JSON spelling, so the texts compare), and the same reach class unless either
 * reach is absent (absent does not by itself rule a product out). comparables.repository.ts applies the same rule to
 * one product's values.
 */
const MATCH_RULE: RawBuilder<unknown> = sql`c.form_factor = o.form_factor AND c.speed_gbps = o.speed_gbps AND c.fiber_type = o.fiber_type
    AND c.wavelengths = o.wavelengths AND (c.reach_class IS NULL OR o.reach_class IS NULL OR c.reach_class = o.reach_class)`;

/**
 * Rebuilds the comparable_prices table: every (operator product, priced competitor product) pair under matchRule,
 * with the competitor's latest observation in any currency. One transaction, so readers see the old set or the new.
 */
export async function refreshComparablePrices(db: AppDatabase): Promise<number> {
  return db.transaction(async (tx) => {
    await tx.kysely.withTables<CatalogueTables>().deleteFrom('comparable_prices').execute();
    const result = await sql`WITH ${CLASSED_CTE}
         INSERT INTO comparable_prices (operator_transceiver_id, competitor_transceiver_id, comp_form_factor, comp_speed_gbps,
           comp_reach_meters, comp_reach_label, comp_fiber_type, comp_wavelengths, price, currency, observed_at)
         SELECT o.id, c.id, c.form_factor, c.speed_gbps, c.reach_meters, c.reach_label, c.fiber_type, c.wavelengths, l.price, l.currency, l.observed_at
         FROM classed o
         JOIN vendors ov ON ov.id = o.vendor_id AND ov.kind = 'operator'
         JOIN classed c ON ${MATCH_RULE}
         JOIN vendors cv ON cv.id = c.vendor_id AND cv.kind = 'competitor'
         JOIN (SELECT transceiver_id, price, currency, observed_at,
                      row_number() OVER (PARTITION BY transceiver_id ORDER BY observed_at DESC, id DESC) AS rn
               FROM price_observations) l ON l.transceiver_id = c.id AND l.rn = 1`.execute(tx.kysely);
    return Number(result.numAffectedRows ?? 0);
  });
}

export interface StoredComparableRow extends ConversionColumns {
  operator_transceiver_id: string;
  operator_slug: string;
  competitor_transceiver_id: string;
  competitor_slug: string;
  competitor_vendor_id: string;
  competitor_part_number: string;
  comp_form_factor: string;
  comp_speed_gbps: number;
  comp_reach_meters: number | null;
  comp_reach_label: string | null;
  comp_fiber_type: string | null;
  comp_wavelengths: string | null;
  price: number;
  currency: string;
  observed_at: string;
}

export async function listStoredComparables(
  db: AppDatabase,
  operatorId: string | undefined,
  currency: Currency,
  limit: number,
  offset: number,
): Promise<{ total: number; rows: StoredComparableRow[] }> {
  const where = operatorId === undefined ? sql`` : sql`WHERE cp.operator_transceiver_id = ${operatorId}`;
  const counted = await sql<{ n: number }>`SELECT count(*) AS n FROM comparable_prices cp ${where}`.execute(db.kysely);
  const { rows } = await sql<StoredComparableRow>`WITH ${conversionCtes(currency)}
       SELECT cp.operator_transceiver_id, o.slug AS operator_slug, cp.competitor_transceiver_id, c.slug AS competitor_slug,
              c.vendor_id AS competitor_vendor_id, c.part_number AS competitor_part_number, cp.comp_form_factor, cp.comp_speed_gbps,
              cp.comp_reach_meters, cp.comp_reach_label, cp.comp_fiber_type, cp.comp_wavelengths, cp.price, cp.currency, cp.observed_at,
              ${conversionColumns('cp')}
       FROM comparable_prices cp
       JOIN transceivers o ON o.id = cp.operator_transceiver_id
       JOIN transceivers c ON c.id = cp.competitor_transceiver_id
       LEFT JOIN conversion cv ON cv.from_currency = cp.currency
       ${where}
       ORDER BY o.slug, converted_amount NULLS LAST, cp.currency, cp.price, c.slug
       LIMIT ${limit} OFFSET ${offset}`.execute(db.kysely);
  return { total: Number(counted.rows[0]?.n ?? 0), rows };
}
