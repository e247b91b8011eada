import { mkdirSync } from 'node:fs';
import type { Logger } from 'pino';
import type { Config } from './config.js';
import type { ServiceContext } from './context.js';
import { type AppDatabase, openDatabase } from './db/database.js';
import { migrate, migrationsDirFor, type MigrationReport } from './db/migrator.js';
import { createAuthHook } from './features/auth/index.js';
import { createLanguageModel } from './features/blog/llm/index.js';
import { createBlogEngine } from './features/blog/index.js';
import { createDocumentJobs } from './features/documents/index.js';
import { createLoadSampler } from './features/health/index.js';
import { featureRoutes } from './features/index.js';
import { createRibGateway } from './features/rib/index.js';
import { createSearchEngine } from './features/search/index.js';
import { buildHttpApp } from './http/app.js';
import { closeGracefully } from './http/graceful-close.js';
import { prepareDataSets } from './prepare-data-sets.js';
import { warmReadPaths } from './warm-read-paths.js';
import type { TypedApp } from './http/typed-app.js';
import { createLogger } from './logger.js';
import { registerScheduledJobs } from './scheduled-jobs.js';
import { createScheduler, type Scheduler } from './scheduler/scheduler.js';
import { serviceUrl } from '../shared/service-url.js';

export { loadConfig, ConfigError, type Config } from './config.js';
export { MigrationError } from './db/migrator.js';

export { DATABASE_FILE } from './db/database.config.js';
/** How long stop() waits for in-flight requests before cutting connections. */
const SHUTDOWN_GRACE_MS = 10_000;

export interface ServiceOptions {
  logger?: Logger;
  now?: () => number;
}

export interface Service {
  config: Config;
  ctx: ServiceContext;
  http: TypedApp;
  scheduler: Scheduler;
  migrations: MigrationReport;
  /** Listens on config.host:config.port (0 picks a free port) and starts the scheduler. */
  start(): Promise<{ url: string; port: number }>;
  /** Stops in reverse order: scheduler, HTTP (finishing in-flight requests), samplers, database. Idempotent. */
  stop(): Promise<void>;
}

/** Opens the database and applies pending migrations; used by createService and by `npm run migrate`. */
export async function openMigratedDatabase(config: Config, logger?: Logger): Promise<{ db: AppDatabase; report: MigrationReport }> {
  mkdirSync(config.dataDir, { recursive: true });
  const db = await openDatabase(config.database, {
    onIdleError: (error) => logger?.warn({ err: error.message }, 'a pooled database connection failed; the pool replaces it'),
  });
  try {
    return { db, report: await migrate(db, migrationsDirFor(config.migrationsDir, db.engine)) };
  } catch (error) {
    await db.close();
    throw error;
  }
}

/** Builds the whole service from one config. Nothing listens and no timer runs until start(). */
export async function createService(config: Config, options: ServiceOptions = {}): Promise<Service> {
  const logger = options.logger ?? createLogger(config.logLevel);
  const now = options.now ?? Date.now;
  const { db, report } = await openMigratedDatabase(config, logger);
  if (report.applied.length > 0) logger.info({ applied: report.applied }, 'database migrated');
  try {
    await prepareDataSets(db, config, logger, now);
  } catch (error) {
    await db.close();
    throw error;
  }

  const scheduler = createScheduler({
    enabled: config.schedulerEnabled,
    logger: logger.child({ part: 'scheduler' }),
    db,
    now,
    heartbeatMs: config.jobHeartbeatMs,
  });
  // Loads saved vector indexes (milliseconds); building missing ones waits for start().
  const search = createSearchEngine({ config, db, logger, now });
  // Marks documents left unfinished by stopped processes (a previous run among them) as failed, and registers the manual_chunks source.
  const documents = await createDocumentJobs({
    dataDir: config.dataDir,
    db,
    logger,
    search,
    now,
    batchSize: config.embeddings.batchSize,
    heartbeatMs: config.jobHeartbeatMs,
  });
  const languageModel = createLanguageModel(config.languageModel, { logger: logger.child({ part: 'language-model' }), now });
  // Marks drafts a previous run left in the pipeline as failed (resumable); nothing runs until a draft is queued.
  const blog = await createBlogEngine({ db, logger, model: languageModel, resourcesDir: config.resourcesDir, now, heartbeatMs: config.jobHeartbeatMs });
  const ctx: ServiceContext = {
    config,
    db,
    logger,
    loadSampler: createLoadSampler(),
    scheduler,
    rib: createRibGateway({ config, logger }),
    search,
    documents,
    languageModel,
    blog,
    startedAt: now(),
    now,
  };
  await registerScheduledJobs(scheduler, { config, db, logger, now, reindex: async (name) => void (await (await search.sync(name)).done) });
  let http: TypedApp;
  try {
    http = await buildHttpApp(ctx, featureRoutes, createAuthHook(ctx));
  } catch (error) {
    await ctx.blog.close();
    await ctx.languageModel.close();
    await ctx.documents.close();
    await ctx.search.close();
    await ctx.rib.close();
    await db.close();
    throw error;
  }

  let stopping: Promise<void> | undefined;
  return {
    config,
    ctx,
    http,
    scheduler,
    migrations: report,
    async start() {
      ctx.loadSampler.start();
      await warmReadPaths(http, ctx);
      await http.listen({ host: config.host, port: config.port });
      scheduler.start();
      // First start embeds the seed in the background (worker thread); search answers meanwhile, flagged incomplete.
      ctx.search.start();
      const address = http.server.address();
      const port = typeof address === 'object' && address !== null ? address.port : config.port;
      return { url: serviceUrl(config.host, port), port };
    },
    stop() {
      stopping ??= (async () => {
        await scheduler.stop();
        // First the pipeline queue: a running pipeline is aborted by the queue and records where it stopped (resumable).
        await ctx.blog.close();
        // Before HTTP: a request waiting on the model (a bridge command, a hosted call) ends now instead of holding the close.
        await ctx.languageModel.close();
        await closeGracefully(http, SHUTDOWN_GRACE_MS);
        ctx.loadSampler.stop();
        await ctx.rib.close();
        // Before the search engine: a running document stops, ends failed, and no longer embeds or writes.
        await ctx.documents.close();
        await ctx.search.close();
        await db.close();
      })();
      return stopping;
    },
  };
}
