import type { AppDatabase } from '../../../db/database.js';
import type { CatalogueTables } from '../../../db/tables/catalogue.tables.js';
import type { AlertKind, AlertSeverity } from '../../../../shared/api/sales/competitor-alerts.schemas.js';

export interface AlertFilter {
  vendor?: string;
  kind?: AlertKind;
  speedGbps?: number;
  severity?: AlertSeverity;
  /** Inclusive lower bound, ISO-8601. */
  fromIso?: string;
  /** Exclusive upper bound, ISO-8601. */
  beforeIso?: string;
}

/** Competitor alerts (catalogue/prices owns the table; read here through its declaration), newest first. */
export async function listAlerts(db: AppDatabase, filter: AlertFilter, limit: number, offset: number) {
  const k = db.kysely.withTables<CatalogueTables>();
  let base = k.selectFrom('competitor_alerts as a').innerJoin('vendors as v', 'v.id', 'a.vendor_id').leftJoin('transceivers as t', 't.id', 'a.transceiver_id');
  if (filter.vendor !== undefined) base = base.where('a.vendor_id', '=', filter.vendor);
  if (filter.kind !== undefined) base = base.where('a.kind', '=', filter.kind);
  if (filter.severity !== undefined) base = base.where('a.severity', '=', filter.severity);
  if (filter.speedGbps !== undefined) base = base.where('t.speed_gbps', '=', filter.speedGbps);
  if (filter.fromIso !== undefined) base = base.where('a.created_at', '>=', filter.fromIso);
  if (filter.beforeIso !== undefined) base = base.where('a.created_at', '<', filter.beforeIso);
  const counted = await base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
  const rows = await base
    .select([
      'a.id',
      'a.kind',
      'a.severity',
      'a.created_at',
      'a.title',
      'a.detail',
      'a.acknowledged',
      'a.vendor_id',
      'v.name as vendor_name',
      'v.is_demo as vendor_is_demo',
      'a.transceiver_id',
      't.slug',
      't.part_number',
      't.name',
      't.form_factor',
      't.speed_gbps',
      'a.currency',
      'a.old_price',
      'a.new_price',
      'a.change_pct',
      'a.old_in_stock',
      'a.new_in_stock',
      'a.observation_id',
    ])
    .orderBy('a.created_at', 'desc')
    .orderBy('a.id', 'desc')
    .limit(limit)
    .offset(offset)
    .execute();
  return { total: Number(counted.n), rows };
}

export type AlertRow = Awaited<ReturnType<typeof listAlerts>>['rows'][number];
