import type { AppDatabase } from '../../../db/database.js';
import { asRowViewer, readAsRowViewer } from '../../../db/row-viewer.js';
import type { CatalogueTables } from '../../../db/tables/catalogue.tables.js';
import { LAST_IMPORT_SETTING } from '../../seed/index.js';
import type { NewObservationRow } from '../prices/prices.repository.js';
import { observationStored } from '../prices/market-intake.repository.js';
import { intakeMarketRecord } from '../prices/market-intake.service.js';
import type { AlertRules } from '../prices/market-intake.rules.js';
import { inSlices, ROWS_PER_INSERT } from '../../../db/statement-slices.js';
import { changingUpdates } from './import.unchanged.repository.js';
import { eventLoopTurns } from '../../../event-loop-turns.js';

export type SqlValue = string | number | null;

export interface ProductRef {
  id: string;
  slug: string;
  vendor_id: string;
  part_number: string;
  speed_gbps: number;
}

export interface SwitchRef {
  id: string;
  slug: string;
  vendor_id: string;
  model: string;
}

/** Everything an import checks rows against, read once before validation. */
export interface ImportLookups {
  vendors: Set<string>;
  formFactors: Map<string, string>;
  standards: Map<string, string>;
  products: { bySlug: Map<string, ProductRef>; byId: Map<string, ProductRef>; byVendorPart: Map<string, ProductRef>; byPart: Map<string, ProductRef[]> };
  switches: { bySlug: Map<string, SwitchRef>; byId: Map<string, SwitchRef>; byVendorModel: Map<string, SwitchRef> };
  demandSkus: Set<string>;
}

export const pairKey = (a: string, b: string) => `${a}\u0000${b}`;

const catalogue = (db: AppDatabase) => db.kysely.withTables<CatalogueTables>();

/** Products read per statement when an import loads the catalogue's keys. */
const LOOKUP_PAGE = 5_000;

export async function loadImportLookups(db: AppDatabase, kind: string): Promise<ImportLookups> {
  const k = catalogue(db);
  const lowerMap = (names: Array<{ name: string }>) => new Map(names.map((r) => [r.name.toLowerCase(), r.name]));
  const lookups: ImportLookups = {
    vendors: new Set((await k.selectFrom('vendors').select('id').execute()).map((r) => r.id)),
    formFactors: lowerMap(await k.selectFrom('form_factors').select('name').execute()),
    standards: lowerMap(await k.selectFrom('standards').select('name').execute()),
    products: { bySlug: new Map(), byId: new Map(), byVendorPart: new Map(), byPart: new Map() },
    switches: { bySlug: new Map(), byId: new Map(), byVendorModel: new Map() },
    demandSkus: new Set(),
  };
  if (kind !== 'switches') {
    // Every product's keys, a page at a time in id order: one statement for the whole catalogue would hold the event loop.
    const turn = eventLoopTurns();
    for (let after: string | undefined; ;) {
      await turn();
      let page = k.selectFrom('transceivers').select(['id', 'slug', 'vendor_id', 'part_number', 'speed_gbps']).orderBy('id').limit(LOOKUP_PAGE);
      if (after !== undefined) page = page.where('id', '>', after);
      const products = await page.execute();
      for (const p of products) addProduct(lookups, p);
      if (products.length < LOOKUP_PAGE) break;
      after = products[products.length - 1]!.id;
    }
  } else {
    for (const s of await k.selectFrom('switches').select(['id', 'slug', 'vendor_id', 'model']).execute()) addSwitch(lookups, s);
  }
  if (kind === 'demand') {
    // An import writes every row, internal ones included: it needs their keys whatever the row-level security shows.
    const skus = await readAsRowViewer(db, 'service', (tx) => catalogue(tx).selectFrom('internal_demand').select('sku').execute());
    for (const r of skus) lookups.demandSkus.add(r.sku);
  }
  return lookups;
}

export function addProduct(lookups: ImportLookups, p: ProductRef): void {
  const { bySlug, byId, byVendorPart, byPart } = lookups.products;
  bySlug.set(p.slug, p);
  byId.set(p.id, p);
  byVendorPart.set(pairKey(p.vendor_id, p.part_number), p);
  const list = byPart.get(p.part_number.toLowerCase()) ?? [];
  list.push(p);
  byPart.set(p.part_number.toLowerCase(), list);
}

export function addSwitch(lookups: ImportLookups, s: SwitchRef): void {
  lookups.switches.bySlug.set(s.slug, s);
  lookups.switches.byId.set(s.id, s);
  lookups.switches.byVendorModel.set(pairKey(s.vendor_id, s.model), s);
}

export interface PortGroupWrite {
  port_count: number;
  form_factor: string;
  speeds_gbps: number[];
  role: string | null;
}

/** One validated change. Table and column names come from code, never from the imported data. */
export type PlannedWrite =
  | {
      op: 'insert' | 'update';
      table: 'transceivers' | 'switches' | 'internal_demand';
      keyColumn: 'id' | 'sku';
      key: string;
      values: Record<string, SqlValue>;
      /** Columns an update writes only when it changes a value (the row's updated_at). */
      stamp?: Record<string, SqlValue>;
      portGroups?: PortGroupWrite[];
    }
  | { op: 'price'; observation: NewObservationRow };

export interface WriteCounts {
  inserted: number;
  updated: number;
  unchanged: number;
}

type RecordWrite = Exclude<PlannedWrite, { op: 'price' }>;

