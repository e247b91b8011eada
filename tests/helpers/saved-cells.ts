import { readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { collectionFiles } from '../../src/service/vector/vector-collection.js';

/** The saved cells of a collection's current save: their directory (named by the sidecar) and its manifest. */
export function savedCellsOf(dir: string, name: string): { id: string; dir: string; manifest: any } {
  const meta = JSON.parse(readFileSync(collectionFiles(dir, name).meta, 'utf8')) as { cells?: string | null };
  if (!meta.cells) throw new Error(`${name} was saved without cells`);
  const cellsDir = join(dir, `${name}.cells-${meta.cells}`);
  return { id: meta.cells, dir: cellsDir, manifest: JSON.parse(readFileSync(join(cellsDir, 'manifest.json'), 'utf8')) };
}

/** Turns a save into what the release before saved cells wrote: the sidecar names no cells, and none lie beside it. */
export function forgetSavedCells(dir: string, name: string): void {
  const file = collectionFiles(dir, name).meta;
  const { cells: _cells, ...meta } = JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>;
  writeFileSync(file, JSON.stringify(meta));
  for (const entry of readdirSync(dir)) if (entry.startsWith(`${name}.cells-`)) rmSync(join(dir, entry), { recursive: true, force: true });
}
