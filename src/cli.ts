import { resolve } from 'node:path';
import { type Config, ConfigError, createService, loadConfig, MigrationError, openMigratedDatabase } from './service/index.js';
import type { CliStreams, Lend } from './service/cli-verb.types.js';
import type { AppDatabase } from './service/db/database.js';
import { environmentWithDotenv } from './service/env-file.js';
import { IMPORT_USAGE, runImportCommand } from './service/features/catalogue/import/import.cli.js';
import { PROCESS_PDF_USAGE, runProcessPdfCommand } from './service/features/documents/documents.cli.js';
import { RUN_JOB_USAGE, runJobCommand } from './service/features/jobs/jobs.cli.js';
import type { DocumentsCtx } from './service/features/documents/index.js';
import { runSeedCommand, SEED_USAGE } from './service/features/seed/seed.cli.js';
import { runScrapeCommand, SCRAPE_USAGE, type ScrapeParts } from './service/features/scrapers/scrapers.cli.js';
import { createLogger } from './service/logger.js';
import { userAgentOf } from './service/user-agent.js';
import { registerScheduledJobs } from './service/scheduled-jobs.js';
import { createScheduler, type Scheduler } from './service/scheduler/scheduler.js';
import { INDEX_USAGE, type IndexCtx, runIndexCommand } from './service/features/search/search.cli.js';
import { COPY_DATABASE_USAGE, runCopyDatabaseCommand } from './service/features/database/copy-database.cli.js';
import { openDatabase } from './service/db/database.js';
import { runTakeAlongCommand, TAKE_ALONG_USAGE } from './service/features/take-along/take-along.cli.js';
import { migrate, migrationsDirFor } from './service/db/migrator.js';

/**
 * The command-line entry, and the only CLI module that opens the database or builds the service: each verb is a
 * function of its arguments and the parts lent to it here, so verbs hold no lifecycle code and tests can call them
 * with parts of their own.
 */

/** A verb may return its exit code (for example 1 when an import had bad rows); nothing means success. */
type Verb = { summary: string; run(config: Config, args: string[]): Promise<void | number> };

const streams: CliStreams = { stdout: process.stdout, stderr: process.stderr };

function lendDatabase(config: Config): Lend<AppDatabase> {
  return async (work) => {
    const { db } = await openMigratedDatabase(config);
    try {
      return await work(db);
    } finally {
      await db.close();
    }
  };
}

/** The PostgreSQL database of `url`, migrated (copy-database's target). */
function lendPostgres(config: Config, url: string): Lend<AppDatabase> {
  return async (work) => {
    const db = await openDatabase({ engine: 'postgres', url, poolSize: 2 });
    try {
      await migrate(db, migrationsDirFor(config.migrationsDir, 'postgres'));
      return await work(db);
    } finally {
      await db.close();
    }
  };
}

/** A built service that never listens; its info lines would only interleave with the progress bar. */
function lendService(config: Config): Lend<DocumentsCtx & IndexCtx> {
  return async (work) => {
    const service = await createService(config, { logger: createLogger(config.logLevel === 'info' ? 'warn' : config.logLevel) });
    try {
      return await work(service.ctx);
    } finally {
      await service.stop();
    }
  };
}

/** The background jobs over the data directory's database, timers off; no search engine (see run-job). */
function lendJobs(config: Config): Lend<Scheduler> {
  return async (work) => {
    const { db } = await openMigratedDatabase(config);
    const logger = createLogger(config.logLevel === 'info' ? 'warn' : config.logLevel);
    const scheduler = createScheduler({ enabled: false, logger, db, now: Date.now, heartbeatMs: config.jobHeartbeatMs });
    await registerScheduledJobs(scheduler, { config, db, logger, now: Date.now });
    try {
      return await work(scheduler);
    } finally {
      await scheduler.stop();
      await db.close();
    }
  };
}

/** The scrapers over the data directory's database and an empty scheduler, timers off (see scrape). */
function lendScrapers(config: Config): Lend<ScrapeParts> {
  return async (work) => {
    const { db } = await openMigratedDatabase(config);
    const logger = createLogger(config.logLevel === 'info' ? 'warn' : config.logLevel);
    const scheduler = createScheduler({ enabled: false, logger, db, now: Date.now, heartbeatMs: config.jobHeartbeatMs });
    const deps = {
      db,
      scrapers: config.scrapers,
      alertRules: config.catalogue,
      userAgent: userAgentOf(config),
      now: Date.now,
      resourcesDir: config.resourcesDir,
      dataDir: config.dataDir,
    };
    try {
      return await work({ deps, scheduler });
    } finally {
      await scheduler.stop();
      await db.close();
    }
  };
}

