import { readdirSync, rmSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Logger } from 'pino';
import type { AppDatabase } from '../../db/database.js';
import { documentFileStates, storeDocumentFiles } from './documents.repository.js';

/** Where earlier releases kept uploaded PDFs: DATA_DIR/documents and its incoming folder, named <document id>.pdf. */
export function diskDocumentDirs(dataDir: string): string[] {
  return [join(dataDir, 'documents'), join(dataDir, 'documents', 'incoming')];
}

function pdfsIn(dir: string): Array<{ id: string; path: string }> {
  let names: string[];
  try {
    names = readdirSync(dir);
  } catch {
    return [];
  }
  return names.filter((name) => name.endsWith('.pdf')).map((name) => ({ id: name.slice(0, -'.pdf'.length), path: join(dir, name) }));
}

/**
 * Moves the PDFs earlier releases kept on this disk into the database, beside their documents' rows: every one in
 * one transaction, then the files are removed. Stopped before the commit, nothing moved and the next start moves all;
 * stopped after it, the next start finds their bytes stored and only removes the files. A file whose document no
 * longer exists stays where it is, and so do the uploads of the `held` documents (a live process on the same data
 * directory is about to process them). Returns how many documents got their bytes.
 */
export async function moveDiskDocumentsIn(db: AppDatabase, dataDir: string, logger: Logger, held: ReadonlySet<string> = new Set()): Promise<number> {
  const files = diskDocumentDirs(dataDir)
    .flatMap(pdfsIn)
    .filter((f) => !held.has(f.id));
  if (files.length === 0) return 0;
  const states = await documentFileStates(
    db,
    files.map((f) => f.id),
  );
  const moving = files.filter((f) => states.get(f.id) === false);
  await storeDocumentFiles(
    db,
    moving.map((f) => ({ id: f.id, read: () => readFile(f.path) })),
  );
  const stored = files.filter((f) => states.has(f.id));
  for (const file of stored) rmSync(file.path, { force: true });
  const orphans = files.length - stored.length;
  if (moving.length > 0) logger.info({ documents: moving.length }, 'uploaded PDFs moved from the data directory into the database');
  if (orphans > 0) logger.warn({ files: orphans }, 'PDFs in the data directory belong to no document and were left in place');
  return moving.length;
}
