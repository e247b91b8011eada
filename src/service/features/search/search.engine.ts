import { randomUUID } from 'node:crypto';
import type { Logger } from 'pino';
import type { Config } from '../../config.js';
import type { AppDatabase } from '../../db/database.js';
import { createEmbeddingProvider } from '../../embeddings/create-provider.js';
import type { EmbeddingProvider } from '../../embeddings/embedding-provider.js';
import type { CollectionSource } from '../../vector/collection-source.js';
import { type SyncTicket, type VectorStore, createVectorStore } from '../../vector/vector-store.js';
import { COLLECTIONS, type CollectionName, isCollectionName } from '../../../shared/vocabulary/search.vocabulary.js';
import { type ChangeFollower, followChanges } from './change-follower.js';
import { storedEmbeddings } from './stored-embeddings.repository.js';
import { datasheetSource, faqSource, newsSource, productSource, recordCollectionBuild, troubleshootingSource } from './search.repository.js';

/**
 * The long-lived search object on ServiceContext (ctx.search). Other features use it like this:
 * - the embedding provider: `ctx.search.embeddings.embedDocuments(texts)` / `.embedQuery(text)`;
 * - their own collection (manual_chunks belongs to documents): `ctx.search.registerSource('manual_chunks', source)`
 *   once, then `await ctx.search.sync('manual_chunks')` after writing or deleting rows (await the ticket's `.done` to wait for the build);
 * - the catalogue: nothing to call. Product changes are detected by count + max(updated_at) of transceivers
 *   before every product search and at start; `ctx.search.indexProducts()` makes it eager after bulk writes.
 */
export interface SearchEngine {
  readonly embeddings: EmbeddingProvider;
  readonly vectors: VectorStore;
  /**
   * Background build of every collection that is missing, stale or of another provider (first start), and from then
   * on following the vectors other processes sharing the database store.
   */
  start(): void;
  registerSource(name: CollectionName, source: CollectionSource): void;
  sync(name: CollectionName): Promise<SyncTicket>;
  /** Re-reads the transceivers table and (re-)embeds changed products, drops deleted ones. */
  indexProducts(): Promise<SyncTicket>;
  /** Resolves when no collection is building (tests, CLI). */
  whenIdle(): Promise<void>;
  /** Resolves once the build that the first start() began has ended, so every collection answers from a full index. */
  indexed(): Promise<void>;
  close(): Promise<void>;
}

export interface SearchEngineDeps {
  config: Config;
  db: AppDatabase;
  logger: Logger;
  now(): number;
  /** Replaces the configured provider (tests, benchmarks, evaluation). */
  provider?: EmbeddingProvider;
}

export function createSearchEngine(deps: SearchEngineDeps): SearchEngine {
  const { db } = deps;
  const logger = deps.logger.child({ part: 'search' });
  const provider = deps.provider ?? createEmbeddingProvider(deps.config.embeddings);
  const storage = storedEmbeddings(db);
  const vectors = createVectorStore(COLLECTIONS, {
    storage,
    holder: randomUUID(),
    dataDir: deps.config.dataDir,
    provider,
    logger,
    batchSize: deps.config.embeddings.batchSize,
    now: deps.now,
    onSaved: async (c) => {
      const meta = c.meta();
      await recordCollectionBuild(db, {
        name: c.name,
        ...c.identity,
        count: c.size(),
        builtAt: meta.builtAt,
        buildMs: meta.buildMs,
        fingerprint: meta.sourceFingerprint,
      }).catch((error: unknown) => {
        // The row only mirrors the files, which are what matters (the database may be closing under a stopping build).
        logger.warn({ collection: c.name, err: error }, 'vector collection build not recorded in the database');
      });
    },
  });
  vectors.registerSource('product_embeddings', productSource(db));
  vectors.registerSource('datasheet_chunks', datasheetSource(db));
  vectors.registerSource('faq_embeddings', faqSource(db));
  vectors.registerSource('troubleshooting_embeddings', troubleshootingSource(db));
  vectors.registerSource('news_embeddings', newsSource(db));

  let background: Promise<void> | undefined;
  let follower: Promise<ChangeFollower> | undefined;
  let firstBuild: Promise<void> | undefined;
  const follow = () =>
    followChanges({
      db,
      storage,
      logger,
      isCollection: isCollectionName,
      onChange: (name) => void vectors.sync(name).then((ticket) => ticket.done),
    });
  const syncAll = async () => {
    for (const name of COLLECTIONS) await (await vectors.sync(name)).done;
  };

  return {
    embeddings: provider,
    vectors,
    start() {
      follower ??= follow();
      if (background) return;
      logger.info({ provider: provider.name, model: provider.model }, 'checking vector collections');
      // The query model loads beside the build, so a search during it does not wait for the load.
      void provider.warmUp?.().catch((error: unknown) => logger.warn({ err: error }, 'preparing the query model failed; the first search loads it'));
      background = syncAll().finally(() => {
        background = undefined;
      });
      firstBuild ??= background.then(
        () => undefined,
        () => undefined,
      );
    },
    registerSource: (name, source) => vectors.registerSource(name, source),
    sync: (name) => vectors.sync(name),
    indexProducts: () => vectors.sync('product_embeddings'),
    indexed: () => firstBuild ?? Promise.resolve(),
    async whenIdle() {
      await background;
      await syncAll();
    },
    async close() {
      await (await follower)?.stop();
      await vectors.close();
    },
  };
}
