import { resolve } from 'node:path';
import { ConfigError, createService, loadConfig, MigrationError } from './service/index.js';
import { environmentWithDotenv } from './service/env-file.js';
import { startupLines } from './startup-report.js';

/** Headless entry: config -> createService -> listen -> close gracefully on SIGINT/SIGTERM. */
async function main(): Promise<void> {
  let service;
  try {
    const config = loadConfig(environmentWithDotenv(resolve('.env')));
    service = await createService(config);
  } catch (error) {
    if (error instanceof ConfigError || error instanceof MigrationError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
  const running = service;
  let signalled = false;
  const shutdown = (signal: string) => {
    if (signalled) {
      console.error(`${signal} again: exiting without waiting`);
      process.exit(1);
    }
    signalled = true;
    running.ctx.logger.info({ signal }, 'shutting down: finishing in-flight requests');
    running.stop().then(
      () => process.exit(0),
      (error: unknown) => {
        running.ctx.logger.error({ err: error }, 'shutdown failed');
        process.exit(1);
      },
    );
  };
  process.on('SIGINT', () => shutdown('SIGINT'));
  process.on('SIGTERM', () => shutdown('SIGTERM'));

  try {
    const { url, port } = await running.start();
    // One write, so a reader of stdout never sees half the report.
    process.stdout.write(`${startupLines(running.config, url, port).join('\n')}\n`);
    void running.ctx.search.indexed().then(() => process.stdout.write('Search is ready: every collection is indexed.\n'));
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'EADDRINUSE') console.error(`Port ${running.config.port} on ${running.config.host} is in use: stop the other instance or set PORT.`);
    else console.error((error as Error).message);
    await running.stop();
    process.exit(1);
  }
}

void main();
