import { fileURLToPath } from 'node:url';
import { readCatalogueDataset } from '../../../src/service/features/seed/seed.files.js';
import type { SeedCell, SeedTableName } from '../../../src/service/features/seed/seed.tables.js';

/** The repository's resources directory: what the service seeds from. */
export const RESOURCES_DIR = fileURLToPath(new URL('../../../resources', import.meta.url));

export type TableRow = Record<string, SeedCell>;

/** The committed data set as row objects, read (and hash-checked) by the same reader the service uses. */
export function loadCommittedDataset(): Record<SeedTableName, TableRow[]> {
  const { files } = readCatalogueDataset(RESOURCES_DIR);
  const out = {} as Record<SeedTableName, TableRow[]>;
  for (const file of files) {
    out[file.table] = file.rows.map((row) => Object.fromEntries(file.columns.map((c, i) => [c, row[i] ?? null])));
  }
  return out;
}

export function byKey(rows: TableRow[], key: string): Map<string, TableRow> {
  return new Map(rows.map((row) => [String(row[key]), row]));
}

export function numbers(json: SeedCell): number[] {
  return JSON.parse(String(json)) as number[];
}
