import type { ConnectionSlot } from '../../../db/database.js';

/** Products whose current price one connection keeps: a hundred pages of 50 (a price row takes about 300 bytes). */
const MAX_PRODUCTS = 5_000;

/**
 * Each product's current price (its latest observation, or none) as the list shows it, read at one revision of the
 * price observations (migrations/019) and of the list's rows (migrations/017, which covers the shop's name and a
 * product deleted and added again). A read at any other pair of revisions empties it first, so a kept price is never
 * older than the snapshot that asks for it. The rows are shared between answers: nobody may change one.
 */
export interface CurrentPriceCache<Row> {
  /** The kept price of this product at these revisions: a row, null (no observation), or undefined (not kept). */
  get(transceiverId: string, at: string): Row | null | undefined;
  set(transceiverId: string, at: string, row: Row | null): void;
}

export const CURRENT_PRICE_CACHE: ConnectionSlot<CurrentPriceCache<unknown>> = {
  create() {
    const prices = new Map<string, unknown>();
    let kept = '';
    const align = (at: string) => {
      if (at === kept) return;
      prices.clear();
      kept = at;
    };
    return {
      get(transceiverId, at) {
        align(at);
        return prices.get(transceiverId);
      },
      set(transceiverId, at, row) {
        align(at);
        // The oldest kept price goes first: pages read recently stay.
        if (prices.size >= MAX_PRODUCTS) prices.delete(prices.keys().next().value!);
        prices.set(transceiverId, row);
      },
    };
  },
};
