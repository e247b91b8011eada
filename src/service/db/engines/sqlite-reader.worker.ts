import Database from 'better-sqlite3';
import { parentPort, workerData } from 'node:worker_threads';
import type { WorkerReply, WorkerRequest } from '../../workers/worker-runner.js';

/** One read-only statement and its parameters, as Kysely compiled it; or the refresh of the planner's statistics. */
export type SqliteRead = { sql: string; parameters: unknown[] } | { refreshStatistics: true };

/**
 * The reader thread of a SQLite database (AppDatabase.readAside): its own read-only connection to the file, so a
 * statement that scans many rows runs here while the service's thread answers requests. In WAL mode it reads the
 * last committed state, also while the service's connection holds a write transaction open.
 */
if (parentPort) {
  const port = parentPort;
  const { file } = workerData as { file: string };
  const handle = new Database(file, { readonly: true, fileMustExist: true });
  handle.pragma('busy_timeout = 10000');
  port.on('message', ({ id, input }: WorkerRequest<SqliteRead>) => {
    let reply: WorkerReply<unknown[]>;
    try {
      if ('refreshStatistics' in input) {
        // ANALYZE writes the statistics tables, so it takes a writable connection for the while. A full ANALYZE, not
        // PRAGMA optimize, which samples a bounded number of rows per index: sampled statistics of the catalogue led
        // the planner to sort tens of thousands of rows where an index walk reads fifty. The service's connection
        // reads the new statistics at its next statement.
        const writer = new Database(file, { fileMustExist: true });
        try {
          writer.pragma('busy_timeout = 10000');
          writer.exec('ANALYZE');
        } finally {
          writer.close();
        }
        reply = { id, output: [] };
      } else {
        reply = { id, output: handle.prepare(input.sql).all(...(input.parameters as unknown[])) };
      }
    } catch (error) {
      reply = { id, error: error instanceof Error ? error.message : String(error) };
    }
    port.postMessage(reply);
  });
}
