import { type ExpressionBuilder, sql } from 'kysely';
import type { AppDatabase } from '../../db/database.js';
import type { CatalogueTables } from '../../db/tables/catalogue.tables.js';
import type { RequestViewer } from '../auth/index.js';
import { visibleDemand } from '../catalogue/index.js';
import type { ForecastTables, GenerationRow, ModelRow, RegionRow, ShipmentRow, TechnologyRow } from '../../db/tables/forecast.tables.js';

/** The forecast's own tables, and the catalogue's, whose products and prices feed the technology factors. */
type ReadTables = ForecastTables & CatalogueTables;

export interface ForecastDataset {
  version: string;
  hash: string;
  technologies: TechnologyRow[];
  shipments: ShipmentRow[];
  generations: GenerationRow[];
  regions: RegionRow[];
  models: ModelRow[];
}

/** Which transceivers of the catalogue belong to a technology (technologies.catalogue_match). */
export interface CatalogueMatch {
  speed_gbps?: number;
  wdm_type?: string;
  exclude_wdm_type?: string;
  name_patterns?: string[];
}

const k = (db: AppDatabase) => db.kysely.withTables<ReadTables>();

export async function loadedDatasetHash(db: AppDatabase): Promise<string | undefined> {
  const row = await k(db).selectFrom('technology_dataset').select('hash').where('id', '=', 1).executeTakeFirst();
  return row?.hash;
}

/** Replaces the whole data set in one transaction (children are removed through ON DELETE CASCADE). */
export function replaceDataset(db: AppDatabase, data: ForecastDataset, loadedAt: string): void {
  const insert = (table: string, row: Record<string, unknown>) => {
    const columns = Object.keys(row);
    db.sqlite.prepare(`INSERT INTO ${table} (${columns.join(', ')}) VALUES (${columns.map(() => '?').join(', ')})`).run(...columns.map((c) => row[c]));
  };
  db.sqlite.transaction(() => {
    db.sqlite.prepare('DELETE FROM technology_generations').run();
    db.sqlite.prepare('DELETE FROM technology_regions').run();
    db.sqlite.prepare('DELETE FROM technologies').run();
    for (const row of data.technologies) insert('technologies', row);
    for (const row of data.shipments) insert('technology_shipments', row);
    for (const row of data.generations) insert('technology_generations', row);
    for (const row of data.regions) insert('technology_regions', row);
    for (const row of data.models) insert('technology_models', row);
    db.sqlite
      .prepare(
        'INSERT INTO technology_dataset (id, version, hash, loaded_at) VALUES (1, ?, ?, ?) ON CONFLICT (id) DO UPDATE SET version = excluded.version, hash = excluded.hash, loaded_at = excluded.loaded_at',
      )
      .run(data.version, data.hash, loadedAt);
  })();
}

export interface StoredDataset {
  technologies: TechnologyRow[];
  shipments: ShipmentRow[];
  generations: GenerationRow[];
  regions: RegionRow[];
  models: ModelRow[];
}

export async function readDataset(db: AppDatabase): Promise<StoredDataset> {
  const [technologies, shipments, generations, regions, models] = await Promise.all([
    k(db).selectFrom('technologies').selectAll().orderBy('display_order').execute(),
    k(db).selectFrom('technology_shipments').selectAll().orderBy('technology').orderBy('year').execute(),
    k(db).selectFrom('technology_generations').selectAll().orderBy('lineage').orderBy('predecessor').execute(),
    k(db).selectFrom('technology_regions').selectAll().orderBy('display_order').execute(),
    k(db).selectFrom('technology_models').selectAll().execute(),
  ]);
  return { technologies, shipments, generations, regions, models };
}

function matching(match: CatalogueMatch) {
  return (eb: ExpressionBuilder<ReadTables, 'transceivers'>) => {
    const conditions = [];
    if (match.speed_gbps !== undefined) conditions.push(eb('transceivers.speed_gbps', '=', match.speed_gbps));
    if (match.wdm_type !== undefined) conditions.push(eb('transceivers.wdm_type', '=', match.wdm_type));
    if (match.exclude_wdm_type !== undefined) conditions.push(eb('transceivers.wdm_type', '<>', match.exclude_wdm_type));
    const patterns = match.name_patterns ?? [];
    if (patterns.length > 0) {
      conditions.push(eb.or(patterns.flatMap((p) => [eb('transceivers.name', 'like', p), eb('transceivers.standard', 'like', p)])));
    }
    return eb.and(conditions);
  };
}

