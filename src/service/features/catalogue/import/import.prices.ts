import { MAX_PRICE } from '../../../../shared/api/catalogue/prices.schemas.js';
import { MAX_UNIT_COUNT } from '../../../../shared/api/schema-helpers.js';
import { CURRENCIES } from '../../../../shared/vocabulary/catalogue.vocabulary.js';
import { claimKey, type ImportContext, type KindHandler } from './import.kinds.js';
import { PRODUCT_REF_FIELDS, readProductRef } from './import.references.js';
import type { PlannedWrite } from './import.repository.js';
import type { RowReader } from './import.values.js';
import { checkMinimumPrice, describeMinimumPriceFailure, FUTURE_TOLERANCE_MS } from '../prices/prices.rules.js';

const FIELDS = [...PRODUCT_REF_FIELDS, 'vendor_id', 'price', 'currency', 'observed_at', 'in_stock', 'stock_qty', 'source', 'url'] as const;

function validate(r: RowReader, ctx: ImportContext, row: number): PlannedWrite | undefined {
  r.rejectUnknown(FIELDS);
  const product = readProductRef(r, ctx, true);
  const shop = r.text('vendor_id', { required: true, max: 80 });
  if (shop !== undefined && !ctx.lookups.vendors.has(shop)) r.fail('vendor_id', `no vendor (shop) with id "${shop}"`);
  const price = r.number('price', { required: true, positive: true, min: 0, max: MAX_PRICE });
  const currency = r.oneOf('currency', CURRENCIES, { required: true });
  const observedAt = r.timestamp('observed_at') ?? ctx.nowIso;
  if (Date.parse(observedAt) > Date.parse(ctx.nowIso) + FUTURE_TOLERANCE_MS) r.fail('observed_at', `${observedAt} lies in the future`);
  const inStock = r.boolean('in_stock');
  const stockQty = r.integer('stock_qty', { min: 0, max: MAX_UNIT_COUNT });
  const source = r.text('source', { max: 40 }) ?? 'import';
  const url = r.url('url');
  if (product && price !== undefined && currency) {
    // The same floor as POST /api/prices: an import must not smuggle shipping costs in as prices.
    const verdict = checkMinimumPrice(product.speed_gbps, price, currency);
    if (!verdict.ok) r.fail('price', describeMinimumPriceFailure(verdict, price, currency));
  }
  if (r.problems.length > 0 || !product || !shop || price === undefined || !currency) return undefined;
  if (!claimKey(r, ctx, `p:${product.id}\u0000${shop}\u0000${currency}\u0000${observedAt}`, 'observed_at', row)) return undefined;
  return {
    op: 'price',
    observation: {
      transceiver_id: product.id,
      vendor_id: shop,
      price,
      currency,
      observed_at: observedAt,
      in_stock: inStock === undefined ? null : inStock ? 1 : 0,
      stock_qty: stockQty ?? null,
      source,
      url: url ?? null,
    },
  };
}

export const priceImport: KindHandler = { fields: FIELDS, validate };
