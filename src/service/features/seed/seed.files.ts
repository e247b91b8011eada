import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { SEED_MANIFEST_FILE, SEED_TABLES, type SeedManifest, type SeedTableFile } from './seed.tables.js';

/** The data set is damaged, missing or out of step with its manifest. */
export class SeedDataError extends Error {
  constructor(message: string) {
    super(`${message} (rebuild it with: npx tsx scripts/seed-builder/build.ts)`);
    this.name = 'SeedDataError';
  }
}

export interface CatalogueDataset {
  dir: string;
  manifest: SeedManifest;
  files: SeedTableFile[];
}

/** Where the catalogue data set lives under the resources directory (config.resourcesDir). */
export function catalogueSeedDir(resourcesDir: string): string {
  return join(resourcesDir, 'seed', 'catalogue');
}

function sha256(text: string): string {
  return createHash('sha256').update(text, 'utf8').digest('hex');
}

/**
 * Reads and checks every file of the data set: present, unchanged since the build (hash in the manifest),
 * and with exactly the columns the loader knows. A failed check throws before anything touches the database.
 */
export function readCatalogueDataset(resourcesDir: string): CatalogueDataset {
  const dir = catalogueSeedDir(resourcesDir);
  const manifestPath = join(dir, SEED_MANIFEST_FILE);
  if (!existsSync(manifestPath)) throw new SeedDataError(`catalogue data set not found: ${manifestPath} is missing`);
  const manifest = JSON.parse(readFileSync(manifestPath, 'utf8')) as SeedManifest;
  const files = SEED_TABLES.map((spec): SeedTableFile => {
    const entry = manifest.files?.[spec.table];
    if (!entry) throw new SeedDataError(`manifest lists no file for table ${spec.table}`);
    // A checkout with CRLF line endings (git autocrlf on Windows) is the same data set: hash the LF form.
    const text = readFileSync(join(dir, entry.file), 'utf8').replace(/\r\n/g, '\n');
    if (sha256(text) !== entry.sha256) throw new SeedDataError(`${entry.file} does not match the hash in ${SEED_MANIFEST_FILE}`);
    const file = JSON.parse(text) as SeedTableFile;
    if (file.table !== spec.table || file.columns.join(',') !== spec.columns.join(',')) {
      throw new SeedDataError(`${entry.file} has columns [${file.columns.join(', ')}], expected [${spec.columns.join(', ')}]`);
    }
    const bad = file.rows.findIndex((row) => !Array.isArray(row) || row.length !== spec.columns.length);
    if (bad >= 0) throw new SeedDataError(`${entry.file} row ${bad + 1} does not have ${spec.columns.length} cells`);
    if (file.rows.length !== entry.rows) throw new SeedDataError(`${entry.file} has ${file.rows.length} rows, the manifest says ${entry.rows}`);
    return file;
  });
  const hash = sha256(SEED_TABLES.map((spec) => manifest.files[spec.table].sha256).join('\n'));
  if (hash !== manifest.hash) throw new SeedDataError(`${SEED_MANIFEST_FILE} hash does not match its file list`);
  return { dir, manifest, files };
}
