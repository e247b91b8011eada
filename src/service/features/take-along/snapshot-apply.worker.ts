import { parentPort, workerData } from 'node:worker_threads';
import { openSqlite } from '../../db/engines/sqlite.engine.js';
import { applyPages } from './snapshot-apply.service.js';
import type { ApplyReply, ApplyRequest } from './snapshot-apply.runner.js';

/**
 * Worker thread that applies a pulled snapshot on a connection of its own to the laptop's SQLite file: the one
 * transaction that empties and refills the tables (and its commit and checkpoint) runs here, while the service's event
 * loop only waits for the answer and its readers go on reading the last committed data (WAL).
 */
const port = parentPort;
if (!port) throw new Error('snapshot-apply.worker must run in a worker thread');
const request = workerData as ApplyRequest;

async function apply(): Promise<ApplyReply> {
  const db = openSqlite(request.file);
  try {
    return { snapshot: await applyPages(db, request.pending, request.now) };
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    return { error: message, constraint: db.dialect.constraintViolation(error) !== undefined };
  } finally {
    await db.close();
  }
}

void apply().then((reply) => port.postMessage(reply));
