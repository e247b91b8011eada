import type { AppDatabase } from '../../../db/database.js';

export interface ComparableRow {
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
  price: number | null;
  currency: string | null;
  observed_at: string | null;
}

/**
 * The comparable-price query (the sales-intelligence matching rule): other vendors' products with the same form
 * factor, speed, fiber type and wavelengths, and the same reach, where a reach of 0 (or NULL) on either side
 * counts as absent and so does not rule a product out. json() normalises the stored lists ("[1310]" vs "[ 1310 ]").
 * Each match comes once per currency it was priced in (its latest observation), or once with a null price.
 */
const COMPARABLES_SQL = `
WITH me AS (SELECT * FROM transceivers WHERE id = @id),
matches AS (
  SELECT t.*, v.name AS vendor_name, v.kind AS vendor_kind
  FROM transceivers t
  JOIN vendors v ON v.id = t.vendor_id
  JOIN me ON t.form_factor = me.form_factor
         AND t.speed_gbps = me.speed_gbps
         AND t.fiber_type = me.fiber_type
         AND json(t.wavelengths) = json(me.wavelengths)
         AND (nullif(t.reach_meters, 0) IS NULL OR nullif(me.reach_meters, 0) IS NULL OR t.reach_meters = me.reach_meters)
  WHERE t.id <> me.id AND t.vendor_id <> me.vendor_id
),
latest AS (
  SELECT p.transceiver_id, p.price, p.currency, p.observed_at,
         row_number() OVER (PARTITION BY p.transceiver_id, p.currency ORDER BY p.observed_at DESC, p.id DESC) AS rn
  FROM price_observations p
  WHERE p.transceiver_id IN (SELECT id FROM matches)
)
SELECT m.id AS transceiver_id, m.slug, m.vendor_id, m.vendor_name, m.vendor_kind, m.part_number, m.name,
       m.form_factor AS comp_form_factor, m.speed_gbps AS comp_speed_gbps, m.reach_meters AS comp_reach_meters,
       m.reach_label AS comp_reach_label, m.fiber_type AS comp_fiber_type, m.wavelengths AS comp_wavelengths,
       l.price, l.currency, l.observed_at
FROM matches m
LEFT JOIN latest l ON l.transceiver_id = m.id AND l.rn = 1
ORDER BY CASE m.vendor_kind WHEN 'competitor' THEN 0 WHEN 'operator' THEN 1 ELSE 2 END,
         l.price IS NULL, l.currency, l.price, m.part_number
LIMIT @limit`;

export function comparableProducts(db: AppDatabase, transceiverId: string, limit = 200): ComparableRow[] {
  return db.sqlite.prepare(COMPARABLES_SQL).all({ id: transceiverId, limit }) as ComparableRow[];
}

/** The matching rule of COMPARABLES_SQL between an operator product `o` and a competitor product `c`. */
const MATCH_RULE = `c.form_factor = o.form_factor AND c.speed_gbps = o.speed_gbps AND c.fiber_type = o.fiber_type
  AND json(c.wavelengths) = json(o.wavelengths)
  AND (nullif(c.reach_meters, 0) IS NULL OR nullif(o.reach_meters, 0) IS NULL OR c.reach_meters = o.reach_meters)`;

/**
 * Rebuilds the comparable_prices table: every (operator product, priced competitor product) pair under the same
 * rule as the live query, with the competitor's latest observation in any currency. One transaction, so readers
 * see the old set or the new one.
 */
export function refreshComparablePrices(db: AppDatabase): number {
  return db.sqlite.transaction(() => {
    db.sqlite.prepare('DELETE FROM comparable_prices').run();
    const info = db.sqlite
      .prepare(
        `INSERT INTO comparable_prices (operator_transceiver_id, competitor_transceiver_id, comp_form_factor, comp_speed_gbps,
           comp_reach_meters, comp_reach_label, comp_fiber_type, comp_wavelengths, price, currency, observed_at)
         SELECT o.id, c.id, c.form_factor, c.speed_gbps, c.reach_meters, c.reach_label, c.fiber_type, c.wavelengths, l.price, l.currency, l.observed_at
         FROM transceivers o
         JOIN vendors ov ON ov.id = o.vendor_id AND ov.kind = 'operator'
         JOIN transceivers c ON ${MATCH_RULE}
         JOIN vendors cv ON cv.id = c.vendor_id AND cv.kind = 'competitor'
         JOIN (SELECT transceiver_id, price, currency, observed_at,
                      row_number() OVER (PARTITION BY transceiver_id ORDER BY observed_at DESC, id DESC) AS rn
               FROM price_observations) l ON l.transceiver_id = c.id AND l.rn = 1`,
      )
      .run();
    return info.changes;
  })();
}

export interface StoredComparableRow {
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

export function listStoredComparables(
  db: AppDatabase,
  operatorId: string | undefined,
  limit: number,
  offset: number,
): { total: number; rows: StoredComparableRow[] } {
  const where = operatorId === undefined ? '' : 'WHERE cp.operator_transceiver_id = @operatorId';
  const params = { operatorId: operatorId ?? null, limit, offset };
  const total = (db.sqlite.prepare(`SELECT count(*) AS n FROM comparable_prices cp ${where}`).get(params) as { n: number }).n;
  const rows = db.sqlite
    .prepare(
      `SELECT cp.operator_transceiver_id, o.slug AS operator_slug, cp.competitor_transceiver_id, c.slug AS competitor_slug,
              c.vendor_id AS competitor_vendor_id, c.part_number AS competitor_part_number, cp.comp_form_factor, cp.comp_speed_gbps,
              cp.comp_reach_meters, cp.comp_reach_label, cp.comp_fiber_type, cp.comp_wavelengths, cp.price, cp.currency, cp.observed_at
       FROM comparable_prices cp
       JOIN transceivers o ON o.id = cp.operator_transceiver_id
       JOIN transceivers c ON c.id = cp.competitor_transceiver_id
       ${where}
       ORDER BY o.slug, cp.currency, cp.price, c.slug
       LIMIT @limit OFFSET @offset`,
    )
    .all(params) as StoredComparableRow[];
  return { total, rows };
}
