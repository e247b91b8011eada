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
interface ComparableContext {
  id: string;
  form_factor: string;
  speed_gbps: number;
  fiber_type: string;
  wavelengths: string;
  reach_class: number | null;
  otherVendors: Record<VendorKind, string[]>;
  standardReaches: Array<{ name: string; reach_meters: number }>;
}

async function comparableContext(db: AppDatabase, transceiverId: string): Promise<ComparableContext | undefined> {
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

/** A product of the family, in part-number order, with whether the rest of the matching rule holds for it. */
interface FamilyRow {
  walk: number;
  id: string;
  vendor_id: string;
  part_number: string;
  matches: number;
}

/** How many of a family's products one walk reads per statement, in part-number order. */
const FAMILY_BATCH = 250;

/** A walk through one range of the family index: the priced products of every vendor, or one vendor's unpriced ones. */
interface FamilyWalk {
  hasPrice: 0 | 1;
  vendorId?: string;
  /** How many matching products the walk needs. */
  atMost: number;
  found: FamilyRow[];
  after?: FamilyRow;
  done: boolean;
}

/**
 * The next batch of every walk in one statement: each walk's range of the family index (same form factor, speed, fiber
 * type and wavelengths, with or without a price, of one vendor or all) after its last row, read alone (materialized,
 * so no planner trades the index's order for another index and a sort). The rule's other terms are only marked on the
 * rows: another vendor, and the same reach class unless either reach is absent.
 */
function familyBatches(me: ComparableContext, walks: ReadonlyArray<[number, FamilyWalk]>): RawBuilder<FamilyRow> {
  const others = VENDOR_KIND_ORDER.flatMap((kind) => me.otherVendors[kind]);
  const batch = ([i, w]: [number, FamilyWalk]) => {
    const ofVendor = w.vendorId === undefined ? sql`` : sql`AND c.vendor_id = ${w.vendorId}`;
    const past = w.after === undefined ? sql`` : sql`AND (c.part_number, c.id) > (${w.after.part_number}, ${w.after.id})`;
    return sql`${sql.raw(`w${i}`)} AS MATERIALIZED (
  SELECT ${sql.lit(i)} AS walk, c.id, c.vendor_id, c.part_number, c.reach_meters, c.standard FROM transceivers c
  WHERE c.form_factor = ${me.form_factor} AND c.speed_gbps = ${me.speed_gbps} AND c.fiber_type = ${me.fiber_type}
    AND c.wavelengths = ${me.wavelengths} AND c.has_price = ${w.hasPrice} ${ofVendor} ${past}
  ORDER BY c.part_number, c.id
  LIMIT ${FAMILY_BATCH})`;
  };
  const rows = walks.map(([i]) => sql`SELECT * FROM ${sql.raw(`w${i}`)}`);
  return sql<FamilyRow>`
WITH ${sql.join(walks.map(batch), sql`, `)}
SELECT c.walk, c.id, c.vendor_id, c.part_number,
       CASE WHEN c.id <> ${me.id} AND ${inList('c.vendor_id', others)} AND ${sameReachClass(me.reach_class, me.standardReaches)} THEN 1 ELSE 0 END AS matches
FROM (${sql.join(rows, sql` UNION ALL `)}) c
ORDER BY c.walk, c.part_number, c.id`;
}

/** Runs the walks batch by batch (all of them in one statement each time) until each has found enough or ended. */
async function walkFamily(db: AppDatabase, me: ComparableContext, walks: FamilyWalk[]): Promise<void> {
  for (;;) {
    const active = [...walks.entries()].filter(([, w]) => !w.done);
    if (active.length === 0) return;
    const { rows } = await familyBatches(me, active).execute(db.kysely);
    for (const [i, w] of active) {
      const read = rows.filter((r) => Number(r.walk) === i);
      w.found.push(...read.filter((r) => Number(r.matches) === 1));
      w.after = read.at(-1);
      w.done = read.length < FAMILY_BATCH || w.found.length >= w.atMost;
    }
  }
}

/**
 * The live comparables of one product: other vendors' products with the same form factor, speed, fiber type and
 * wavelengths (stored in one compact JSON spelling, so the texts compare), and the same reach class unless either
 * reach is absent (the rule of comparable-prices.repository.ts). Each match comes once per currency it was priced in
 * (its latest observation), or once with a null price; within a vendor kind, priced rows come first, by the converted
 * amount, then unpriced ones by part number.
 *
 * A product family may hold thousands of products, few of them priced, so they are never all read: the family index
 * (migrations 021) hands over the priced ones, and each other vendor's first `limit` unpriced ones in part-number
 * order (a vendor kind's first `limit` are among its vendors' first `limit`).
 */
export async function comparableProducts(db: AppDatabase, transceiverId: string, currency: Currency, limit = 200): Promise<ComparableRow[]> {
  const me = await comparableContext(db, transceiverId);
  if (me === undefined) return [];
  const walk = (hasPrice: 0 | 1, atMost: number, vendorId?: string): FamilyWalk => ({ hasPrice, vendorId, atMost, found: [], done: false });
  const priced = walk(1, Number.POSITIVE_INFINITY);
  const unpriced = VENDOR_KIND_ORDER.flatMap((kind) => me.otherVendors[kind]).map((vendorId) => walk(0, limit, vendorId));
  await walkFamily(db, me, [priced, ...unpriced]);
  const chosen = [priced, ...unpriced].flatMap((w) => w.found.slice(0, w.atMost).map((r) => r.id));
  if (chosen.length === 0) return [];
  const { rows } = await comparablesQuery(
    priced.found.map((r) => r.id),
    chosen,
    currency,
    limit,
  ).execute(db.kysely);
  return rows;
}

/** The comparables' rows for the chosen products, with the latest prices of the priced ones, in the listing order. */
function comparablesQuery(priced: readonly string[], chosen: readonly string[], currency: Currency, limit: number): RawBuilder<ComparableRow> {
  const pricedIds = priced.length === 0 ? sql`NULL` : sql.join(priced);
  return sql<ComparableRow>`
WITH ${conversionCtes(currency)},
latest AS (
  SELECT o.transceiver_id, o.price, o.currency, o.observed_at, o.source,
         row_number() OVER (PARTITION BY o.transceiver_id, o.currency ORDER BY o.observed_at DESC, o.id DESC) AS rn
  FROM price_observations o
  WHERE o.transceiver_id IN (${pricedIds})
)
SELECT t.id AS transceiver_id, t.slug, t.vendor_id, v.name AS vendor_name, v.kind AS vendor_kind, t.part_number, t.name,
       t.form_factor AS comp_form_factor, t.speed_gbps AS comp_speed_gbps, t.reach_meters AS comp_reach_meters,
       t.reach_label AS comp_reach_label, t.fiber_type AS comp_fiber_type, t.wavelengths AS comp_wavelengths,
       ${REACH_CLASS} AS comp_reach_class, p.price, p.currency, p.observed_at, p.source AS price_source,
       ${conversionColumns('p')}
FROM transceivers t
JOIN vendors v ON v.id = t.vendor_id
LEFT JOIN standards s ON s.name = t.standard
LEFT JOIN latest p ON p.transceiver_id = t.id AND p.rn = 1
LEFT JOIN conversion cv ON cv.from_currency = p.currency
WHERE t.id IN (${sql.join(chosen)})
ORDER BY CASE v.kind ${sql.join(
    VENDOR_KIND_ORDER.map((kind, i) => sql`WHEN ${sql.lit(kind)} THEN ${sql.lit(i)}`),
    sql` `,
  )} END,
         CASE WHEN p.price IS NULL THEN 1 ELSE 0 END, converted_amount NULLS LAST, p.currency, p.price, t.part_number, t.id
LIMIT ${limit}`;
}