/** Consecutive writes of the same kind (price, or insert/update of one table), at most ROWS_PER_INSERT each. */
function* batches(writes: PlannedWrite[]): Generator<PlannedWrite[]> {
  let batch: PlannedWrite[] = [];
  const kindOf = (w: PlannedWrite) => (w.op === 'price' ? 'price' : `${w.op}:${w.table}`);
  for (const w of writes) {
    if (batch.length === ROWS_PER_INSERT || (batch.length > 0 && kindOf(batch[0]!) !== kindOf(w))) {
      yield batch;
      batch = [];
    }
    batch.push(w);
  }
  if (batch.length > 0) yield batch;
}

/** Multi-row inserts of one table; rows naming different columns (an optional field left out) go in separate statements. */
async function insertRows(tx: AppDatabase, table: RecordWrite['table'], rows: Array<Record<string, SqlValue>>): Promise<void> {
  const byColumns = new Map<string, Array<Record<string, SqlValue>>>();
  for (const row of rows) {
    const columns = Object.keys(row).join(',');
    const group = byColumns.get(columns);
    if (group) group.push(row);
    else byColumns.set(columns, [row]);
  }
  for (const group of byColumns.values())
    await catalogue(tx)
      .insertInto(table)
      .values(group as never)
      .execute();
}

async function replacePortGroups(tx: AppDatabase, writes: RecordWrite[]): Promise<void> {
  const switches = writes.filter((w) => w.portGroups !== undefined);
  if (switches.length === 0) return;
  await catalogue(tx)
    .deleteFrom('switch_port_groups')
    .where(
      'switch_id',
      'in',
      switches.map((w) => w.key),
    )
    .execute();
  const rows = switches.flatMap((w) =>
    w.portGroups!.map((g) => ({
      switch_id: w.key,
      port_count: g.port_count,
      form_factor: g.form_factor,
      speeds_gbps: JSON.stringify(g.speeds_gbps),
      max_speed_gbps: Math.max(...g.speeds_gbps),
      role: g.role,
    })),
  );
  for (const slice of inSlices(rows, ROWS_PER_INSERT)) await catalogue(tx).insertInto('switch_port_groups').values(slice).execute();
}

async function applyBatch(tx: AppDatabase, batch: PlannedWrite[], rules: AlertRules, counts: WriteCounts, turn: () => Promise<void>): Promise<void> {
  const first = batch[0]!;
  if (first.op === 'price') {
    for (const w of batch as Array<Extract<PlannedWrite, { op: 'price' }>>) {
      await turn();
      if (await observationStored(tx, w.observation)) counts.unchanged += 1;
      else {
        await intakeMarketRecord(tx, rules, { kind: 'observation', observation: w.observation });
        counts.inserted += 1;
      }
    }
    return;
  }
  let records = batch as RecordWrite[];
  if (first.op === 'insert') {
    await insertRows(
      tx,
      first.table,
      records.map((w) => w.values),
    );
    counts.inserted += records.length;
  } else {
    const changing = await changingUpdates(tx, records);
    for (const w of changing) {
      await turn();
      await catalogue(tx)
        .updateTable(w.table)
        .set({ ...w.values, ...w.stamp })
        .where(w.keyColumn, '=', w.key)
        .execute();
    }
    counts.updated += changing.length;
    counts.unchanged += records.length - changing.length;
    records = changing;
    if (records.length === 0) return;
  }
  if (first.table === 'transceivers') {
    const change = first.op === 'insert' ? 'created' : 'updated';
    await intakeMarketRecord(tx, rules, { kind: 'products', transceiverIds: records.map((w) => w.key), change });
  }
  await replacePortGroups(tx, records);
}

/**
 * Applies every planned change in one transaction: all or nothing, on either engine (a process killed halfway
 * leaves the catalogue as it was). New records go in multi-row inserts of up to ROWS_PER_INSERT. Prices and transceiver
 * records go through the market intake like POST /api/prices, so price changes and competitor alerts are recorded;
 * an observation already stored verbatim, and an update that would change nothing, are left alone and counted as
 * unchanged (re-importing a file is harmless). When `signal` aborts, the next step throws its reason and nothing is
 * written.
 */
export async function applyImport(
  db: AppDatabase,
  writes: PlannedWrite[],
  rules: AlertRules,
  onProgress?: (done: number) => void,
  nowMs = Date.now(),
  signal?: AbortSignal,
): Promise<WriteCounts> {
  const counts: WriteCounts = { inserted: 0, updated: 0, unchanged: 0 };
  await asRowViewer(db, 'service', async (tx) => {
    let done = 0;
    // One transaction, but not one hold of the event loop: requests are answered between its statements.
    const turn = eventLoopTurns(undefined, signal);
    for (const batch of batches(writes)) {
      await turn();
      await applyBatch(tx, batch, rules, counts, turn);
      done += batch.length;
      onProgress?.(done);
    }
    if (counts.inserted + counts.updated > 0) {
      const at = new Date(nowMs).toISOString();
      await catalogue(tx)
        .insertInto('app_settings')
        .values({ key: LAST_IMPORT_SETTING, value: at, updated_at: at })
        .onConflict((oc) => oc.column('key').doUpdateSet((eb) => ({ value: eb.ref('excluded.value'), updated_at: eb.ref('excluded.updated_at') })))
        .execute();
    }
  });
  return counts;
}

const IMPORT_TABLES = [
  'transceivers',
  'switches',
  'switch_port_groups',
  'price_observations',
  'price_changes',
  'competitor_alerts',
  'internal_demand',
] as const;

/** Row counts of the tables an import can change, to prove that a refused import changed nothing. */
export async function importTableCounts(db: AppDatabase): Promise<Record<string, number>> {
  return readAsRowViewer(db, 'service', async (tx) => {
    const counts: Record<string, number> = {};
    for (const table of IMPORT_TABLES) {
      const row = await catalogue(tx)
        .selectFrom(table)
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow();
      counts[table] = Number(row.n);
    }
    return counts;
  });
}
