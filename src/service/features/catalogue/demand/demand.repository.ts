import { type Kysely, type Selectable, type SelectQueryBuilder, sql } from 'kysely';
import type { AppDatabase } from '../../../db/database.js';
import { readAsRowViewer } from '../../../db/row-viewer.js';
import type { CatalogueTables } from '../../../db/tables/catalogue.tables.js';
import type { InternalDemandTable } from '../../../db/tables/demand.tables.js';
import { type RequestViewer, requireViewer } from '../../auth/index.js';
import { runRateSum } from './demand.rules.js';

export type DemandRow = Selectable<InternalDemandTable>;

type DemandTables = Pick<CatalogueTables, 'internal_demand'>;

/**
 * Row-level security of internal demand: every read of internal_demand starts from this query, which leaves out
 * rows with is_internal = 1 unless the viewer was authenticated by the auth hook. Callers add their own columns and
 * conditions; they cannot remove this one. tests/integration/sales/demand-visibility.test.ts fails when any other source file
 * selects from internal_demand directly.
 */
export function visibleDemand<DB extends DemandTables>(kysely: Kysely<DB>, viewer: RequestViewer): SelectQueryBuilder<DB, 'internal_demand', object> {
  // The cast narrows the caller's database type to the one table read here and back; the SQL is the same.
  const base = (kysely as unknown as Kysely<DemandTables>).selectFrom('internal_demand');
  const query = requireViewer(viewer).authenticated ? base : base.where('internal_demand.is_internal', '=', 0);
  return query as unknown as SelectQueryBuilder<DB, 'internal_demand', object>;
}

/**
 * The database's own guard under visibleDemand's: every read of internal_demand runs in a transaction whose row
 * viewer is the request's, so on PostgreSQL the row-level security policies (migration 024) leave out internal rows
 * for an anonymous viewer even if a query lost the repository's condition.
 */
export async function readDemand<T>(db: AppDatabase, viewer: RequestViewer, fn: (tx: AppDatabase) => Promise<T>): Promise<T> {
  return readAsRowViewer(db, requireViewer(viewer).authenticated ? 'authenticated' : 'anonymous', fn);
}

const demand = (db: AppDatabase, viewer: RequestViewer) => visibleDemand(db.kysely.withTables<DemandTables>(), viewer);

export async function demandForTransceiver(db: AppDatabase, transceiverId: string, viewer: RequestViewer): Promise<DemandRow[]> {
  return readDemand(db, viewer, (tx) => demand(tx, viewer).selectAll().where('transceiver_id', '=', transceiverId).orderBy('sku').execute());
}

export async function countDemand(db: AppDatabase, viewer: RequestViewer): Promise<number> {
  const row = await readDemand(db, viewer, (tx) =>
    demand(tx, viewer)
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow(),
  );
  return Number(row.n);
}

/** Filters of the demand lists that SQL applies; speed in Gb/s as stored. */
export interface DemandRowFilter {
  speed_gbps?: number;
  form_factor?: string;
  velocity_class?: string;
  /** Part of the SKU or the description, any case. */
  text?: string;
}

/** All visible SKUs matching the filter (at most the ~8,600 of the data set; the service ranks and pages them). */
export async function demandRows(db: AppDatabase, viewer: RequestViewer, filter: DemandRowFilter): Promise<DemandRow[]> {
  return readDemand(db, viewer, (tx) => {
    let query = demand(tx, viewer).selectAll();
    if (filter.speed_gbps !== undefined) query = query.where('speed_gbps', '=', filter.speed_gbps);
    if (filter.form_factor !== undefined) query = query.where(tx.dialect.equalsIgnoringCase(sql.ref('form_factor'), filter.form_factor));
    if (filter.velocity_class !== undefined) query = query.where('velocity_class', '=', filter.velocity_class);
    // containsText keeps the user's % and _ literal characters.
    if (filter.text !== undefined) query = query.where(tx.dialect.containsText(sql<string>`sku || ' ' || description`, filter.text));
    return query.orderBy('sku').execute();
  });
}

/** Sums over a group of SKUs; run-rates and units count only SKUs with demand data (the others are NULL). */
export interface DemandGroupTotals {
  skus: number;
  skus_with_data: number;
  units_12m: number;
  run_rate_30d: number;
  run_rate_90d: number;
  run_rate_365d: number;
  stock_de: number;
}

const groupTotals = [
  sql<number>`count(*)`.as('skus'),
  sql<number>`coalesce(sum(has_demand_data), 0)`.as('skus_with_data'),
  sql<number>`coalesce(sum(units_12m), 0)`.as('units_12m'),
  sql<number>`coalesce(sum(run_rate_30d), 0)`.as('run_rate_30d'),
  sql<number>`coalesce(sum(run_rate_90d), 0)`.as('run_rate_90d'),
  sql<number>`coalesce(sum(run_rate_365d), 0)`.as('run_rate_365d'),
  sql<number>`coalesce(sum(stock_de), 0)`.as('stock_de'),
] as const;

const toTotals = (row: DemandGroupTotals): DemandGroupTotals => ({
  skus: Number(row.skus),
  skus_with_data: Number(row.skus_with_data),
  units_12m: Number(row.units_12m),
  run_rate_30d: runRateSum(row.run_rate_30d),
  run_rate_90d: runRateSum(row.run_rate_90d),
  run_rate_365d: runRateSum(row.run_rate_365d),
  stock_de: Number(row.stock_de),
});

export async function demandBySpeed(db: AppDatabase, viewer: RequestViewer): Promise<Array<DemandGroupTotals & { speed_gbps: number | null }>> {
  const rows = await readDemand(db, viewer, (tx) =>
    demand(tx, viewer)
      .select(['speed_gbps', ...groupTotals])
      .groupBy('speed_gbps')
      .orderBy(sql`speed_gbps NULLS LAST`)
      .execute(),
  );
  return rows.map((row) => ({ speed_gbps: row.speed_gbps, ...toTotals(row) }));
}

export async function demandByVelocity(db: AppDatabase, viewer: RequestViewer): Promise<Array<DemandGroupTotals & { velocity_class: string }>> {
  const rows = await readDemand(db, viewer, (tx) =>
    demand(tx, viewer)
      .select(['velocity_class', ...groupTotals])
      .groupBy('velocity_class')
      .execute(),
  );
  return rows.map((row) => ({ velocity_class: row.velocity_class, ...toTotals(row) }));
}
