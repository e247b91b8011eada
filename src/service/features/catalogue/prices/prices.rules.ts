import type { Currency } from '../../../../shared/vocabulary/catalogue.vocabulary.js';

export const MIN_PRICE_RULE = 'min_price_per_speed_class';

/** Clocks of scrapers and importers drift a little; an observation further ahead than a day is a mistake. */
export const FUTURE_TOLERANCE_MS = 24 * 60 * 60 * 1000;

/**
 * The lowest believable price of one transceiver per speed class, in USD. Scraped shop pages also show shipping
 * costs, cable clips, dust caps and "from" prices of accessories; those land far below any real module of the
 * class (the cheapest third-party 1G SFP sells for roughly 5-10 USD, 10G SFP+ SR for about 15, 100G QSFP28 SR4
 * for about 40, 400G optics from about 200, 800G from about 400). The floors sit well under those street prices
 * so that a genuine bargain is kept and only the obvious non-prices are refused.
 * A product's class is the largest class not above its speed (a 2.5G module is in the 1G class).
 */
export const MIN_PRICE_USD_BY_SPEED_CLASS: ReadonlyArray<{ classGbps: number; label: string; minUsd: number }> = [
  { classGbps: 0, label: 'below 1G', minUsd: 2 },
  { classGbps: 1, label: '1G', minUsd: 3 },
  { classGbps: 10, label: '10G', minUsd: 5 },
  { classGbps: 25, label: '25G', minUsd: 8 },
  { classGbps: 40, label: '40G', minUsd: 12 },
  { classGbps: 50, label: '50G', minUsd: 15 },
  { classGbps: 100, label: '100G', minUsd: 20 },
  { classGbps: 200, label: '200G', minUsd: 50 },
  { classGbps: 400, label: '400G', minUsd: 80 },
  { classGbps: 800, label: '800G', minUsd: 150 },
  { classGbps: 1600, label: '1.6T', minUsd: 300 },
];

/**
 * Fixed conversion factors to USD for the floor check only (never for reporting prices). They are deliberately
 * constants, roughly the 2024-2025 averages (1 GBP = 1.27 USD, 1 EUR = 1.08 USD), so that whether an observation
 * is accepted never depends on the day's exchange rate; the floors are coarse enough for the drift not to matter.
 */
export const USD_PER_UNIT: Record<Currency, number> = { USD: 1, GBP: 1.27, EUR: 1.08 };

export interface MinPriceVerdict {
  ok: boolean;
  rule: typeof MIN_PRICE_RULE;
  speed_class: string;
  minimum_usd: number;
  price_usd: number;
}

export function speedClassOf(speedGbps: number): { label: string; minUsd: number } {
  let chosen = MIN_PRICE_USD_BY_SPEED_CLASS[0]!;
  for (const entry of MIN_PRICE_USD_BY_SPEED_CLASS) if (speedGbps >= entry.classGbps) chosen = entry;
  return chosen;
}

export function checkMinimumPrice(speedGbps: number, price: number, currency: Currency): MinPriceVerdict {
  const cls = speedClassOf(speedGbps);
  const priceUsd = Math.round(price * USD_PER_UNIT[currency] * 100) / 100;
  return { ok: priceUsd >= cls.minUsd, rule: MIN_PRICE_RULE, speed_class: cls.label, minimum_usd: cls.minUsd, price_usd: priceUsd };
}

export function describeMinimumPriceFailure(verdict: MinPriceVerdict, price: number, currency: Currency): string {
  const converted = currency === 'USD' ? '' : ` (${verdict.price_usd} USD)`;
  return (
    `price ${price} ${currency}${converted} is below the minimum of ${verdict.minimum_usd} USD for the ${verdict.speed_class} speed class ` +
    `(rule ${MIN_PRICE_RULE}: amounts that low are shipping costs or accessories, not module prices)`
  );
}