export interface PriceObservation {
  transceiver_id: string;
  vendor_id: string;
  currency: string;
  price: number;
  observed_at: string;
}

export async function priceObservationsFor(db: AppDatabase, match: CatalogueMatch, sinceIso: string): Promise<PriceObservation[]> {
  return k(db)
    .selectFrom('price_observations')
    .innerJoin('transceivers', 'transceivers.id', 'price_observations.transceiver_id')
    .select([
      'price_observations.transceiver_id',
      'price_observations.vendor_id',
      'price_observations.currency',
      'price_observations.price',
      'price_observations.observed_at',
    ])
    .where(matching(match))
    .where('price_observations.observed_at', '>=', sinceIso)
    .orderBy('price_observations.observed_at')
    .execute();
}

export interface VendorActivity {
  vendor_id: string;
  products: number;
  /** Products whose catalogue record was created at or after the cut-off. */
  recent_products: number;
  first_created: string;
}

export async function vendorActivityFor(db: AppDatabase, match: CatalogueMatch, recentSinceIso: string): Promise<VendorActivity[]> {
  const rows = await k(db)
    .selectFrom('transceivers')
    .select((eb) => [
      'transceivers.vendor_id',
      eb.fn.countAll<number>().as('products'),
      sql<number>`sum(case when transceivers.created_at >= ${recentSinceIso} then 1 else 0 end)`.as('recent_products'),
      eb.fn.min('transceivers.created_at').as('first_created'),
    ])
    .where(matching(match))
    .groupBy('transceivers.vendor_id')
    .execute();
  return rows.map((r) => ({
    vendor_id: r.vendor_id,
    products: Number(r.products),
    recent_products: Number(r.recent_products),
    first_created: String(r.first_created),
  }));
}

export async function countTransceiverVendors(db: AppDatabase): Promise<number> {
  const row = await k(db)
    .selectFrom('transceivers')
    .select(sql<number>`count(distinct transceivers.vendor_id)`.as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export interface DemandTotals {
  skus: number;
  run_rate_30d: number;
  run_rate_90d: number;
  run_rate_365d: number;
  units_12m: number;
}

/**
 * Run-rates of the internal SKUs that belong to a technology: cross-referenced to a matching catalogue transceiver,
 * or (for SKUs without a cross-reference) of the technology's speed. Row-level security comes with visibleDemand:
 * is_internal rows only for an authenticated viewer.
 */
export async function demandTotalsFor(db: AppDatabase, match: CatalogueMatch, viewer: RequestViewer): Promise<DemandTotals> {
  const query = visibleDemand(k(db), viewer)
    .select((eb) => [
      eb.fn.countAll<number>().as('skus'),
      sql<number>`coalesce(sum(internal_demand.run_rate_30d), 0)`.as('run_rate_30d'),
      sql<number>`coalesce(sum(internal_demand.run_rate_90d), 0)`.as('run_rate_90d'),
      sql<number>`coalesce(sum(internal_demand.run_rate_365d), 0)`.as('run_rate_365d'),
      sql<number>`coalesce(sum(internal_demand.units_12m), 0)`.as('units_12m'),
    ])
    .where('internal_demand.has_demand_data', '=', 1)
    .where((eb) => {
      const linked = eb('internal_demand.transceiver_id', 'in', eb.selectFrom('transceivers').select('transceivers.id').where(matching(match)));
      if (match.speed_gbps === undefined || (match.name_patterns ?? []).length > 0 || match.wdm_type !== undefined) return linked;
      return eb.or([linked, eb.and([eb('internal_demand.transceiver_id', 'is', null), eb('internal_demand.speed_gbps', '=', match.speed_gbps)])]);
    });
  const row = await query.executeTakeFirstOrThrow();
  return {
    skus: Number(row.skus),
    run_rate_30d: Number(row.run_rate_30d),
    run_rate_90d: Number(row.run_rate_90d),
    run_rate_365d: Number(row.run_rate_365d),
    units_12m: Number(row.units_12m),
  };
}
