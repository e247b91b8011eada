import { resolve } from 'node:path';
import { ConfigError, loadConfig, MigrationError, openMigratedDatabase } from './service/index.js';
import { environmentWithDotenv } from './service/env-file.js';
import type { Config } from './service/config.js';
import { IMPORT_USAGE, runImportCommand } from './service/features/catalogue/import/import.cli.js';
import { runSeedCommand, SEED_USAGE } from './service/features/seed/seed.cli.js';
import { PROCESS_PDF_USAGE, runProcessPdfCommand } from './service/features/documents/documents.cli.js';

/** A verb may return its exit code (for example 1 when an import had bad rows); nothing means success. */
type Verb = { summary: string; run(config: Config, args: string[]): Promise<void | number> };

const verbs: Record<string, Verb> = {
  migrate: {
    summary: 'apply pending database migrations in DATA_DIR without starting the server',
    async run(config) {
      const { db, report } = openMigratedDatabase(config);
      await db.close();
      if (report.applied.length === 0) console.log(`Database is up to date (${report.alreadyApplied} migrations applied) in ${config.dataDir}`);
      else console.log(`Applied ${report.applied.length} migration(s) in ${config.dataDir}:\n  ${report.applied.join('\n  ')}`);
    },
  },
  import: {
    summary: `validate and import a CSV or JSON file in one transaction (progress on stderr):\n${' '.repeat(13)}${IMPORT_USAGE}`,
    run: (config, args) => runImportCommand(config, args),
  },
  seed: {
    summary: `(re)load the catalogue data set from resources/seed/catalogue in one transaction: ${SEED_USAGE}`,
    run: (config, args) => runSeedCommand(config, args),
  },
  'process-pdf': {
    summary: `convert a PDF to markdown, chunk, embed and store it in manual_chunks, with a progress bar (server stopped): ${PROCESS_PDF_USAGE}`,
    run: (config, args) => runProcessPdfCommand(config, args),
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
