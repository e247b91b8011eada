import { type ConfigProblems, type Env, readNumber } from '../../config-parsers.js';

export interface CatalogueConfig {
  /**
   * PRICE_ALERT_THRESHOLD_PCT: a competitor's price change of at least this many percent (up or down) raises a
   * competitor alert; every change is still recorded in price_changes. Twice the threshold makes the alert critical.
   */
  priceAlertThresholdPct: number;
}

export const DEFAULT_PRICE_ALERT_THRESHOLD_PCT = 5;

export function readCatalogueConfig(env: Env, problems: ConfigProblems): CatalogueConfig {
  return {
    priceAlertThresholdPct: readNumber(env, problems, 'PRICE_ALERT_THRESHOLD_PCT', DEFAULT_PRICE_ALERT_THRESHOLD_PCT, { min: 0.1, max: 100 }),
  };
}
