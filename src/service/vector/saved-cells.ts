import { createHash, randomUUID } from 'node:crypto';
import {
  closeSync,
  existsSync,
  linkSync,
  mkdirSync,
  openSync,
  readFileSync,
  readSync,
  readdirSync,
  renameSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { join } from 'node:path';
import hnswlib from 'hnswlib-node';
import { type CellSnapshot, cellKey, cellValues, type Normalised } from './payload-cells.js';
import type { Payload } from './vector-collection.js';

/**
 * The payload cells of a saved collection, beside its index, so that a start reads them back natively instead of
 * reading every vector out of the hnsw index (tens of microseconds each: at 100,000 items that was most of the CPU
 * a start spent). A save writes them into a directory of its own, `<name>.cells-<id>`: one brute-force index file
 * per cell (a cell unchanged since the last save is hard-linked from it) and a manifest naming each cell's payload
 * values and labels and the size and SHA-256 of the index file they were saved with. The directory is renamed into
 * place before the collection's sidecar names its id, so the sidecar is the commit point; a start uses the cells
 * only when the sidecar names them, the index file's digest matches the manifest's and every label sits in the cell
 * of its own payload. Anything else (no cells saved, an older data directory, a crash half-way through a save, a
 * disagreement) falls back to filling them from the index as before. Like that fill, the reading runs in steps
 * between other work, so opening a collection stays a matter of milliseconds.
 */
interface CellsManifest {
  format: 1;
  id: string;
  dimension: number;
  index: IndexDigest;
  cells: Array<{ file: string; values: Record<string, Normalised>; labels: number[] }>;
}

export interface IndexDigest {
  bytes: number;
  sha256: string;
}

const PREFIX = (name: string) => `${name}.cells-`;
const MANIFEST = 'manifest.json';
const CHUNK = 4 * 2 ** 20;

export const savedCellsDir = (dir: string, name: string, id: string) => join(dir, `${PREFIX(name)}${id}`);

/** Size and SHA-256 of a file, read a chunk per event-loop turn (an index of 100,000 vectors is some 300 MB). */
export async function digestFile(file: string): Promise<IndexDigest> {
  const digest = createFileDigest(file);
  while (!digest.step()) await new Promise((resolve) => setImmediate(resolve));
  return digest.result();
}

/** A file's digest taken one chunk per step(), so that a large index never holds the event loop for long. */
function createFileDigest(file: string) {
  const hash = createHash('sha256');
  const buffer = Buffer.allocUnsafe(CHUNK);
  const fd = openSync(file, 'r');
  let bytes = 0;
  let open = true;
  return {
    /** Reads the next chunk; true once the file is read (and closed). */
    step(): boolean {
      try {
        const n = readSync(fd, buffer, 0, CHUNK, null);
        if (n > 0) {
          hash.update(buffer.subarray(0, n));
          bytes += n;
          return false;
        }
      } catch (error) {
        closeSync(fd);
        open = false;
        throw error;
      }
      if (open) closeSync(fd);
      open = false;
      return true;
    },
    result: (): IndexDigest => ({ bytes, sha256: hash.digest('hex') }),
  };
}

function readManifest(cellsDir: string): CellsManifest | undefined {
  try {
    const manifest = JSON.parse(readFileSync(join(cellsDir, MANIFEST), 'utf8')) as CellsManifest;
    return manifest.format === 1 && Array.isArray(manifest.cells) ? manifest : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Writes the cells into a new directory and returns its id, for the sidecar to name. `previousId` is the directory
 * the sidecar names now: cells unchanged since it was written are linked from it rather than written again. The
 * files are written off the event loop; the cells must not change meanwhile (a collection's save runs between builds).
 */
export async function writeSavedCells(
  dir: string,
  name: string,
  dimension: number,
  cells: CellSnapshot[],
  index: IndexDigest,
  previousId: string | null,
): Promise<string> {
  const id = randomUUID();
  const tmp = join(dir, `${PREFIX(name)}tmp-${id}`);
  mkdirSync(tmp);
  try {
    const previousDir = previousId === null ? undefined : savedCellsDir(dir, name, previousId);
    const previous = new Map((previousDir ? (readManifest(previousDir)?.cells ?? []) : []).map((c) => [cellKey(c.values), c]));
    const entries: CellsManifest['cells'] = [];
    for (const [i, cell] of cells.entries()) {
      const file = `cell-${i}.bin`;
      const before = cell.changed ? undefined : previous.get(cellKey(cell.values));
      let linked = false;
      if (previousDir && before && before.labels.length === cell.labels.length) {
        try {
          linkSync(join(previousDir, before.file), join(tmp, file));
          linked = true;
        } catch {
          // A file system without hard links (or a vanished file): the cell is written instead.
        }
      }
      if (!linked) await cell.index.writeIndex(join(tmp, file));
      entries.push({ file, values: { ...cell.values }, labels: [...cell.labels] });
    }
    const manifest: CellsManifest = { format: 1, id, dimension, index, cells: entries };
    writeFileSync(join(tmp, MANIFEST), JSON.stringify(manifest));
    renameSync(tmp, savedCellsDir(dir, name, id));
    return id;
  } catch (error) {
    rmSync(tmp, { recursive: true, force: true });
    throw error;
  }
}

/**
 * Reads the cells saved under `id` back between other work (one chunk of the index file's digest or one cell per
 * turn of the event loop) and hands them, or why they cannot be used, to `done`. `payloads` holds the payload of
 * every labelled item of the sidecar that names them; the cells must hold exactly those labels, each in the cell of
 * its payload, and must have been saved with the index file as it is.
 */
export function readSavedCellsLater(
  dir: string,
  name: string,
  id: string,
  dimension: number,
  indexFile: string,
  payloads: Map<number, Payload>,
  done: (result: CellSnapshot[] | string) => void,
): void {
  const cellsDir = savedCellsDir(dir, name, id);
  const manifest = existsSync(cellsDir) ? readManifest(cellsDir) : undefined;
  if (!manifest || manifest.id !== id) return done('saved cells missing or unreadable');
  if (manifest.dimension !== dimension) return done('saved cells have another dimension');
  let digest: ReturnType<typeof createFileDigest>;
  try {
    digest = createFileDigest(indexFile);
  } catch (error) {
    return done(`index file unreadable (${error instanceof Error ? error.message : String(error)})`);
  }
  const cells: CellSnapshot[] = [];
  // Not unref'd: a save waits for the cells, and a process that is finishing its work must not exit before it.
  const later = (step: () => void) => void setImmediate(step);
  const readCell = () => {
    const cell = manifest.cells[cells.length];
    if (!cell) return done(cells);
    try {
      const bf = new hnswlib.BruteforceSearch('cosine', dimension);
      bf.readIndexSync(join(cellsDir, cell.file));
      if (bf.getCurrentCount() !== cell.labels.length) throw new Error(`${cell.file} holds ${bf.getCurrentCount()} vectors, not ${cell.labels.length}`);
      cells.push({ values: cell.values, index: bf, labels: cell.labels, changed: false });
    } catch (error) {
      return done(`saved cells unreadable (${error instanceof Error ? error.message : String(error)})`);
    }
    later(readCell);
  };
  const check = () => {
    const index = digest.result();
    if (manifest.index.bytes !== index.bytes || manifest.index.sha256 !== index.sha256) return done('saved cells belong to another index file');
    const seen = new Set<number>();
    for (const cell of manifest.cells) {
      const key = cellKey(cell.values);
      for (const label of cell.labels) {
        const payload = payloads.get(label);
        if (!payload || seen.has(label) || cellKey(cellValues(payload)) !== key) return done('saved cells disagree with the saved items');
        seen.add(label);
      }
    }
    if (seen.size !== payloads.size) return done('saved cells disagree with the saved items');
    later(readCell);
  };
  const hashing = () => {
    let finished: boolean;
    try {
      finished = digest.step();
    } catch (error) {
      return done(`index file unreadable (${error instanceof Error ? error.message : String(error)})`);
    }
    later(finished ? check : hashing);
  };
  later(hashing);
}

/** Removes every cells directory of the collection but `keep` (older saves, and ones a crash left half-written). */
export function removeStaleCells(dir: string, name: string, keep: string | null): void {
  const kept = keep === null ? undefined : `${PREFIX(name)}${keep}`;
  for (const entry of readdirSync(dir)) {
    if (entry.startsWith(PREFIX(name)) && entry !== kept) rmSync(join(dir, entry), { recursive: true, force: true });
  }
}

/** Bytes of the cells directory `id` (for the collection's size on disk). */
export function savedCellsBytes(dir: string, name: string, id: string | null): number {
  if (id === null) return 0;
  const cellsDir = savedCellsDir(dir, name, id);
  if (!existsSync(cellsDir)) return 0;
  return readdirSync(cellsDir).reduce((total, file) => total + statSync(join(cellsDir, file)).size, 0);
}
