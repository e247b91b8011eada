import { type RawBuilder, sql } from 'kysely';
import type { AppDatabase } from '../../../db/database.js';
import type { CatalogueTables } from '../../../db/tables/catalogue.tables.js';
import type { Currency } from '../../../../shared/vocabulary/catalogue.vocabulary.js';
import { reachClassBounds } from '../../../../shared/vocabulary/reach-class.vocabulary.js';
import { conversionCtes } from '../currency-rates/currency-rates.repository.js';
import { type ConversionColumns, conversionColumns, REACH_CLASS } from './comparables.sql.js';

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

/** Vendor kinds in the order comparables list them: competitors first, then the operator's own, then OEMs. */
const VENDOR_KIND_ORDER = ['competitor', 'operator', 'oem'] as const;
type VendorKind = (typeof VENDOR_KIND_ORDER)[number];

/**
 * What the matching rule needs to know beside the catalogue rows: the product's own values (its reach class as
 * REACH_CLASS works it out), the other vendors by kind, and the standards whose reach stands in for a product's own.
 */
export interface ComparableContext {
  id: string;
  form_factor: string;
  speed_gbps: number;
  fiber_type: string;
  wavelengths: string;
  reach_class: number | null;
  otherVendors: Record<VendorKind, string[]>;
  standardReaches: Array<{ name: string; reach_meters: number }>;
}

export async function comparableContext(db: AppDatabase, transceiverId: string): Promise<ComparableContext | undefined> {
  const { rows } = await sql<Omit<ComparableContext, 'otherVendors' | 'standardReaches'> & { vendor_id: string }>`
    SELECT t.id, t.vendor_id, t.form_factor, t.speed_gbps, t.fiber_type, t.wavelengths, ${REACH_CLASS} AS reach_class
    FROM transceivers t LEFT JOIN standards s ON s.name = t.standard WHERE t.id = ${transceiverId}`.execute(db.kysely);
  const me = rows[0];
  if (me === undefined) return undefined;
  const k = db.kysely.withTables<CatalogueTables>();
  const [vendors, standardReaches] = await Promise.all([
    k.selectFrom('vendors').select(['id', 'kind']).where('id', '<>', me.vendor_id).orderBy('id').execute(),
    k.selectFrom('standards').select(['name', 'reach_meters']).where('reach_meters', '>', 0).orderBy('name').execute(),
  ]);
  const otherVendors = Object.fromEntries(VENDOR_KIND_ORDER.map((kind) => [kind, vendors.filter((v) => v.kind === kind).map((v) => v.id)]));
  const { vendor_id: _own, ...key } = me;
  return { ...key, otherVendors: otherVendors as ComparableContext['otherVendors'], standardReaches: standardReaches as ComparableContext['standardReaches'] };
}

const inList = (column: string, values: readonly string[]) => (values.length === 0 ? sql`1 = 0` : sql`${sql.ref(column)} IN (${sql.join(values)})`);

/**
 * The reach half of the matching rule for row `c` against a product of reach class `index`: a row whose effective
 * reach (its own when above 0, else its standard's when above 0) lies in the class, or that has none. Said with the
 * row's own columns and lists of standards, so the planner can weigh it with the catalogue's statistics.
 */
function sameReachClass(index: number | null, standards: ComparableContext['standardReaches']): RawBuilder<unknown> {
  if (index === null) return sql`1 = 1`;
  const { aboveMeters, upToMeters } = reachClassBounds(index);
  const inClass = (m: number) => (aboveMeters === null || m > aboveMeters) && (upToMeters === null || m <= upToMeters);
  const ownInClass = [sql`c.reach_meters > 0`];
  if (aboveMeters !== null) ownInClass.push(sql`c.reach_meters > ${aboveMeters}`);
  if (upToMeters !== null) ownInClass.push(sql`c.reach_meters <= ${upToMeters}`);
  const withReach = standards.map((s) => s.name);
  const standardInClass = standards.filter((s) => inClass(s.reach_meters)).map((s) => s.name);
  return sql`((${sql.join(ownInClass, sql` AND `)}) OR ((c.reach_meters IS NULL OR c.reach_meters <= 0)
    AND (c.standard IS NULL OR NOT (${inList('c.standard', withReach)}) OR ${inList('c.standard', standardInClass)})))`;
}

