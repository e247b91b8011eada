import { type RawBuilder, sql } from 'kysely';
import type { AppDatabase } from '../../../db/database.js';
import type { CatalogueTables } from '../../../db/tables/catalogue.tables.js';
import type { Currency } from '../../../../shared/vocabulary/catalogue.vocabulary.js';
import { REACH_CLASSES } from '../../../../shared/vocabulary/reach-class.vocabulary.js';
import { conversionCtes } from '../currency-rates/currency-rates.repository.js';

/** A price's conversion into the comparison currency (conversionCtes); all NULL when it has no price or no rate. */
export interface ConversionColumns {
  converted_amount: number | null;
  conversion_rate: number | null;
  rate_as_of: string | null;
  rate_source: string | null;
}

export interface ComparableRow extends ConversionColumns {
  transceiver_id: string;
  slug: string;
  vendor_id: string;
  vendor_name: string;
  vendor_kind: 'operator' | 'oem' | 'competitor';
  part_number: string;
  name: string;
  comp_form_factor: string;
  comp_speed_gbps: number;
  comp_reach_meters: number | null;
  comp_reach_label: string;
  comp_fiber_type: string;
  comp_wavelengths: string;
  /** Index into REACH_CLASSES; NULL when the product has no effective reach. */
  comp_reach_class: number | null;
  price: number | null;
  currency: string | null;
  observed_at: string | null;
  /** The latest observation's source (null when unpriced): decides price_demo. */
  price_source: string | null;
}

/**
 * A transceiver's reach class (index into REACH_CLASSES) over `transceivers t LEFT JOIN standards s`: its effective
 * reach is reach_meters when above 0, else its standard's reach when above 0, else absent (NULL class). A scraped row
 * often lacks the reach but names its standard, and the standard fixes the reach family.
 */
function reachClassExpression(): RawBuilder<unknown> {
  const reach = 'CASE WHEN t.reach_meters > 0 THEN t.reach_meters WHEN s.reach_meters > 0 THEN s.reach_meters END';
  const bounds = REACH_CLASSES.map((c, i) => (c.upToMeters === null ? `ELSE ${i}` : `WHEN ${reach} <= ${c.upToMeters} THEN ${i}`));
  // Only constants of this module go into the raw text.
  return sql.raw(`CASE WHEN (${reach}) IS NULL THEN NULL ${bounds.join(' ')} END`);
}
const REACH_CLASS = reachClassExpression();

/** The CTE `classed`: the transceivers where `where` holds (over `t`), each with its reach class. */
function classedCte(where: RawBuilder<unknown>): RawBuilder<unknown> {
  return sql`classed AS (SELECT t.*, ${REACH_CLASS} AS reach_class FROM transceivers t LEFT JOIN standards s ON s.name = t.standard WHERE ${where})`;
}
const CLASSED_CTE = classedCte(sql`1 = 1`);

/**
 * The comparable-price matching rule, the one rule of the live query and the refresh, between rows `a` and `b` of
 * CLASSED_CTE: same form factor, speed, fiber type and wavelengths (as JSON values: "[1310]" is "[ 1310 ]"), and
 * the same reach class unless either reach is absent (absent does not by itself rule a product out).
 */
function matchRule(db: AppDatabase, a: 'm' | 'c', b: 'me' | 'o'): RawBuilder<unknown> {
  const [x, y] = [sql.raw(a), sql.raw(b)];
  return sql`${x}.form_factor = ${y}.form_factor AND ${x}.speed_gbps = ${y}.speed_gbps AND ${x}.fiber_type = ${y}.fiber_type
    AND ${db.dialect.sameJson(sql.ref(`${a}.wavelengths`), sql.ref(`${b}.wavelengths`))}
    AND (${x}.reach_class IS NULL OR ${y}.reach_class IS NULL OR ${x}.reach_class = ${y}.reach_class)`;
}

/** Conversion columns of the price row `p` joined to `conversion` as `cv`; the amount is the price times the stated rate. */
function conversionColumns(p: 'p' | 'cp'): RawBuilder<unknown> {
  return sql.raw(`CASE WHEN ${p}.price IS NULL OR cv.rate IS NULL THEN NULL ELSE round(CAST(${p}.price * cv.rate AS numeric), 2) END AS converted_amount,
       CASE WHEN ${p}.price IS NULL THEN NULL ELSE cv.rate END AS conversion_rate,
       CASE WHEN ${p}.price IS NULL THEN NULL ELSE cv.rate_as_of END AS rate_as_of,
       CASE WHEN ${p}.price IS NULL THEN NULL ELSE cv.rate_source END AS rate_source`);
}

/**
 * The live comparables of one product: other vendors' products under matchRule. Each match comes once per currency
 * it was priced in (its latest observation), or once with a null price; priced rows sort by the converted amount.
 */
export async function comparableProducts(db: AppDatabase, transceiverId: string, currency: Currency, limit = 200): Promise<ComparableRow[]> {
  // Only products of the same form factor, speed and fibre can match: the list's (form_factor, speed_gbps) index
  // finds them, so the reach classes are worked out for those instead of the whole catalogue.
  const of = (column: string) => sql`(SELECT ${sql.ref(column)} FROM transceivers WHERE id = ${transceiverId})`;
  const sameKind = sql`t.form_factor = ${of('form_factor')} AND t.speed_gbps = ${of('speed_gbps')} AND t.fiber_type = ${of('fiber_type')}`;
  const { rows } = await sql<ComparableRow>`
WITH ${classedCte(sameKind)},
${conversionCtes(currency)},
matches AS (
  SELECT m.*, v.name AS vendor_name, v.kind AS vendor_kind
  FROM classed m
  JOIN vendors v ON v.id = m.vendor_id
  JOIN classed me ON me.id = ${transceiverId} AND ${matchRule(db, 'm', 'me')}
  WHERE m.id <> me.id AND m.vendor_id <> me.vendor_id
),
latest AS (
  SELECT o.transceiver_id, o.price, o.currency, o.observed_at, o.source,
         row_number() OVER (PARTITION BY o.transceiver_id, o.currency ORDER BY o.observed_at DESC, o.id DESC) AS rn
  FROM price_observations o
  WHERE o.transceiver_id IN (SELECT id FROM matches)
)
SELECT m.id AS transceiver_id, m.slug, m.vendor_id, m.vendor_name, m.vendor_kind, m.part_number, m.name,
       m.form_factor AS comp_form_factor, m.speed_gbps AS comp_speed_gbps, m.reach_meters AS comp_reach_meters,
       m.reach_label AS comp_reach_label, m.fiber_type AS comp_fiber_type, m.wavelengths AS comp_wavelengths,
       m.reach_class AS comp_reach_class, p.price, p.currency, p.observed_at, p.source AS price_source,
       ${conversionColumns('p')}
FROM matches m
LEFT JOIN latest p ON p.transceiver_id = m.id AND p.rn = 1
LEFT JOIN conversion cv ON cv.from_currency = p.currency
ORDER BY CASE m.vendor_kind WHEN 'competitor' THEN 0 WHEN 'operator' THEN 1 ELSE 2 END,
         CASE WHEN p.price IS NULL THEN 1 ELSE 0 END, converted_amount NULLS LAST, p.currency, p.price, m.part_number
LIMIT ${limit}`.execute(db.kysely);
  return rows;
}

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
         JOIN classed c ON ${matchRule(tx, 'c', 'o')}
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
