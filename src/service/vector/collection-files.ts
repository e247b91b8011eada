import { readFileSync } from 'node:fs';
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
  /** The id of the payload cells saved with the index (saved-cells.ts); sidecars of older saves lack it. */
  cells?: string | null;
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
