import type { Product, Row } from './dataset.types.js';
import { type Prng, round } from './prng.js';
import { COMPETITORS, OPERATOR } from './vendors.facts.js';

/** Share of products with a price history (about 70 %, as resources/seed/catalogue/README.md documents). */
export const PRICED_SHARE = 0.7;
/** One observation every 30 days over the 12 months up to as_of: 13 points. */
const OBSERVATION_DAYS = Array.from({ length: 13 }, (_, i) => 360 - i * 30);
/** Fixed conversion for the generated GBP prices (demo data; never used to convert real observations). */
const GBP_PER_USD = 0.79;
const DAY_MS = 86_400_000;

export interface PriceResult {
  observations: Row[];
  changes: Row[];
  /** Latest observation per product id (for comparable prices and alerts). */
  latest: Map<string, Row>;
}

/** Shop-style price: whole units minus one penny above 20, cents below. */
function shopPrice(value: number): number {
  return value >= 20 ? Math.round(value) - 0.01 : round(value, 2);
}

/** Price path in USD over the observation points: piecewise constant, newer speed classes falling faster. */
function usdPath(prng: Prng, product: Product): number[] {
  const speed = product.row.speed_gbps;
  const steps = prng.int(0, speed >= 400 ? 3 : 2);
  const changeAt = new Set(prng.shuffle(OBSERVATION_DAYS.slice(1).map((_, i) => i + 1)).slice(0, steps));
  let price = product.baseUsd * (speed >= 400 ? prng.float(1.05, 1.18) : prng.float(0.97, 1.06));
  return OBSERVATION_DAYS.map((_, i) => {
    if (changeAt.has(i)) {
      const falling = speed >= 400 || prng.chance(0.65);
      price *= falling ? 1 - prng.float(speed >= 400 ? 0.04 : 0.02, speed >= 400 ? 0.12 : 0.08) : 1 + prng.float(0.02, 0.07);
    }
    return price;
  });
}

function stockQty(prng: Prng, speed: number): number {
  return speed <= 25 ? prng.int(5, 600) : speed <= 100 ? prng.int(2, 180) : prng.int(1, 60);
}

export function generatePrices(prng: Prng, products: Product[], asOf: Date): PriceResult {
  const observations: Row[] = [];
  const changes: Row[] = [];
  const latest = new Map<string, Row>();
  const shopIndex = new Map(COMPETITORS.map((c, i) => [c.id, i]));
  for (const product of products) {
    if (!prng.chance(PRICED_SHARE)) continue;
    const { row } = product;
    const isOperator = row.vendor_id === OPERATOR.id;
    const currencies: Array<'GBP' | 'USD'> = isOperator ? ['GBP', 'USD'] : [COMPETITORS.find((c) => c.id === row.vendor_id)!.currency];
    const path = usdPath(prng, product);
    const hour = isOperator ? 9 : 11 + (shopIndex.get(row.vendor_id) ?? 0);
    const jitter = isOperator ? 0 : prng.int(0, 3);
    const stockRun = OBSERVATION_DAYS.map(() => prng.chance(0.86));
    for (const currency of currencies) {
      let previous: number | undefined;
      OBSERVATION_DAYS.forEach((daysBack, i) => {
        const at = new Date(asOf.getTime() - Math.max(0, daysBack - jitter) * DAY_MS);
        at.setUTCHours(hour, 0, 0, 0);
        const observedAt = at.toISOString();
        const price = shopPrice(path[i]! * (currency === 'GBP' ? GBP_PER_USD : 1));
        const inStock = stockRun[i]!;
        const observation: Row = {
          id: observations.length + 1,
          transceiver_id: row.id,
          vendor_id: row.vendor_id,
          price,
          currency,
          observed_at: observedAt,
          in_stock: inStock ? 1 : 0,
          stock_qty: inStock ? stockQty(prng, row.speed_gbps) : 0,
          source: 'seed',
          url: row.product_page_url,
        };
        observations.push(observation);
        if (previous !== undefined && previous !== price) {
          changes.push({
            id: changes.length + 1,
            transceiver_id: row.id,
            vendor_id: row.vendor_id,
            currency,
            old_price: previous,
            new_price: price,
            change_pct: round(((price - previous) / previous) * 100, 2),
            changed_at: observedAt,
          });
        }
        previous = price;
        if (currency === currencies[0]) latest.set(row.id, observation);
      });
    }
  }
  return { observations, changes, latest };
}