const verbs: Record<string, Verb> = {
  migrate: {
    summary: 'apply pending database migrations in DATA_DIR without starting the server',
    async run(config) {
      const { db, report } = await openMigratedDatabase(config);
      await db.close();
      if (report.applied.length === 0) console.log(`Database is up to date (${report.alreadyApplied} migrations applied) in ${db.location}`);
      else console.log(`Applied ${report.applied.length} migration(s) in ${db.location}:\n  ${report.applied.join('\n  ')}`);
    },
  },
  import: {
    summary: `validate and import a CSV or JSON file in one transaction (progress on stderr):\n${' '.repeat(13)}${IMPORT_USAGE}`,
    run: (config, args) => runImportCommand(args, { streams, withDatabase: lendDatabase(config), now: Date.now, alertRules: config.catalogue }),
  },
  seed: {
    summary: `(re)load the catalogue data set from resources/seed/catalogue in one transaction: ${SEED_USAGE}`,
    run: (config, args) =>
      runSeedCommand(args, {
        streams,
        withDatabase: lendDatabase(config),
        dataDir: config.dataDir,
        resourcesDir: config.resourcesDir,
        operatorBrand: config.operatorBrand,
        now: Date.now(),
      }),
  },
  'run-job': {
    summary: `run one background job now (news, vendor scrapers), also while the service runs: ${RUN_JOB_USAGE}`,
    run: (config, args) => runJobCommand(args, { streams, withJobs: lendJobs(config) }),
  },
  scrape: {
    summary: `scrape one vendor's shop now, with a progress bar, also while the service runs: ${SCRAPE_USAGE}`,
    run: (config, args) => runScrapeCommand(args, { streams, withScrapers: lendScrapers(config) }),
  },
  'process-pdf': {
    summary: `convert a PDF to markdown, chunk, embed and store it in manual_chunks, with a progress bar (server stopped): ${PROCESS_PDF_USAGE}`,
    run: (config, args) => runProcessPdfCommand(args, { streams, withDocuments: lendService(config) }),
  },
  index: {
    summary: `bring the search indexes up to date (the catalogue's text index after an upgrade, the vector collections after a bulk import), with progress, rate and time left (server stopped): ${INDEX_USAGE}`,
    run: (config, args) => runIndexCommand(args, { streams, withSearch: lendService(config) }),
  },
  'copy-database': {
    summary: `copy every table of the laptop's database into an empty PostgreSQL database, in one transaction: ${COPY_DATABASE_USAGE}`,
    run: (config, args) =>
      runCopyDatabaseCommand(args, {
        streams,
        source: config.database,
        withSource: lendDatabase(config),
        withTarget: (url) => lendPostgres(config, url),
      }),
  },
  'take-along': {
    summary: `pull a read-only snapshot of a team server's data into this laptop, resumable, with a progress bar: ${TAKE_ALONG_USAGE}`,
    run: (config, args) =>
      runTakeAlongCommand(args, {
        streams,
        withDatabase: lendDatabase(config),
        env: process.env,
        now: Date.now,
        fetch,
        teamUrl: config.takeAlongTeamUrl,
        resourcesDir: config.resourcesDir,
        operatorBrand: config.operatorBrand,
      }),
  },
};

function usage(): string {
  const lines = Object.entries(verbs).map(([name, verb]) => `  ${name.padEnd(10)} ${verb.summary}`);
  return `Usage: npm run cli -- <verb> [args]\n\nVerbs:\n${lines.join('\n')}\n\nConfiguration comes from the environment and .env (see README).`;
}

async function main(argv: string[]): Promise<number> {
  const [name, ...args] = argv;
  if (!name || name === '--help' || name === 'help') {
    console.log(usage());
    return name ? 0 : 2;
  }
  const verb = verbs[name];
  if (!verb) {
    console.error(`Unknown verb "${name}".\n\n${usage()}`);
    return 2;
  }
  try {
    const code = await verb.run(loadConfig(environmentWithDotenv(resolve('.env'))), args);
    return code ?? 0;
  } catch (error) {
    if (error instanceof ConfigError || error instanceof MigrationError) {
      console.error(error.message);
      return 1;
    }
    throw error;
  }
}

// An unexpected error is left unhandled on purpose: Node prints its stack and exits with 1.
void main(process.argv.slice(2)).then((code) => process.exit(code));
