import type { AppDatabase } from '../../../db/database.js';
import { NotFoundError } from '../../../errors.js';
import { toComparable, toDemandRecord, toPriceObservation, toTransceiver } from '../common/catalogue.mappers.js';
import { resolveFormFactorOrThrow, resolveStandardOrThrow, resolveVendorOrThrow } from '../common/catalogue.references.js';
import { parseSpeedGbps } from '../common/catalogue.values.js';
import { comparableProducts } from '../comparables/comparables.repository.js';
import { demandForTransceiver } from '../demand/demand.repository.js';
import type { RequestViewer } from '../../auth/index.js';
import { currentPrices, currentPricesFor, type CurrentPriceRow, recentPrices } from '../prices/prices.repository.js';
import { isDemoPriceSource } from '../../../../shared/vocabulary/price-source.vocabulary.js';
import { findTransceiver, listTransceivers, type TransceiverQuery, type TransceiverRow } from './transceivers.repository.js';
import type {
  CurrentPrice,
  Transceiver,
  TransceiverDetail,
  TransceiverDetailQuery,
  TransceiverFilters,
  TransceiverListItem,
  TransceiverPage,
} from '../../../../shared/api/catalogue/transceivers.schemas.js';
import { BASE_CURRENCY } from '../../../../shared/api/catalogue/currency-rates.schemas.js';

/** How many recent observations the detail view carries; the full history is paged at /api/transceivers/:id/prices. */
const DETAIL_HISTORY_ROWS = 200;

/** Schema-valid query text to repository filters, resolving reference names and checking what a schema cannot. */
export async function resolveFilters(db: AppDatabase, q: TransceiverFilters): Promise<TransceiverQuery> {
  const f: TransceiverQuery = { sort: q.sort ?? 'part_number', order: q.order ?? 'asc' };
  if (q.form_factor !== undefined) f.formFactor = await resolveFormFactorOrThrow(db, q.form_factor, 'form_factor');
  if (q.standard !== undefined) f.standard = await resolveStandardOrThrow(db, q.standard, 'standard');
  if (q.vendor !== undefined) f.vendorId = await resolveVendorOrThrow(db, q.vendor, 'vendor');
  if (q.speed_gbps !== undefined) f.speedGbps = parseSpeedGbps(q.speed_gbps, 'querystring/speed_gbps');
  if (q.fiber_type !== undefined) f.fiberType = q.fiber_type;
  if (q.wdm_type !== undefined) f.wdmType = q.wdm_type;
  if (q.data_confidence !== undefined) f.dataConfidence = q.data_confidence;
  if (q.details_verified !== undefined) f.detailsVerified = q.details_verified;
  if (q.reach_min !== undefined) f.reachMin = q.reach_min;
  if (q.reach_max !== undefined) f.reachMax = q.reach_max;
  if (q.q !== undefined) f.text = q.q;
  return f;
}

type ListRequest = TransceiverFilters & { limit?: number; offset?: number };

/** The list's page with the exact number of matches (the CSV export's header states it too). */
export async function searchTransceivers(db: AppDatabase, q: ListRequest): Promise<TransceiverPage> {
  const limit = q.limit ?? 50;
  const offset = q.offset ?? 0;
  const { total, rows } = await listTransceivers(db, await resolveFilters(db, q), limit, offset);
  return { total, limit, offset, items: rows.map(toTransceiver) };
}

function toCurrentPrice(p: CurrentPriceRow | undefined): CurrentPrice | null {
  if (p === undefined) return null;
  return {
    price: p.price,
    currency: p.currency as CurrentPrice['currency'],
    observed_at: p.observed_at,
    vendor_name: p.vendor_name,
    demo: isDemoPriceSource(p.source),
  };
}

/** The list as GET /api/transceivers answers it: each row with its current price (the CSV export has no such column). */
export async function listTransceiverPage(db: AppDatabase, q: ListRequest): Promise<TransceiverPage> {
  const page = await searchTransceivers(db, q);
  const prices = await currentPricesFor(
    db,
    page.items.map((t) => t.id),
  );
  // Each item is this call's own fresh record, so the price is added in place rather than by copying every field.
  const items: TransceiverListItem[] = page.items;
  for (const item of items) item.current_price = toCurrentPrice(prices.get(item.id));
  return page;
}

export async function requireTransceiver(db: AppDatabase, idOrSlug: string): Promise<TransceiverRow> {
  const row = await findTransceiver(db, idOrSlug);
  if (!row) throw new NotFoundError(`No transceiver with slug or id "${idOrSlug}"`);
  return row;
}

export async function getTransceiver(db: AppDatabase, idOrSlug: string): Promise<Transceiver> {
  return toTransceiver(await requireTransceiver(db, idOrSlug));
}

export async function getTransceiverDetail(db: AppDatabase, idOrSlug: string, q: TransceiverDetailQuery, viewer: RequestViewer): Promise<TransceiverDetail> {
  const currency = q.currency ?? BASE_CURRENCY;
  const row = await requireTransceiver(db, idOrSlug);
  // Independent reads: on PostgreSQL they run at once on the pool's connections.
  const [demand, current, history, comparables] = await Promise.all([
    // Internal demand rows reach the detail only when the request's viewer is authenticated (row-level rule).
    demandForTransceiver(db, row.id, viewer),
    currentPrices(db, row.id),
    recentPrices(db, row.id, DETAIL_HISTORY_ROWS),
    comparableProducts(db, row.id, currency),
  ]);
  return {
    ...toTransceiver(row),
    current_prices: current.map(toPriceObservation),
    price_history: history.map(toPriceObservation),
    comparable_products: comparables.map((c) => toComparable(c, currency)),
    internal_demand: demand.map(toDemandRecord),
  };
}
