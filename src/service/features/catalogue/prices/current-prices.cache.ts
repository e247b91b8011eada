import { createRevisionScopedMap, type RevisionScopedMap } from '../common/revision-scoped-map.js';
import type { ConnectionSlot } from '../../../db/database.js';

/** Products whose current price one connection keeps: a hundred pages of 50 (a price row takes about 300 bytes). */
const MAX_PRODUCTS = 5_000;

/**
 * Each product's current price (its latest observation, or none) as the list shows it, read at one revision of the
 * price observations (migrations/019) and of the list's rows (migrations/017, which covers the shop's name and a
 * product deleted and added again). A read at any other pair of revisions empties it first, so a kept price is never
 * older than the snapshot that asks for it. The rows are shared between answers: nobody may change one.
 */
export type CurrentPriceCache<Row> = RevisionScopedMap<string, Row | null>;

export const CURRENT_PRICE_CACHE: ConnectionSlot<CurrentPriceCache<unknown>> = {
  // The oldest kept price goes first: pages read recently stay.
  create: () => createRevisionScopedMap<string, unknown>(MAX_PRODUCTS, false),
};
