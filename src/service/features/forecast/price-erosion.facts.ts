/**
 * Published yearly price declines of transceiver modules. They stand in for the catalogue's own measurement until real
 * (non-demo) price observations exist: the generated demo prices of the seed data set never feed a rate or a signal.
 */
export interface PriceErosionFact {
  technology: string;
  /** Fraction per year (0.15 = prices fall 15 % a year). */
  rate: number;
  source: string;
}

const LC_2021 =
  'LightCounting, September 2021 High Speed Ethernet Optics Report ("Ethernet Market is on track for 24% growth in 2021 and 15% CAGR in 2021-2026", https://www.lightcounting.com/newsletter/september-2021-high-speed-ethernet-optics-105)';
const MOST_PRODUCTS = `${LC_2021}: the majority of products tracked will see price declines of around 10 % in 2021 (after 40-50 % a year in 2018-2019)`;
const CIGNAL_2024 =
  'Cignal AI, Coherent Port Pricing Trends 1Q24 (https://cignal.ai/2024/01/coherent-port-pricing-trends-1q24/): coherent price per Gb/s fell 25-35 % a year (15 % in 2021), about 25 % in 2022, and is forecast to fall slightly more than 20 % a year as reductions shift to existing pluggables';

export const PRICE_EROSION: PriceErosionFact[] = [
  { technology: '1G', rate: 0.1, source: MOST_PRODUCTS },
  { technology: '10G', rate: 0.15, source: `${LC_2021}: annual price declines averaged about 15 % for 10GbE transceivers over the last decade` },
  { technology: '25G', rate: 0.1, source: MOST_PRODUCTS },
  { technology: '40G', rate: 0.1, source: MOST_PRODUCTS },
  { technology: '100G', rate: 0.1, source: `${LC_2021}: less than 10 % for 100GbE in 2021, after 40-50 % a year in 2018-2019` },
  { technology: '400G', rate: 0.1, source: MOST_PRODUCTS },
  { technology: '800G', rate: 0.1, source: MOST_PRODUCTS },
  { technology: '1.6T', rate: 0.1, source: MOST_PRODUCTS },
  { technology: '400ZR Coherent', rate: 0.25, source: CIGNAL_2024 },
];

export function publishedPriceErosion(technology: string): PriceErosionFact | undefined {
  return PRICE_EROSION.find((f) => f.technology === technology);
}
