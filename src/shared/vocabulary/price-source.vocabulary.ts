/**
 * Where a price observation came from (price_observations.source). The seed data set writes 'seed' on every price and
 * stock figure it generates, the operator's included; imports write 'import', the API 'api' unless told otherwise.
 *
 * The one rule for "this price is a demo value", used by the service (the `demo` / `price_demo` fields of the answers
 * that carry prices, the datasheet exports' statement) and the dashboard (its demo price marker): a figure is demo
 * exactly when the observation it comes from is a seed observation. It is decided per value, so after an import
 * replaced a product's prices (a newer observation with source 'import') that product's figures read as real, while
 * the seeded figures an import did not touch stay marked.
 */
export const SEED_PRICE_SOURCE = 'seed';

export function isDemoPriceSource(source: string | null | undefined): boolean {
  return source === SEED_PRICE_SOURCE;
}
