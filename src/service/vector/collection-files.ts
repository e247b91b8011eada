import { readFileSync, readdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import type { EmbeddingIdentity, Payload } from './vector-types.js';

/** A collection's sidecar (`<name>.meta.json`): who built it, from what, and the id, version and payload of every item. */
export interface SavedMeta extends EmbeddingIdentity {
  format: 1;
  name: string;
  builtAt: string | null;
  buildMs: number;
  sourceFingerprint: string | null;
  nextLabel: number;
  capacity: number;
  /** [label, id, version, payload, text hash]; sidecars of older saves lack the text hash. */
  items: Array<[number, string, string, Payload | null, (string | null)?]>;
}

export function collectionFiles(dir: string, name: string): { index: string; meta: string } {
  return { index: join(dir, `${name}.hnsw`), meta: join(dir, `${name}.meta.json`) };
}

export function readMeta(file: string): SavedMeta | undefined {
  try {
    const meta = JSON.parse(readFileSync(file, 'utf8')) as SavedMeta;
    return meta.format === 1 && Array.isArray(meta.items) ? meta : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Earlier releases saved a second copy of the vectors beside the index, grouped by payload (`<name>.cells-<id>/`).
 * Nothing reads them any more; a save removes them so they stop taking disk space.
 */
export function removeOlderSaveLeftovers(dir: string, name: string): void {
  const prefix = `${name}.cells-`;
  for (const entry of readdirSync(dir)) if (entry.startsWith(prefix)) rmSync(join(dir, entry), { recursive: true, force: true });
}
