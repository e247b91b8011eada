import { join } from 'node:path';
import type { Logger } from 'pino';
import type { EmbeddingProvider } from '../embeddings/embedding-provider.js';
import { createBuildReader, type PendingDocument, takeStored } from './build-reader.js';
import { buildClaim } from './collection-claim.js';
import { type CollectionSource, EMPTY_SOURCE } from './collection-source.js';
import type { PayloadFilter } from './payload-filter.js';
import { loadStoredVectors } from './stored-vector-loader.js';
import { type VectorCollection, type VectorHit, openVectorCollection } from './vector-collection.js';
import type { StoredVector, VectorStorage } from './vector-storage.js';

export interface SyncProgress {
  state: 'idle' | 'building';
  done: number;
  total: number;
  /** When the running build started (options.now() milliseconds); null when idle. */
  startedAt: number | null;
}

export interface SyncTicket {
  /** Rows to (re-)embed; 0 when the collection was already current. */
  pending: number;
  /** false when the ticket joins a build that was already running (for example the first-start build). */
  started: boolean;
  done: Promise<void>;
}

export interface VectorStoreOptions {
  dataDir: string;
  provider: EmbeddingProvider;
  logger: Logger;
  batchSize: number;
  /**
   * Batches handed to the provider at once: two per model worker by default, so that a worker finds its next batch
   * waiting when it finishes one instead of idling while the event loop stores the vectors and sends more, and a
   * worker that finishes early never waits behind a slower one. A provider that runs no batches side by side (no
   * `parallelism`) gets one at a time.
   */
  batchesInFlight?: number;
  now(): number;
  /** Called (and awaited) after each save, e.g. to record the build in the database. */
  onSaved?(collection: VectorCollection): Promise<void>;
  /**
   * The database's vectors, shared by every process: a build takes a row's stored vector when its text matches, and
   * only the process holding the collection's claim embeds the rest and stores them. Without it every vector is
   * embedded here and kept in the index files only.
   */
  storage?: VectorStorage;
  /** This process in the claims (unique per process). */
  holder?: string;
  /** How long a claim lasts unless renewed: a process that died is taken over after it. */
  claimTtlMs?: number;
}

export interface VectorStore {
  readonly provider: EmbeddingProvider;
  names(): string[];
  collection(name: string): VectorCollection;
  /** Replaces the rows a collection is built from (the owner of the table registers it); a sync follows on use. */
  registerSource(name: string, source: CollectionSource): void;
  source(name: string): CollectionSource;
  /**
   * Brings one collection up to date with its source: embeds new or changed rows, drops removed ones, saves.
   * Resolves once the source has been compared with the collection (the ticket says what the build has to do).
   */
  sync(name: string): Promise<SyncTicket>;
  /** Whether the collection matches its source and no build is running. */
  isComplete(name: string): Promise<boolean>;
  progress(name: string): SyncProgress;
  search(name: string, vector: Float32Array, k: number, filter?: PayloadFilter): VectorHit[];
  /** Stores vectors computed elsewhere (a document's chunks) in the database, where the next sync takes them. */
  store(name: string, items: StoredVector[]): Promise<void>;
  /** Stops builds after their current batch, saves what is indexed, closes the provider. */
  close(): Promise<void>;
}

interface CollectionState {
  collection: VectorCollection;
  source: CollectionSource;
  /** The running sync: the comparison with the source, then the build when one is needed. */
  running: Promise<void> | undefined;
  /** What the running sync found to do, once it has compared (joined by a sync asked for meanwhile). */
  plan: Promise<{ pending: number; started: boolean }> | undefined;
  building: boolean;
  /** A sync was asked for while one was running: the rows changed since it started need another pass. */
  rerun: boolean;
  /** The stored vectors were loaded (or there was nothing to load: a saved index, no storage). */
  preloaded: boolean;
  progress: SyncProgress;
}

/** How long a claim lasts by default: several batches of the slowest model. */
const CLAIM_TTL_MS = 30_000;

/** Rows read ahead per turn of the build loop at most: a long run of rows that keep their vectors reads in steps. */
const READ_AHEAD_ROWS = 256;

