import { monitorEventLoopDelay, performance } from 'node:perf_hooks';
import pino from 'pino';
import type { AppDatabase } from '../src/service/db/database.js';
import { createTextIndexBuild } from '../src/service/features/catalogue/index.js';
import { rebuildTransceiverTextIndex } from '../src/service/features/catalogue/transceivers/transceivers.repository.js';

export interface TextIndexBuildTimes {
  /** The whole catalogue in one transaction (what a migration filling the index would hold the start up for). */
  oneTransactionMs: number;
  /** The background build a running service does after an upgrade, from start() to complete. */
  backgroundMs: number;
  /** The longest the event loop was held during the background build (its longest chunk, plus timer noise). */
  backgroundMaxBlockMs: number;
}

/**
 * Both ways of filling the catalogue's text index on the same catalogue: one transaction (the baseline), then empty
 * again and marked for the build, then the background build as the service runs it, with the event loop's longest
 * delay sampled meanwhile (what a request arriving during the build waits at most).
 */
export async function measureTextIndexBuilds(db: AppDatabase): Promise<TextIndexBuildTimes> {
  const started = performance.now();
  rebuildTransceiverTextIndex(db);
  const oneTransactionMs = performance.now() - started;

  db.sqlite.transaction(() => {
    db.sqlite.exec("INSERT INTO transceiver_text_index (transceiver_text_index) VALUES ('delete-all')");
    db.sqlite.exec("UPDATE derived_index_builds SET indexed_through = 0, done = 0, completed_at = NULL WHERE name = 'transceiver_text_index'");
  })();
  const build = createTextIndexBuild({ db, logger: pino({ level: 'silent' }), now: Date.now });
  const delay = monitorEventLoopDelay({ resolution: 1 });
  delay.enable();
  const backgroundStarted = performance.now();
  build.start();
  await build.whenIdle();
  const backgroundMs = performance.now() - backgroundStarted;
  delay.disable();
  if (build.status().state !== 'complete') throw new Error('the background text index build did not complete');
  await build.close();
  return { oneTransactionMs, backgroundMs, backgroundMaxBlockMs: delay.max / 1e6 };
}
