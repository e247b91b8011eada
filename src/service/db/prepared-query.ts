import type { Statement } from 'better-sqlite3';
import type { Compilable } from 'kysely';
import type { AppDatabase } from './database.js';

export interface PreparedQuery<Row> {
  /** Runs with the parameters the query was built with, or with `parameters` in their place (same count and order). */
  all(parameters?: readonly unknown[]): Row[];
  get(parameters?: readonly unknown[]): Row | undefined;
}

/**
 * Kysely writes (and type-checks against the table declarations) the SQL; better-sqlite3 prepares it once and runs it
 * synchronously. For hot, synchronous readers (the vector collections' sources) that must not pay Kysely's
 * per-call compile and promise.
 */
export function prepareQuery<Row>(db: AppDatabase, query: Compilable<Row>): PreparedQuery<Row> {
  const compiled = query.compile();
  let statement: Statement<unknown[]> | undefined;
  const prepared = () => (statement ??= db.sqlite.prepare<unknown[]>(compiled.sql));
  const values = (parameters: readonly unknown[] | undefined) => {
    if (parameters === undefined) return [...compiled.parameters];
    if (parameters.length !== compiled.parameters.length) {
      throw new Error(`query takes ${compiled.parameters.length} parameters, was given ${parameters.length}: ${compiled.sql}`);
    }
    return [...parameters];
  };
  return {
    all: (parameters) => prepared().all(...values(parameters)) as Row[],
    get: (parameters) => prepared().get(...values(parameters)) as Row | undefined,
  };
}
