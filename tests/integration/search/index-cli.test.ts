import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { promisify } from 'node:util';
import pino from 'pino';
import { afterAll, describe, expect, it } from 'vitest';
import type { EmbeddingProvider } from '../../../src/service/embeddings/embedding-provider.js';
import { createHashProvider } from '../../../src/service/embeddings/hash.provider.js';
import { formatTimeLeft, type IndexCtx, runIndexCommand } from '../../../src/service/features/search/search.cli.js';
import { createSearchEngine } from '../../../src/service/features/search/search.engine.js';
import { seedSearchContent } from '../../../src/service/features/search/seed-content.js';
import { loadConfig, openMigratedDatabase } from '../../../src/service/index.js';
import { captureStreams } from '../../helpers/cli-streams.js';
import { testDatabaseEnv } from '../../helpers/test-database.js';

const run = promisify(execFile);
const TSX = resolve('node_modules/.bin/tsx');

/** Hash vectors at a pace a progress bar can show: every batch takes a little while, like a real model. */
function slowProvider(ms: number): EmbeddingProvider {
  const hash = createHashProvider();
  return {
    ...hash,
    name: 'slow',
    async embedDocuments(texts) {
      await sleep(ms);
      return hash.embedDocuments(texts);
    },
  };
}

describe('runIndexCommand', () => {
  const dirs: string[] = [];
  afterAll(() => {
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  });

  it('builds every collection with a bar showing the rate and the time left, then reports the total on stdout', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'ti-index-cli-'));
    dirs.push(dataDir);
    const config = loadConfig({ DATA_DIR: dataDir, EMBEDDINGS_BATCH_SIZE: '4', ...(await testDatabaseEnv(dataDir)) });
    const { db } = await openMigratedDatabase(config);
    const engine = createSearchEngine({ config, db, logger: pino({ level: 'silent' }), now: Date.now, provider: slowProvider(15) });
    try {
      await seedSearchContent(db, config.resourcesDir);
      const ctx: IndexCtx = { search: engine, now: Date.now };
      const io = captureStreams();
      const code = await runIndexCommand([], { streams: io.streams, withSearch: (work) => work(ctx), pollMs: 20 });
      expect(code, io.stderr()).toBe(0);
      // The bar names the collection being built and, once a batch is in, its rate and the time left.
      expect(io.stderr()).toMatch(/[a-z_]+_(chunks|embeddings)\s+\[.*\] \d+% \| \d+\/\d+ \| \d+(\.\d)? texts\/s \| \d+ s left/);
      const total = engine.vectors.names().reduce((sum, name) => sum + engine.vectors.collection(name).size(), 0);
      expect(total).toBeGreaterThan(19);
      expect(io.stdout()).toMatch(new RegExp(`^Search index complete: ${total} vectors in 6 collections \\(slow/feature-hash-v1\\) in [\\d.]+ s\\n$`));

      // Nothing left to do: no bar, the same summary.
      const again = captureStreams();
      expect(await runIndexCommand([], { streams: again.streams, withSearch: (work) => work(ctx) })).toBe(0);
      expect(again.stderr()).toBe('');
      expect(again.stdout()).toContain(`Search index complete: ${total} vectors`);
    } finally {
      await engine.close();
      await db.close();
    }
  });

  it('refuses arguments before building anything (exit 2)', async () => {
    const io = captureStreams();
    let lent = 0;
    const code = await runIndexCommand(['now'], {
      streams: io.streams,
      withSearch: <R>(): Promise<R> => {
        lent += 1;
        return Promise.reject(new Error('must not be lent'));
      },
    });
    expect(code).toBe(2);
    expect(lent).toBe(0);
    expect(io.stderr()).toBe('Usage: npm run cli -- index\n');
  });

  it('writes the time left as hours, minutes or seconds', () => {
    expect(formatTimeLeft(null)).toBe('?');
    expect(formatTimeLeft(42.4)).toBe('42 s');
    expect(formatTimeLeft(187)).toBe('3 min 07 s');
    expect(formatTimeLeft(3900)).toBe('1 h 05 min');
  });
});

describe('npm run cli -- index', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'ti-cli-index-'));
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it('builds the index of a fresh data directory as a real process and exits 0', async () => {
    const result = await run(TSX, ['src/cli.ts', 'index'], {
      env: {
        ...process.env,
        DATA_DIR: dataDir,
        LOG_LEVEL: 'silent',
        EMBEDDINGS_PROVIDER: 'hash',
        SCHEDULER_ENABLED: 'false',
        ...(await testDatabaseEnv(dataDir)),
      },
    });
    expect(result.stdout).toMatch(/^Search index complete: \d+ vectors in 6 collections \(hash\/feature-hash-v1\) in [\d.]+ s\n$/);
  }, 60_000);
});
