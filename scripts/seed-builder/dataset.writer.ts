import { createHash } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { SEED_MANIFEST_FILE, SEED_TABLES, type SeedCell, type SeedManifest, type SeedTableName } from '../../src/service/features/seed/seed.tables.js';
import { AS_OF, DATASET_VERSION } from './dataset.builder.js';
import type { Dataset } from './dataset.types.js';

export function sha256(text: string): string {
  return createHash('sha256').update(text, 'utf8').digest('hex');
}

/**
 * One table as compact JSON with one row per line: small, diff-friendly, and byte-stable because the column
 * order comes from SEED_TABLES and every number was rounded by the generators.
 */
export function serializeTable(table: SeedTableName, rows: Array<Record<string, SeedCell>>): string {
  const spec = SEED_TABLES.find((t) => t.table === table)!;
  const lines = rows.map((row) => {
    const extra = Object.keys(row).filter((key) => !spec.columns.includes(key));
    if (extra.length > 0) throw new Error(`${table}: unknown column(s) ${extra.join(', ')}`);
    return JSON.stringify(spec.columns.map((column) => (row[column] === undefined ? null : row[column])));
  });
  return `{"table":${JSON.stringify(table)},"columns":${JSON.stringify(spec.columns)},"rows":[\n${lines.join(',\n')}\n]}\n`;
}

/** Writes every table file and the manifest into dir; returns the manifest. */
export function writeDataset(dataset: Dataset, dir: string): SeedManifest {
  mkdirSync(dir, { recursive: true });
  const files = {} as SeedManifest['files'];
  for (const spec of SEED_TABLES) {
    const text = serializeTable(spec.table, dataset[spec.table]);
    const file = `${spec.table}.json`;
    writeFileSync(join(dir, file), text);
    files[spec.table] = { file, rows: dataset[spec.table].length, sha256: sha256(text) };
  }
  const manifest: SeedManifest = {
    dataset: 'catalogue',
    version: DATASET_VERSION,
    as_of: AS_OF,
    generator: 'npx tsx scripts/seed-builder/build.ts',
    files,
    hash: sha256(SEED_TABLES.map((spec) => files[spec.table].sha256).join('\n')),
  };
  writeFileSync(join(dir, SEED_MANIFEST_FILE), `${JSON.stringify(manifest, null, 2)}\n`);
  return manifest;
}
