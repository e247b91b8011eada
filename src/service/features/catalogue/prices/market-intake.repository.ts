import type { Insertable, Selectable } from 'kysely';
import type { AppDatabase } from '../../../db/database.js';
import type { TransceiversTable } from '../../../db/tables/catalogue.tables.js';
import type { CompetitorAlertsTable } from '../../../db/tables/prices.tables.js';

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

/**
 * The shop's latest observation of the product at or before `observedAt`, before the new one is inserted; with a
 * currency, only observations in that currency (a price is compared in its own currency, stock in any).
 */
export function previousObservation(
  db: AppDatabase,
  key: { transceiver_id: string; vendor_id: string; observed_at: string; currency?: string },
): PreviousObservation | undefined {
  const byCurrency = key.currency !== undefined;
  return db.sqlite
    .prepare(
      `SELECT id, price, currency, in_stock, stock_qty FROM price_observations
       WHERE transceiver_id = ? AND vendor_id = ? AND observed_at <= ? ${byCurrency ? 'AND currency = ?' : ''}
       ORDER BY observed_at DESC, id DESC LIMIT 1`,
    )
    .get(...[key.transceiver_id, key.vendor_id, key.observed_at, ...(byCurrency ? [key.currency] : [])]) as PreviousObservation | undefined;
}

export function vendorFacts(db: AppDatabase, vendorId: string): VendorFacts | undefined {
  return db.sqlite.prepare('SELECT id, name, kind FROM vendors WHERE id = ?').get(vendorId) as VendorFacts | undefined;
}

export function productFacts(db: AppDatabase, transceiverId: string): ProductFacts | undefined {
  return db.sqlite
    .prepare('SELECT id, vendor_id, part_number, name, form_factor, speed_gbps, standard, created_at FROM transceivers WHERE id = ?')
    .get(transceiverId) as ProductFacts | undefined;
}

export function insertPriceChange(
  db: AppDatabase,
  row: { transceiver_id: string; vendor_id: string; currency: string; old_price: number; new_price: number; change_pct: number; changed_at: string },
): number {
  const info = db.sqlite
    .prepare(
      `INSERT INTO price_changes (transceiver_id, vendor_id, currency, old_price, new_price, change_pct, changed_at)
       VALUES (@transceiver_id, @vendor_id, @currency, @old_price, @new_price, @change_pct, @changed_at)`,
    )
    .run(row);
  return Number(info.lastInsertRowid);
}

export function insertAlert(db: AppDatabase, row: NewAlertRow): number {
  const info = db.sqlite
    .prepare(
      `INSERT INTO competitor_alerts (kind, vendor_id, transceiver_id, severity, title, detail, created_at,
         currency, old_price, new_price, change_pct, old_in_stock, new_in_stock, observation_id)
       VALUES (@kind, @vendor_id, @transceiver_id, @severity, @title, @detail, @created_at,
         @currency, @old_price, @new_price, @change_pct, @old_in_stock, @new_in_stock, @observation_id)`,
    )
    .run({
      transceiver_id: null,
      detail: null,
      currency: null,
      old_price: null,
      new_price: null,
      change_pct: null,
      old_in_stock: null,
      new_in_stock: null,
      observation_id: null,
      ...row,
    });
  return Number(info.lastInsertRowid);
}
