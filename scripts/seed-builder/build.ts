import { writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildDataset } from './dataset.builder.js';
import { writeDataset } from './dataset.writer.js';
import { shipmentsFileText } from './shipments.writer.js';

/**
 * Builds the catalogue data set into resources/seed/catalogue (or the directory after --out) and the technology
 * shipment series into resources/seed/technologies/shipments.json (or the directory after --technologies-out).
 * Deterministic: a seeded PRNG and a fixed as-of date, so a rebuild gives byte-identical files.
 *   npx tsx scripts/seed-builder/build.ts [--out <dir>]
 */
export const DEFAULT_OUT_DIR = resolve(fileURLToPath(new URL('../../resources/seed/catalogue', import.meta.url)));
export const DEFAULT_TECHNOLOGIES_DIR = resolve(fileURLToPath(new URL('../../resources/seed/technologies', import.meta.url)));

function main(argv: string[]): void {
  const at = argv.indexOf('--out');
  const out = at >= 0 && argv[at + 1] ? resolve(argv[at + 1]!) : DEFAULT_OUT_DIR;
  const manifest = writeDataset(buildDataset(), out);
  const counts = Object.entries(manifest.files).map(([table, f]) => `  ${table.padEnd(22)} ${f.rows}`);
  const techAt = argv.indexOf('--technologies-out');
  const techDir = techAt >= 0 && argv[techAt + 1] ? resolve(argv[techAt + 1]!) : DEFAULT_TECHNOLOGIES_DIR;
  writeFileSync(join(techDir, 'shipments.json'), shipmentsFileText());
  console.log(`Shipment series written to ${join(techDir, 'shipments.json')}`);
  console.log(`Catalogue data set ${manifest.version} (as of ${manifest.as_of}) written to ${out}\n${counts.join('\n')}\nhash ${manifest.hash}`);
}

main(process.argv.slice(2));
