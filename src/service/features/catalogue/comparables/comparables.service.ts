import type { AppDatabase } from '../../../db/database.js';
import { parseNumberList } from '../common/catalogue.values.js';
import { BASE_CURRENCY } from '../../../../shared/api/catalogue/currency-rates.schemas.js';
import { withConversion } from './comparables.conversion.js';
import { listStoredComparables, refreshComparablePrices } from './comparable-prices.repository.js';
import type { RefreshResult, StoredComparablePage, StoredComparableQuery } from '../../../../shared/api/catalogue/comparables.schemas.js';
import { requireTransceiver } from '../transceivers/transceivers.service.js';

export async function refreshComparables(db: AppDatabase): Promise<RefreshResult> {
  return { rows: await refreshComparablePrices(db) };
}

export async function getStoredComparables(db: AppDatabase, q: StoredComparableQuery): Promise<StoredComparablePage> {
  const limit = q.limit ?? 100;
  const offset = q.offset ?? 0;
  const operatorId = q.operator_transceiver === undefined ? undefined : (await requireTransceiver(db, q.operator_transceiver)).id;
  const currency = q.currency ?? BASE_CURRENCY;
  const { total, rows } = await listStoredComparables(db, operatorId, currency, limit, offset);
  return {
    total,
    limit,
    offset,
    items: rows.map((r) => ({
      ...withConversion(r, currency),
      currency: r.currency as StoredComparablePage['items'][number]['currency'],
      comp_wavelengths: parseNumberList(r.comp_wavelengths),
    })),
  };
}
