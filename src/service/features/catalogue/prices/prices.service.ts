import type { AppDatabase } from '../../../db/database.js';
import { InvalidError, UnprocessableError } from '../../../errors.js';
import { toPriceObservation } from '../common/catalogue.mappers.js';
import { findTransceiver } from '../transceivers/transceivers.repository.js';
import { requireTransceiver } from '../transceivers/transceivers.service.js';
import { vendorExists } from '../vendors/vendors.repository.js';
import { checkMinimumPrice, describeMinimumPriceFailure, FUTURE_TOLERANCE_MS } from './prices.rules.js';
import { coverageByFormFactor, findObservation, priceHistory } from './prices.repository.js';
import { intakeMarketRecord } from './market-intake.service.js';
import type { AlertRules } from './market-intake.rules.js';
import type {
  Coverage,
  CoverageRow,
  NewPriceObservation,
  PriceHistory,
  PriceHistoryQuery,
  RecordedPrice,
} from '../../../../shared/api/catalogue/prices.schemas.js';
import { listPriceChanges } from './price-changes.repository.js';
import type { PriceChangesPage, PriceChangesQuery } from '../../../../shared/api/catalogue/price-changes.schemas.js';

export async function recordPrice(db: AppDatabase, input: NewPriceObservation, now: () => number, rules: AlertRules): Promise<RecordedPrice> {
  const product = await findTransceiver(db, input.transceiver_id);
  if (!product) throw new InvalidError(`body/transceiver_id: no transceiver with slug or id "${input.transceiver_id}"`, { field: 'transceiver_id' });
  if (!(await vendorExists(db, input.vendor_id))) {
    throw new InvalidError(`body/vendor_id: no vendor with id "${input.vendor_id}" (GET /api/vendors lists them)`, { field: 'vendor_id' });
  }
  const verdict = checkMinimumPrice(product.speed_gbps, input.price, input.currency);
  if (!verdict.ok) throw new UnprocessableError(describeMinimumPriceFailure(verdict, input.price, input.currency), verdict);
  const observedAt = input.observed_at !== undefined ? new Date(input.observed_at).toISOString() : new Date(now()).toISOString();
  if (Date.parse(observedAt) > now() + FUTURE_TOLERANCE_MS)
    throw new InvalidError(`body/observed_at ${observedAt} lies in the future`, { field: 'observed_at' });
  const { observationId, priceChange } = await intakeMarketRecord(db, rules, {
    kind: 'observation',
    observation: {
      transceiver_id: product.id,
      vendor_id: input.vendor_id,
      price: input.price,
      currency: input.currency,
      observed_at: observedAt,
      in_stock: input.in_stock === undefined || input.in_stock === null ? null : input.in_stock ? 1 : 0,
      stock_qty: input.stock_qty ?? null,
      source: input.source ?? 'api',
      url: input.url ?? null,
    },
  });
  const stored = observationId === null ? undefined : findObservation(db, observationId);
  if (!stored) throw new Error(`price observation ${observationId} vanished right after insert`);
  return { observation: toPriceObservation(stored), price_change: priceChange };
}

export async function getPriceHistory(db: AppDatabase, idOrSlug: string, q: PriceHistoryQuery): Promise<PriceHistory> {
  const product = await requireTransceiver(db, idOrSlug);
  const { total, rows } = await priceHistory(
    db,
    product.id,
    {
      ...(q.currency !== undefined ? { currency: q.currency } : {}),
      ...(q.vendor !== undefined ? { vendorId: q.vendor } : {}),
      ...(q.from !== undefined ? { from: new Date(q.from).toISOString() } : {}),
      ...(q.to !== undefined ? { to: new Date(q.to).toISOString() } : {}),
    },
    q.limit ?? 1000,
    q.offset ?? 0,
  );
  return { transceiver_id: product.id, total, items: rows.map(toPriceObservation) };
}

function withRatio(form_factor: string, products: number, covered: number): CoverageRow {
  return { form_factor, products, covered, ratio: products > 0 ? Math.round((covered / products) * 10_000) / 10_000 : 0 };
}

/** Coverage from the price_coverage / image_coverage views, per form factor and over the whole catalogue. */
export async function getCoverage(db: AppDatabase, measure: 'price' | 'image'): Promise<Coverage> {
  const rows = await coverageByFormFactor(db, measure);
  const products = rows.reduce((sum, r) => sum + Number(r.products), 0);
  const covered = rows.reduce((sum, r) => sum + Number(r.covered), 0);
  return {
    measure,
    total: withRatio('all', products, covered),
    by_form_factor: rows.map((r) => withRatio(r.form_factor, Number(r.products), Number(r.covered))),
  };
}

/** GET /api/price-changes: recorded changes, newest first. */
export async function getPriceChanges(db: AppDatabase, query: PriceChangesQuery): Promise<PriceChangesPage> {
  return { ...(await listPriceChanges(db, query)), limit: query.limit, offset: query.offset };
}