/** The vector collections of one service, files in DATA_DIR/vectors/, built from their sources in the background. */
export function createVectorStore(names: readonly string[], options: VectorStoreOptions): VectorStore {
  const { provider, logger, storage } = options;
  const dir = join(options.dataDir, 'vectors');
  const identity = { provider: provider.name, model: provider.model, dimension: provider.dimension };
  const states = new Map<string, CollectionState>();
  let closed = false;
  const holder = options.holder ?? 'this process';
  const claimTtlMs = options.claimTtlMs ?? CLAIM_TTL_MS;
  // One pending retry per collection at most, however many builds deferred meanwhile.
  const retries = new Map<string, NodeJS.Timeout>();

  for (const name of names) {
    const started = performance.now();
    const collection = openVectorCollection(dir, name, identity);
    const ms = Math.round((performance.now() - started) * 10) / 10;
    if (collection.loaded) logger.debug({ collection: name, count: collection.size(), ms }, 'vector index loaded');
    else if (collection.loadNote !== 'no saved index') logger.warn({ collection: name }, collection.loadNote ?? 'vector index rebuilt');
    states.set(name, {
      collection,
      source: EMPTY_SOURCE,
      running: undefined,
      plan: undefined,
      building: false,
      rerun: false,
      preloaded: collection.loaded || storage === undefined,
      progress: { state: 'idle', done: 0, total: 0, startedAt: null },
    });
  }

  const stateOf = (name: string): CollectionState => {
    const state = states.get(name);
    if (!state) throw new Error(`unknown vector collection "${name}"`);
    return state;
  };

  const build = async (state: CollectionState, fingerprint: string, toEmbed: string[], toRemove: string[]) => {
    const { collection, source } = state;
    const started = performance.now();
    state.progress = { state: 'building', done: 0, total: toEmbed.length, startedAt: options.now() };
    collection.remove(toRemove);
    await storage?.remove(collection.name, identity, toRemove);
    const claim = buildClaim(storage, collection.name, holder, claimTtlMs, Date.now);
    const find = storage ? (ids: readonly string[]) => storage.find(collection.name, identity, ids) : undefined;
    // Another process holds the claim: it embeds the rest and stores them, and its change brings them here.
    let deferred = false;
    let lastLogged = 0;
    // Vectors go into the index in order, whichever batch finishes first.
    const inFlight: Array<{ docs: PendingDocument[]; vectors: Promise<Float32Array[]> }> = [];
    const depth = Math.max(1, options.batchesInFlight ?? (provider.parallelism === undefined ? 1 : 2 * provider.parallelism));
    const reader = createBuildReader(source, collection, toEmbed, options.batchSize, find);
    while (!closed && ((!deferred && !reader.exhausted()) || inFlight.length > 0)) {
      while (!deferred && inFlight.length < depth) {
        state.progress.done += await reader.readAhead(READ_AHEAD_ROWS);
        const batch = reader.takeBatch();
        if (!batch) break;
        deferred = !(await claim.hold());
        if (deferred) break;
        // Stored since the reader looked (by the claim's previous holder), or still for the model.
        const docs = await takeStored(collection, batch, find);
        state.progress.done += batch.length - docs.length;
        if (docs.length === 0) continue;
        const vectors = provider.embedDocuments(docs.map((d) => d.text));
        // Awaited in turn below; this only keeps a batch that fails while an earlier one is awaited from being "unhandled".
        vectors.catch(() => {});
        inFlight.push({ docs, vectors });
      }
      const batch = inFlight.shift();
      if (batch) {
        const vectors = await batch.vectors;
        if (closed) break;
        const items = batch.docs.map((d, i) => ({
          id: d.id,
          version: d.version,
          vector: vectors[i] as Float32Array,
          textHash: d.textHash,
          ...(d.payload ? { payload: d.payload } : {}),
        }));
        await storage?.save(collection.name, identity, items);
        collection.upsert(items);
        state.progress.done += batch.docs.length;
      }
      const percent = Math.floor((100 * state.progress.done) / toEmbed.length);
      if (toEmbed.length >= 50 && percent >= lastLogged + 10) {
        lastLogged = percent - (percent % 10);
        logger.info({ collection: collection.name, done: state.progress.done, total: toEmbed.length }, `embedding ${collection.name}: ${percent}%`);
      }
      // Let requests in between batches even when the provider answers synchronously (hash), or none was needed.
      await new Promise((resolve) => setImmediate(resolve));
    }
    await claim.release();
    const finished = state.progress.done >= toEmbed.length && !closed;
    if (deferred && !closed && !retries.has(collection.name)) {
      // Should the claim's holder die before it stores them, its claim lapses and this process takes over.
      const retry = setTimeout(() => {
        retries.delete(collection.name);
        void store.sync(collection.name).then((ticket) => ticket.done);
      }, claimTtlMs).unref();
      retries.set(collection.name, retry);
    }
    // An interrupted build keeps the old fingerprint, so the next start carries on from what was saved.
    collection.markBuilt({
      builtAt: finished ? new Date(options.now()).toISOString() : (collection.meta().builtAt ?? new Date(options.now()).toISOString()),
      buildMs: Math.round(performance.now() - started),
      sourceFingerprint: finished ? fingerprint : collection.meta().sourceFingerprint,
    });
    await collection.save();
    await options.onSaved?.(collection);
    if (toEmbed.length > 0 || toRemove.length > 0) {
      logger.info(
        {
          collection: collection.name,
          embedded: state.progress.done - reader.kept(),
          kept: reader.kept(),
          deferred: toEmbed.length - state.progress.done,
          removed: toRemove.length,
          count: collection.size(),
          complete: finished,
        },
        'vector collection updated',
      );
    }
  };

  const store: VectorStore = {
    provider,
    names: () => [...states.keys()],
    collection: (name) => stateOf(name).collection,
    registerSource(name, source) {
      stateOf(name).source = source;
    },
    source: (name) => stateOf(name).source,
    async sync(name) {
      const state = stateOf(name);
      const running = state.running;
      if (running) {
        // The rows may have changed after the running sync read them: another pass follows it.
        state.rerun = true;
        // Still comparing: this call shares what the comparison finds (a small change is then awaited by both).
        const plan = state.building ? undefined : await state.plan;
        if (plan) return { ...plan, done: running };
        return { pending: state.progress.total - state.progress.done, started: false, done: running };
      }
      if (closed) return { pending: 0, started: false, done: Promise.resolve() };
      let settle: (plan: { pending: number; started: boolean }) => void = () => {};
      const plan = new Promise<{ pending: number; started: boolean }>((resolve) => (settle = resolve));
      const compareAndBuild = async () => {
        if (!state.preloaded && storage) {
          const started = performance.now();
          const loaded = await loadStoredVectors(state.collection, storage, () => closed, dir);
          state.preloaded = !closed;
          if (loaded > 0) logger.info({ collection: name, loaded, ms: Math.round(performance.now() - started) }, 'stored vectors loaded');
        }
        const fingerprint = await state.source.fingerprint();
        if (fingerprint === state.collection.meta().sourceFingerprint) return settle({ pending: 0, started: false });
        const wanted = await state.source.versions();
        const have = state.collection.versions();
        const toEmbed = [...wanted].filter(([id, version]) => have.get(id) !== version).map(([id]) => id);
        const toRemove = [...have.keys()].filter((id) => !wanted.has(id));
        state.building = true;
        settle({ pending: toEmbed.length, started: true });
        await build(state, fingerprint, toEmbed, toRemove);
      };
      const run = compareAndBuild()
        .catch((error: unknown) => {
          settle({ pending: 0, started: false });
          logger.error({ collection: name, err: error }, 'vector collection build failed; search answers from what is indexed');
        })
        .finally(() => {
          state.running = undefined;
          state.plan = undefined;
          state.building = false;
          state.progress = { state: 'idle', done: state.progress.done, total: state.progress.total, startedAt: null };
          if (state.rerun) {
            state.rerun = false;
            void store.sync(name).then((ticket) => ticket.done);
          }
        });
      state.running = run;
      state.plan = plan;
      return { ...(await plan), done: run };
    },
    async isComplete(name) {
      const state = stateOf(name);
      if (state.building) return false;
      return (await state.source.fingerprint()) === state.collection.meta().sourceFingerprint;
    },
    progress: (name) => ({ ...stateOf(name).progress }),
    search: (name, vector, k, filter) => stateOf(name).collection.search(vector, k, filter),
    async store(name, items) {
      if (storage) await storage.save(stateOf(name).collection.name, identity, items);
      else stateOf(name).collection.upsert(items);
    },
    async close() {
      closed = true;
      for (const retry of retries.values()) clearTimeout(retry);
      await Promise.all([...states.values()].flatMap((s) => s.running ?? []));
      await provider.close();
    },
  };
  return store;
}
