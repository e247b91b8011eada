import type { AppDatabase } from '../../../db/database.js';
import { NotFoundError } from '../../../errors.js';
import { flag } from '../common/catalogue.values.js';
import { findVendor, listVendors, type VendorRow } from './vendors.repository.js';
import type { Vendor, VendorList, VendorQuery } from '../../../../shared/api/catalogue/vendors.schemas.js';

function toVendor(row: VendorRow): Vendor {
  return {
    ...row,
    is_demo: flag(row.is_demo),
    transceiver_count: Number(row.transceiver_count),
    switch_count: Number(row.switch_count),
    price_observation_count: Number(row.price_observation_count),
  };
}

export async function getVendors(db: AppDatabase, query: VendorQuery): Promise<VendorList> {
  const rows = await listVendors(db, query.kind);
  return { total: rows.length, items: rows.map(toVendor) };
}

export async function getVendor(db: AppDatabase, id: string): Promise<Vendor> {
  const row = await findVendor(db, id);
  if (!row) throw new NotFoundError(`No vendor with id "${id}" (see GET /api/vendors)`);
  return toVendor(row);
}
