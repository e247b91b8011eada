import type { Selectable } from 'kysely';
import type { AppDatabase } from '../../../db/database.js';
import type { CatalogueTables } from '../../../db/tables/catalogue.tables.js';
import type { InternalDemandTable } from '../../../db/tables/demand.tables.js';

export type DemandRow = Selectable<InternalDemandTable>;

export interface DemandVisibility {
  /**
   * Row-level security of internal demand records: rows with is_internal = 1 may only reach authenticated
   * callers. Every /api/* route is authenticated today and passes true; a future public path passes false, and
   * there is deliberately no default so that no caller can forget to decide.
   */
  includeInternal: boolean;
}

export async function demandForTransceiver(db: AppDatabase, transceiverId: string, visibility: DemandVisibility): Promise<DemandRow[]> {
  let query = db.kysely.withTables<CatalogueTables>().selectFrom('internal_demand').selectAll().where('transceiver_id', '=', transceiverId);
  if (!visibility.includeInternal) query = query.where('is_internal', '=', 0);
  return query.orderBy('sku').execute();
}

export async function countDemand(db: AppDatabase, visibility: DemandVisibility): Promise<number> {
  let query = db.kysely
    .withTables<CatalogueTables>()
    .selectFrom('internal_demand')
    .select((eb) => eb.fn.countAll<number>().as('n'));
  if (!visibility.includeInternal) query = query.where('is_internal', '=', 0);
  const row = await query.executeTakeFirstOrThrow();
  return Number(row.n);
}
