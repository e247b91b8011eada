import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunStarted } from '../../../src/shared/api/jobs.schemas.js';
import { type FeedServer, startFeedServer } from '../../fixtures/feeds/feed-server.js';
import { signIn, spawnReplica } from '../../helpers/replica-process.js';
import type { SpawnedServer } from '../../helpers/spawn-server.js';
import { dropTestDatabase } from '../../helpers/test-database.js';
import { startTestService, TEST_PASSWORD, type TestService } from '../../helpers/test-service.js';
import { until } from '../../helpers/wait-until.js';

const HEARTBEAT_MS = '300';

/**
 * Two replicas on one database: replica A (its own process) runs the news job and is killed with SIGKILL in the
 * middle of it; replica B, timers on, sees the run's heartbeat lapse, marks it abandoned and runs the job again
 * itself, once.
 */
describe('a job run whose replica was killed', () => {
  let feeds: FeedServer;
  let dataDir: string;
  let a: SpawnedServer | undefined;
  let b: TestService | undefined;

  beforeAll(async () => {
    feeds = await startFeedServer();
    dataDir = mkdtempSync(join(tmpdir(), 'ti-takeover-'));
  });
  afterAll(async () => {
    a?.child.kill('SIGKILL');
    await b?.close();
    await feeds?.close();
    await dropTestDatabase(dataDir);
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('is taken over by another replica after its heartbeat lapses, and runs to the end there', async () => {
    const shared = { NEWS_FEEDS: `${feeds.url}/slow.xml`, NEWS_FEED_TIMEOUT_MS: '60000', JOB_HEARTBEAT_MS: HEARTBEAT_MS };
    a = await spawnReplica(dataDir, TEST_PASSWORD, shared);
    const token = await signIn(a.url, TEST_PASSWORD);
    const started = await fetch(`${a.url}/api/jobs/news/run`, { method: 'POST', headers: { authorization: `Bearer ${token}` } });
    expect(started.status).toBe(202);
    const { run: killed } = (await started.json()) as RunStarted;
    await until(() => feeds.userAgents.length === 1, 'replica A reading the feed');
    a.child.kill('SIGKILL');
    await a.exited;

    b = await startTestService({ dataDir, listen: true, env: { ...shared, SCHEDULER_ENABLED: 'true' } });
    const { db } = b.service.ctx;
    const runs = () => db.kysely.selectFrom('job_runs').selectAll().where('job', '=', 'news').orderBy('id').execute();
    await until(async () => (await runs()).length === 2 && feeds.userAgents.length === 2, 'replica B taking the run over');
    feeds.release();
    await until(async () => (await runs())[1]?.status !== 'running', 'the taken-over run finishing');
    const [first, second] = await runs();
    expect(first).toMatchObject({ id: killed.id, status: 'abandoned' });
    expect(first?.pid).not.toBe(process.pid);
    expect(second).toMatchObject({ status: 'succeeded', trigger: 'manual', pid: process.pid, items: 3 });
  });
});
