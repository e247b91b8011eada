import type { AppDatabase } from '../../../db/database.js';
import {
  insertAlert,
  insertAlerts,
  insertObservation,
  insertPriceChange,
  type NewAlertRow,
  previousObservation,
  productFacts,
  type ProductFacts,
  productsWithMakers,
  vendorFacts,
} from './market-intake.repository.js';
import { type AlertRules, changePct, newProductSeverity, priceAlertSeverity, stockAlertSeverity, stockState } from './market-intake.rules.js';
import type { NewObservationRow } from './prices.repository.js';

/**
 * What enters the catalogue from the market: a price observation to store, or product records already written (one
 * from a scraper, a batch from an import).
 */
export type MarketRecord =
  { kind: 'observation'; observation: NewObservationRow } | { kind: 'products'; transceiverIds: readonly string[]; change: 'created' | 'updated' };

export interface RecordedPriceChange {
  old_price: number;
  new_price: number;
  change_pct: number;
}

export interface MarketIntakeResult {
  /** The stored observation (observation records only). */
  observationId: number | null;
  /** The step from the shop's previous price in the same currency, when the price differs. */
  priceChange: RecordedPriceChange | null;
  /** Ids of the competitor alerts raised. */
  alertIds: number[];
}

/**
 * THE one way market data enters the catalogue: every new price observation (POST /api/prices, the import, the
 * scrapers of a later issue) and every new or changed product record passes through here. It stores the observation,
 * records a price change when the shop's previous price in that currency differs, and raises competitor alerts
 * (price change at or beyond the threshold, stock change, new product) for competitor shops only, never for the
 * operator's own prices. Runs as one transaction (joining the caller's when there is one), so an observation is never
 * stored without its change and alerts.
 */
export async function intakeMarketRecord(db: AppDatabase, rules: AlertRules, record: MarketRecord): Promise<MarketIntakeResult> {
  return db.transaction((tx) => (record.kind === 'observation' ? intakeObservation(tx, rules, record.observation) : intakeProducts(tx, record)));
}

async function intakeObservation(db: AppDatabase, rules: AlertRules, obs: NewObservationRow): Promise<MarketIntakeResult> {
  const key = { transceiver_id: obs.transceiver_id, vendor_id: obs.vendor_id, observed_at: obs.observed_at };
  const previousPrice = await previousObservation(db, { ...key, currency: obs.currency });
  const previousStock = await previousObservation(db, key);
  const observationId = await insertObservation(db, obs);
  const result: MarketIntakeResult = { observationId, priceChange: null, alertIds: [] };
  if (previousPrice && previousPrice.price !== obs.price) {
    result.priceChange = { old_price: previousPrice.price, new_price: obs.price, change_pct: changePct(previousPrice.price, obs.price) };
    await insertPriceChange(db, { ...key, currency: obs.currency, ...result.priceChange, changed_at: obs.observed_at });
  }
  const shop = await vendorFacts(db, obs.vendor_id);
  const product = await productFacts(db, obs.transceiver_id);
  if (shop?.kind !== 'competitor' || !product) return result;
  const base = { vendor_id: shop.id, transceiver_id: product.id, created_at: obs.observed_at, observation_id: observationId };

  const severity = result.priceChange ? priceAlertSeverity(result.priceChange.change_pct, rules) : null;
  if (result.priceChange && severity) {
    const { old_price, new_price, change_pct } = result.priceChange;
    result.alertIds.push(
      await insertAlert(db, {
        ...base,
        kind: 'price_change',
        severity,
        title: `${shop.name} ${change_pct < 0 ? 'cut' : 'raised'} ${product.part_number} by ${Math.abs(change_pct)}%`,
        detail: `${product.name}: ${old_price} -> ${new_price} ${obs.currency}`,
        currency: obs.currency,
        old_price,
        new_price,
        change_pct,
      }),
    );
  }
  const before = previousStock ? stockState(previousStock) : null;
  const after = stockState(obs);
  if (before !== null && after !== null && before !== after) {
    result.alertIds.push(
      await insertAlert(db, { ...base, ...stockAlert(shop.name, product, after, obs.stock_qty ?? null), old_in_stock: before, new_in_stock: after }),
    );
  }
  return result;
}

function stockAlert(shopName: string, product: ProductFacts, after: 0 | 1, qty: number | null): Pick<NewAlertRow, 'kind' | 'severity' | 'title' | 'detail'> {
  return {
    kind: 'stock_change',
    severity: stockAlertSeverity(after),
    title: `${shopName}: ${product.part_number} ${after === 0 ? 'out of stock' : 'back in stock'}`,
    detail:
      after === 0
        ? `${product.name} shows no stock at the last observation.`
        : `${product.name} is in stock again${qty !== null && qty > 0 ? ` (${qty} units)` : ''}.`,
  };
}

/**
 * A changed record raises nothing today (the three alert kinds are about prices, stock and new listings). New products
 * of competitors raise a new-listing alert each, in the order given; a batch is read and written in one statement each.
 */
async function intakeProducts(db: AppDatabase, record: { transceiverIds: readonly string[]; change: 'created' | 'updated' }): Promise<MarketIntakeResult> {
  const result: MarketIntakeResult = { observationId: null, priceChange: null, alertIds: [] };
  if (record.change !== 'created') return result;
  const byId = new Map((await productsWithMakers(db, record.transceiverIds)).map((p) => [p.id, p]));
  const alerts: NewAlertRow[] = [];
  for (const id of record.transceiverIds) {
    const product = byId.get(id);
    if (product?.maker_kind !== 'competitor') continue;
    alerts.push({
      kind: 'new_product',
      vendor_id: product.vendor_id,
      transceiver_id: product.id,
      severity: newProductSeverity(product.speed_gbps),
      title: `${product.maker_name} lists a new ${product.form_factor} ${product.standard ?? product.name}`,
      detail: `${product.part_number}: ${product.name}`,
      created_at: product.created_at,
    });
  }
  result.alertIds = await insertAlerts(db, alerts);
  return result;
}
