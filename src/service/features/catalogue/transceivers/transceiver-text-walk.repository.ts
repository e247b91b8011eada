import { sql } from 'kysely';
import type { AppDatabase } from '../../../db/database.js';
import { cachedStatement } from '../../../db/statement-cache.js';
import type { CatalogueTables } from '../../../db/tables/catalogue.tables.js';
import { transceiverTextIndexTable } from '../../../db/tables/catalogue-text.tables.js';
import { toRowidList } from './transceiver-list.cache.js';
import { orderTerms, type TextPlan, type TransceiverQuery } from './transceiver-query.sql.js';
import { TEXT_WALK, type TextWalkIndex } from './transceiver-text-walk.cache.js';

/**
 * Above this many rows the walk index is not made (about 80 bytes a row, and some 0.5 s to make per million rows
 * after every write); a text query then reads its matches through SQL, as it did before the walk.
 */
const MAX_WALK_ROWS = 300_000;

const ROW_COUNT = 'SELECT count(*) FROM transceivers';
const ROWIDS = 'SELECT rowid FROM transceivers ORDER BY rowid';
// The fields and the lowering of migrations/012's index and of the scan's LIKE (ASCII letters only, without ICU).
const TEXTS = `SELECT lower(coalesce(part_number, '')) || char(10) || lower(coalesce(name, '')) || char(10) ||
  lower(coalesce(form_factor, '')) || char(10) || lower(coalesce(standard, '')) FROM transceivers ORDER BY rowid`;
const TEXT_INDEX = transceiverTextIndexTable.name;
const FTS_COUNT_UP_TO = `SELECT count(*) FROM (SELECT rowid FROM ${TEXT_INDEX} WHERE ${TEXT_INDEX} MATCH ? LIMIT ?)`;

/** How many rows the trigram index matches for an FTS5 query, counting no further than `bound` (a doclist read, no rows). */
export function textIndexCountUpTo(db: AppDatabase, match: string, bound: number): number {
  return Number(cachedStatement(db, FTS_COUNT_UP_TO, 'pluck').get(match, bound));
}

function makeIndex(db: AppDatabase, revision: number): TextWalkIndex | undefined {
  if (Number(cachedStatement(db, ROW_COUNT, 'pluck').get()) > MAX_WALK_ROWS) return undefined;
  const rowids = toRowidList(cachedStatement(db, ROWIDS, 'pluck').all() as number[]);
  const texts = cachedStatement(db, TEXTS, 'pluck').all() as string[];
  return { revision, rowids, texts, orders: new Map() };
}

/** The index of this rowid in ascending `rowids` (every rowid asked for is there: both come from one snapshot). */
function positionOf(rowids: ArrayLike<number>, rowid: number): number {
  let low = 0;
  let high = rowids.length - 1;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if (rowids[middle]! < rowid) low = middle + 1;
    else high = middle;
  }
  return low;
}

const NO_TEXT: TextPlan = { likeWords: [], words: [] };

/** The whole catalogue in the list's order for this sort (the same ORDER BY terms as every other read of the list). */
function orderOf(db: AppDatabase, index: TextWalkIndex, f: TransceiverQuery): Int32Array {
  const key = `${f.sort} ${f.order}`;
  let order = index.orders.get(key);
  if (order !== undefined) return order;
  let query = db.kysely
    .withTables<CatalogueTables>()
    .selectFrom('transceivers as t')
    .select(sql<number>`t.rowid`.as('rowid'));
  for (const term of orderTerms({ sort: f.sort, order: f.order }, NO_TEXT)) query = query.orderBy(term);
  const { sql: statement, parameters } = query.compile();
  const rowids = cachedStatement(db, statement, 'pluck').all(...parameters) as number[];
  order = new Int32Array(rowids.length);
  for (let i = 0; i < rowids.length; i++) order[i] = positionOf(index.rowids, rowids[i]!);
  index.orders.set(key, order);
  return order;
}

export interface WalkResult {
  /** The first matches in the list's order, at most `need` of them. */
  rowids: number[];
  /** True when the walk read the whole catalogue: `rowids` are then all the matches. */
  complete: boolean;
}

/**
 * The first `need` rows, in the list's order, whose text holds every word (lowered like the index), found by walking
 * the catalogue in that order in memory: a row costs a few substring tests instead of a row lookup in SQLite, so a
 * broad query stops after its first page wherever its matches sort. Call inside the read transaction whose revision
 * is given; it reads at most `budget` rows (fewer than `need` found and not complete: the budget ran out). Undefined
 * when the catalogue is too large for the walk (MAX_WALK_ROWS).
 */
export function walkTextMatches(
  db: AppDatabase,
  f: TransceiverQuery,
  words: string[],
  revision: number,
  need: number,
  budget = Infinity,
): WalkResult | undefined {
  const slot = db.local(TEXT_WALK);
  let index = slot.at(revision);
  if (index === undefined) {
    index = makeIndex(db, revision);
    if (index === undefined) return undefined;
    slot.keep(index);
  }
  const order = orderOf(db, index, f);
  const { texts, rowids } = index;
  const found: number[] = [];
  let i = 0;
  const end = Math.min(order.length, budget);
  for (; i < end && found.length < need; i++) {
    const position = order[i]!;
    const text = texts[position]!;
    let all = true;
    for (const word of words) {
      if (!text.includes(word)) {
        all = false;
        break;
      }
    }
    if (all) found.push(rowids[position]!);
  }
  return { rowids: found, complete: i === order.length };
}
