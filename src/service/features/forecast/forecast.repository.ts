import { type ExpressionBuilder, sql } from 'kysely';
import type { AppDatabase } from '../../db/database.js';
import type { CatalogueTables } from '../../db/tables/catalogue.tables.js';
import type { RequestViewer } from '../auth/index.js';
import { readDemand, runRateSum, visibleDemand } from '../catalogue/index.js';
import type { ForecastTables, GenerationRow, ModelRow, RegionRow, ShipmentRow, TechnologyRow } from '../../db/tables/forecast.tables.js';
import { inSlices, ROWS_PER_INSERT } from '../../db/statement-slices.js';

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
export async function replaceDataset(db: AppDatabase, data: ForecastDataset, loadedAt: string): Promise<void> {
  await db.transaction(async (tx) => {
    const f = tx.kysely.withTables<ForecastTables>();
    await f.deleteFrom('technology_generations').execute();
    await f.deleteFrom('technology_regions').execute();
    await f.deleteFrom('technologies').execute();
    for (const part of inSlices(data.technologies, ROWS_PER_INSERT)) await f.insertInto('technologies').values(part).execute();
    for (const part of inSlices(data.shipments, ROWS_PER_INSERT)) await f.insertInto('technology_shipments').values(part).execute();
    for (const part of inSlices(data.generations, ROWS_PER_INSERT)) await f.insertInto('technology_generations').values(part).execute();
    for (const part of inSlices(data.regions, ROWS_PER_INSERT)) await f.insertInto('technology_regions').values(part).execute();
    for (const part of inSlices(data.models, ROWS_PER_INSERT)) await f.insertInto('technology_models').values(part).execute();
    await f
      .insertInto('technology_dataset')
      .values({ id: 1, version: data.version, hash: data.hash, loaded_at: loadedAt })
      .onConflict((oc) => oc.column('id').doUpdateSet({ version: data.version, hash: data.hash, loaded_at: loadedAt }))
      .execute();
  });
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

function matching(db: AppDatabase, match: CatalogueMatch) {
  return (eb: ExpressionBuilder<ReadTables, 'transceivers'>) => {
    const conditions = [];
    if (match.speed_gbps !== undefined) conditions.push(eb('transceivers.speed_gbps', '=', match.speed_gbps));
    if (match.wdm_type !== undefined) conditions.push(eb('transceivers.wdm_type', '=', match.wdm_type));
    if (match.exclude_wdm_type !== undefined) conditions.push(eb('transceivers.wdm_type', '<>', match.exclude_wdm_type));
    const patterns = match.name_patterns ?? [];
    if (patterns.length > 0) {
      // The patterns are written in any case ("%co-packaged%" finds "Co-Packaged Optics").
      const like = (column: 'transceivers.name' | 'transceivers.standard', p: string) => db.dialect.likeIgnoringCase(eb.ref(column), p);
      conditions.push(eb.or(patterns.flatMap((p) => [like('transceivers.name', p), like('transceivers.standard', p)])));
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
  /** Where the price came from; the seed data set's source marks a generated demo price. */
  source: string;
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
      'price_observations.source',
    ])
    .where(matching(db, match))
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
    .where(matching(db, match))
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
 * or (for SKUs without a cross-reference) of the technology's speed. Row-level security comes with visibleDemand
 * and readDemand (on PostgreSQL the database's policies too): is_internal rows only for an authenticated viewer.
 */
export async function demandTotalsFor(db: AppDatabase, match: CatalogueMatch, viewer: RequestViewer): Promise<DemandTotals> {
  const query = (tx: AppDatabase) =>
    visibleDemand(k(tx), viewer)
      .select((eb) => [
        eb.fn.countAll<number>().as('skus'),
        sql<number>`coalesce(sum(internal_demand.run_rate_30d), 0)`.as('run_rate_30d'),
        sql<number>`coalesce(sum(internal_demand.run_rate_90d), 0)`.as('run_rate_90d'),
        sql<number>`coalesce(sum(internal_demand.run_rate_365d), 0)`.as('run_rate_365d'),
        sql<number>`coalesce(sum(internal_demand.units_12m), 0)`.as('units_12m'),
      ])
      .where('internal_demand.has_demand_data', '=', 1)
      .where((eb) => {
        const linked = eb('internal_demand.transceiver_id', 'in', eb.selectFrom('transceivers').select('transceivers.id').where(matching(tx, match)));
        if (match.speed_gbps === undefined || (match.name_patterns ?? []).length > 0 || match.wdm_type !== undefined) return linked;
        return eb.or([linked, eb.and([eb('internal_demand.transceiver_id', 'is', null), eb('internal_demand.speed_gbps', '=', match.speed_gbps)])]);
      });
  const row = await readDemand(db, viewer, (tx) => query(tx).executeTakeFirstOrThrow());
  return {
    skus: Number(row.skus),
    run_rate_30d: runRateSum(row.run_rate_30d),
    run_rate_90d: runRateSum(row.run_rate_90d),
    run_rate_365d: runRateSum(row.run_rate_365d),
    units_12m: Number(row.units_12m),
  };
}