/**
 * The live comparables of one product: other vendors' products with the same form factor, speed, fiber type and
 * wavelengths (stored in one compact JSON spelling, so the texts compare), and the same reach class unless either
 * reach is absent (the rule of comparable-prices.repository.ts). Each match comes once per currency it was priced in
 * (its latest observation), or once with a null price; within a vendor kind, priced rows come first, by the converted
 * amount, then unpriced ones by part number.
 *
 * A product family may hold thousands of matches, few of them priced, so the query never reads them all: the family
 * index (migrations 021) hands over the priced ones as one range, and per vendor kind the first `limit` unpriced ones
 * in part-number order.
 */
export async function comparableProducts(db: AppDatabase, transceiverId: string, currency: Currency, limit = 200): Promise<ComparableRow[]> {
  const me = await comparableContext(db, transceiverId);
  if (me === undefined) return [];
  const { rows } = await comparablesQuery(me, currency, limit).execute(db.kysely);
  return rows;
}

/** The statement of comparableProducts for a product whose context is known (exported so a benchmark can time it alone). */
export function comparablesQuery(me: ComparableContext, currency: Currency, limit: number): RawBuilder<ComparableRow> {
  const all = VENDOR_KIND_ORDER.flatMap((kind) => me.otherVendors[kind]);
  const unpricedOf = (kind: VendorKind) =>
    sql`SELECT * FROM (SELECT c.id FROM matched c WHERE c.has_price = 0 AND ${inList('c.vendor_id', me.otherVendors[kind])}
      ORDER BY c.part_number, c.id LIMIT ${limit}) u`;
  return sql<ComparableRow>`
WITH matched AS NOT MATERIALIZED (
  SELECT c.id, c.vendor_id, c.part_number, c.has_price FROM transceivers c
  WHERE c.form_factor = ${me.form_factor} AND c.speed_gbps = ${me.speed_gbps} AND c.fiber_type = ${me.fiber_type}
    AND c.wavelengths = ${me.wavelengths} AND c.id <> ${me.id} AND ${sameReachClass(me.reach_class, me.standardReaches)}
),
priced AS MATERIALIZED (SELECT c.id FROM matched c WHERE c.has_price = 1 AND ${inList('c.vendor_id', all)}),
unpriced AS MATERIALIZED (${sql.join(VENDOR_KIND_ORDER.map(unpricedOf), sql` UNION ALL `)}),
${conversionCtes(currency)},
latest AS (
  SELECT o.transceiver_id, o.price, o.currency, o.observed_at, o.source,
         row_number() OVER (PARTITION BY o.transceiver_id, o.currency ORDER BY o.observed_at DESC, o.id DESC) AS rn
  FROM price_observations o
  WHERE o.transceiver_id IN (SELECT id FROM priced)
)
SELECT t.id AS transceiver_id, t.slug, t.vendor_id, v.name AS vendor_name, v.kind AS vendor_kind, t.part_number, t.name,
       t.form_factor AS comp_form_factor, t.speed_gbps AS comp_speed_gbps, t.reach_meters AS comp_reach_meters,
       t.reach_label AS comp_reach_label, t.fiber_type AS comp_fiber_type, t.wavelengths AS comp_wavelengths,
       ${REACH_CLASS} AS comp_reach_class, p.price, p.currency, p.observed_at, p.source AS price_source,
       ${conversionColumns('p')}
FROM (SELECT id FROM priced UNION ALL SELECT id FROM unpriced) m
JOIN transceivers t ON t.id = m.id
JOIN vendors v ON v.id = t.vendor_id
LEFT JOIN standards s ON s.name = t.standard
LEFT JOIN latest p ON p.transceiver_id = t.id AND p.rn = 1
LEFT JOIN conversion cv ON cv.from_currency = p.currency
ORDER BY CASE v.kind ${sql.join(
    VENDOR_KIND_ORDER.map((kind, i) => sql`WHEN ${sql.lit(kind)} THEN ${sql.lit(i)}`),
    sql` `,
  )} END,
         CASE WHEN p.price IS NULL THEN 1 ELSE 0 END, converted_amount NULLS LAST, p.currency, p.price, t.part_number, t.id
LIMIT ${limit}`;
}
