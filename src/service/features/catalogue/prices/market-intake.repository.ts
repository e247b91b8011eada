import type { Insertable, Selectable } from 'kysely';
import type { AppDatabase } from '../../../db/database.js';
import type { CatalogueTables, TransceiversTable } from '../../../db/tables/catalogue.tables.js';
import type { CompetitorAlertsTable } from '../../../db/tables/prices.tables.js';
import type { NewObservationRow } from './prices.repository.js';
import { inSlices, ROWS_PER_INSERT } from '../../../db/statement-slices.js';

export type NewAlertRow = Omit<Insertable<CompetitorAlertsTable>, 'id' | 'acknowledged'>;

export interface PreviousObservation {
  id: number;
  price: number;
  currency: string;
  in_stock: number | null;
  stock_qty: number | null;
}

export interface VendorFacts {
  id: string;
  name: string;
  kind: 'operator' | 'oem' | 'competitor';
}

/** The columns of the product an observation is about that the intake's rules read. */
export type ProductFacts = Pick<
  Selectable<TransceiversTable>,
  'id' | 'vendor_id' | 'part_number' | 'name' | 'form_factor' | 'speed_gbps' | 'standard' | 'created_at'
>;

const catalogue = (db: AppDatabase) => db.kysely.withTables<CatalogueTables>();

/**
 * The shop's latest observation of the product at or before `observedAt`, before the new one is inserted; with a
 * currency, only observations in that currency (a price is compared in its own currency, stock in any).
 */
export async function previousObservation(
  db: AppDatabase,
  key: { transceiver_id: string; vendor_id: string; observed_at: string; currency?: string },
): Promise<PreviousObservation | undefined> {
  let query = catalogue(db)
    .selectFrom('price_observations')
    .select(['id', 'price', 'currency', 'in_stock', 'stock_qty'])
    .where('transceiver_id', '=', key.transceiver_id)
    .where('vendor_id', '=', key.vendor_id)
    .where('observed_at', '<=', key.observed_at);
  if (key.currency !== undefined) query = query.where('currency', '=', key.currency);
  return query.orderBy('observed_at', 'desc').orderBy('id', 'desc').limit(1).executeTakeFirst();
}

/** True when exactly this observation (product, shop, currency, time and price) is stored already. */
export async function observationStored(db: AppDatabase, o: NewObservationRow): Promise<boolean> {
  const row = await catalogue(db)
    .selectFrom('price_observations')
    .select('id')
    .where('transceiver_id', '=', o.transceiver_id)
    .where('vendor_id', '=', o.vendor_id)
    .where('currency', '=', o.currency)
    .where('observed_at', '=', o.observed_at)
    .where('price', '=', o.price)
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

export async function vendorFacts(db: AppDatabase, vendorId: string): Promise<VendorFacts | undefined> {
  return catalogue(db).selectFrom('vendors').select(['id', 'name', 'kind']).where('id', '=', vendorId).executeTakeFirst();
}

export type MadeProductFacts = ProductFacts & { maker_name: string; maker_kind: VendorFacts['kind'] };

/** The products of these ids with their maker's name and kind, in no particular order. */
export async function productsWithMakers(db: AppDatabase, transceiverIds: readonly string[]): Promise<MadeProductFacts[]> {
  if (transceiverIds.length === 0) return [];
  return catalogue(db)
    .selectFrom('transceivers as t')
    .innerJoin('vendors as v', 'v.id', 't.vendor_id')
    .select(['t.id', 't.vendor_id', 't.part_number', 't.name', 't.form_factor', 't.speed_gbps', 't.standard', 't.created_at'])
    .select(['v.name as maker_name', 'v.kind as maker_kind'])
    .where('t.id', 'in', [...transceiverIds])
    .execute();
}

export async function productFacts(db: AppDatabase, transceiverId: string): Promise<ProductFacts | undefined> {
  return catalogue(db)
    .selectFrom('transceivers')
    .select(['id', 'vendor_id', 'part_number', 'name', 'form_factor', 'speed_gbps', 'standard', 'created_at'])
    .where('id', '=', transceiverId)
    .executeTakeFirst();
}

/**
 * Inserts one observation, nothing else. Only the market intake calls it, because every observation must also be
 * compared with the one before it (price changes, competitor alerts).
 */
export async function insertObservation(db: AppDatabase, obs: NewObservationRow): Promise<number> {
  const { transceiver_id, vendor_id, price, currency, observed_at, in_stock, stock_qty, source, url } = obs;
  const row = await catalogue(db)
    .insertInto('price_observations')
    .values({ transceiver_id, vendor_id, price, currency, observed_at, in_stock, stock_qty, source, url })
    .returning('id')
    .executeTakeFirstOrThrow();
  return Number(row.id);
}

export async function insertPriceChange(
  db: AppDatabase,
  row: { transceiver_id: string; vendor_id: string; currency: string; old_price: number; new_price: number; change_pct: number; changed_at: string },
): Promise<number> {
  const { transceiver_id, vendor_id, currency, old_price, new_price, change_pct, changed_at } = row;
  const inserted = await catalogue(db)
    .insertInto('price_changes')
    .values({ transceiver_id, vendor_id, currency, old_price, new_price, change_pct, changed_at })
    .returning('id')
    .executeTakeFirstOrThrow();
  return Number(inserted.id);
}

const ALERT_DEFAULTS = {
  transceiver_id: null,
  detail: null,
  currency: null,
  old_price: null,
  new_price: null,
  change_pct: null,
  old_in_stock: null,
  new_in_stock: null,
  observation_id: null,
} as const;

/** Inserts the alerts in multi-row statements and returns their ids in the order given. */
export async function insertAlerts(db: AppDatabase, rows: readonly NewAlertRow[]): Promise<number[]> {
  const ids: number[] = [];
  for (const slice of inSlices(rows, ROWS_PER_INSERT)) {
    const inserted = await catalogue(db)
      .insertInto('competitor_alerts')
      .values(slice.map((row) => ({ ...ALERT_DEFAULTS, ...row })))
      .returning('id')
      .execute();
    ids.push(...inserted.map((r) => Number(r.id)).sort((a, b) => a - b));
  }
  return ids;
}

export async function insertAlert(db: AppDatabase, row: NewAlertRow): Promise<number> {
  const [id] = await insertAlerts(db, [row]);
  return id!;
}
