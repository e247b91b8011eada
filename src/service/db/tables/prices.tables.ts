import { integer, real, table, type TableRow, text, view } from './table-spec.js';

/** Prices and what is derived from them (migrations/002_catalogue.sql; owned by features/catalogue/prices and comparables). */
export const priceObservationsTable = table('price_observations', {
  id: integer().defaulted(),
  transceiver_id: text(),
  vendor_id: text(),
  price: real(),
  currency: text(),
  observed_at: text(),
  in_stock: integer().orNull(),
  stock_qty: integer().orNull(),
  source: text(),
  url: text().orNull(),
});

export const priceChangesTable = table('price_changes', {
  id: integer().defaulted(),
  transceiver_id: text(),
  vendor_id: text(),
  currency: text(),
  old_price: real(),
  new_price: real(),
  change_pct: real(),
  changed_at: text(),
});

/** A competitor product matched to an operator product, with the competitor's price at match time. */
export const comparablePricesTable = table('comparable_prices', {
  id: integer().defaulted(),
  operator_transceiver_id: text(),
  competitor_transceiver_id: text(),
  comp_form_factor: text(),
  comp_speed_gbps: real(),
  comp_reach_meters: integer().orNull(),
  comp_reach_label: text().orNull(),
  comp_fiber_type: text().orNull(),
  comp_wavelengths: text().orNull(),
  price: real(),
  currency: text(),
  observed_at: text(),
});

/** Competitor price changes, new products and stock changes; written only by catalogue/prices/market-intake.service.ts (and the seed loader). */
export const competitorAlertsTable = table('competitor_alerts', {
  id: integer().defaulted(),
  kind: text<'price_change' | 'new_product' | 'stock_change'>(),
  vendor_id: text(),
  transceiver_id: text().orNull(),
  severity: text<'info' | 'warning' | 'critical'>(),
  title: text(),
  detail: text().orNull(),
  created_at: text(),
  acknowledged: integer().defaulted(),
  // migrations/010_competitor_alert_facts.sql: the figures behind the alert (NULL where the kind has none).
  currency: text().orNull(),
  old_price: real().orNull(),
  new_price: real().orNull(),
  change_pct: real().orNull(),
  old_in_stock: integer().orNull(),
  new_in_stock: integer().orNull(),
  observation_id: integer().orNull(),
});

/** Exchange rates entered by the operator (migrations/008_currency_rates.sql; owned by features/catalogue/currency-rates). */
export const currencyRatesTable = table('currency_rates', {
  currency: text<'GBP' | 'EUR'>(),
  rate_to_usd: real(),
  as_of: text(),
  source: text(),
  recorded_at: text().defaulted(),
});

/** Share of transceivers with at least one price observation, per form factor. */
export const priceCoverageView = view('price_coverage', {
  form_factor: text(),
  products: integer(),
  priced: integer(),
});

export const PRICE_TABLES = [
  priceObservationsTable,
  priceChangesTable,
  comparablePricesTable,
  competitorAlertsTable,
  currencyRatesTable,
  priceCoverageView,
] as const;

export type PriceObservationsTable = TableRow<typeof priceObservationsTable>;
export type PriceChangesTable = TableRow<typeof priceChangesTable>;
export type CompetitorAlertsTable = TableRow<typeof competitorAlertsTable>;
export type CurrencyRatesTable = TableRow<typeof currencyRatesTable>;
