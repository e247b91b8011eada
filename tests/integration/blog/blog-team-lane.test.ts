import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Draft } from '../../../src/shared/api/blog/blog-drafts.schemas.js';
import type { BlogTables } from '../../../src/service/db/tables/blog.tables.js';
import { GAP_MS } from '../../../src/service/features/blog/pipeline-queue.js';
import { type HostedApiStandIn, STAND_IN_API_KEY, startHostedApiStandIn } from '../../fixtures/llm/hosted-api-stand-in.js';
import { signIn, spawnReplica } from '../../helpers/replica-process.js';
import type { SpawnedServer } from '../../helpers/spawn-server.js';
import { dropTestDatabase } from '../../helpers/test-database.js';
import { startTestService, TEST_PASSWORD, type TestService } from '../../helpers/test-service.js';
import { until } from '../../helpers/wait-until.js';

const IN_FLIGHT = ['queued', 'running'];

/**
 * Several replicas on one database share one lane to the hosted model: their pipelines never have two calls open
 * at once, the gap separates one pipeline's last call from the next one's first whichever replica runs it, and a
 * pipeline whose replica was killed ends failed (resumable) instead of staying "running", then resumes elsewhere.
 */
describe('the blog pipeline lane shared by replicas', () => {
  let api: HostedApiStandIn;
  let dataDir: string;
  const replicas: TestService[] = [];
  let killed: SpawnedServer | undefined;
  const env = () => ({ LLM_PROVIDER: 'hosted', ANTHROPIC_API_KEY: STAND_IN_API_KEY, ANTHROPIC_BASE_URL: api.url, JOB_HEARTBEAT_MS: '300' });
  const replica = async () => {
    const t = await startTestService({ dataDir, env: env() });
    replicas.push(t);
    return { t, auth: { authorization: `Bearer ${await t.login()}` } };
  };
  const draftOn = async (r: { t: TestService; auth: Record<string, string> }, id: string) =>
    (await r.t.service.http.inject({ method: 'GET', url: `/api/blog/${id}`, headers: r.auth })).json() as Draft;

  beforeAll(async () => {
    api = await startHostedApiStandIn();
    dataDir = mkdtempSync(join(tmpdir(), 'ti-blog-lane-'));
  });
  afterAll(async () => {
    killed?.child.kill('SIGKILL');
    for (const t of replicas) await t.close();
    await api?.close();
    await dropTestDatabase(dataDir);
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('runs two replicas’ pipelines one call at a time, with the gap between the pipelines', async () => {
    const [a, b] = [await replica(), await replica()];
    const generate = (r: typeof a, title: string) =>
      r.t.service.http.inject({ method: 'POST', url: '/api/blog/generate', headers: r.auth, payload: { topic_type: 'comparison', title } });
    const [onA, onB] = await Promise.all([generate(a, 'Lane test Alpha'), generate(b, 'Lane test Bravo')]);
    const ids = [(onA.json() as Draft).id, (onB.json() as Draft).id];
    await until(async () => (await Promise.all(ids.map((id) => draftOn(a, id)))).every((d) => !IN_FLIGHT.includes(d.pipeline.state)), 'both pipelines ending');
    for (const id of ids) expect((await draftOn(a, id)).pipeline.state).toBe('succeeded');

    const calls = [...api.calls].sort((x, y) => x.timing.receivedAt - y.timing.receivedAt);
    expect(api.maxInFlight()).toBe(1);
    for (let i = 1; i < calls.length; i += 1) expect(calls[i]!.timing.receivedAt).toBeGreaterThanOrEqual(calls[i - 1]!.timing.closedAt!);
    const titleOf = (call: (typeof calls)[number]) => (call.body.messages.at(-1)?.content.includes('Lane test Alpha') ? 'Alpha' : 'Bravo');
    const firstTitle = titleOf(calls[0]!);
    const switchAt = calls.findIndex((call) => call.body.messages.at(-1)?.content.includes('Article title:') && titleOf(call) !== firstTitle);
    expect(switchAt).toBeGreaterThan(0);
    // No call of the first pipeline after the second began, and the gap before the second one's first call.
    expect(calls.slice(switchAt).some((call) => call.body.messages.at(-1)?.content.includes(`Lane test ${firstTitle}`))).toBe(false);
    expect(calls[switchAt]!.timing.receivedAt - calls[switchAt - 1]!.timing.closedAt!).toBeGreaterThanOrEqual(GAP_MS);
  });

  it('ends the pipeline of a killed replica failed, and another replica resumes it', async () => {
    // The killed replica's model call never answers: the process dies in the middle of it. The queue is the team's,
    // so the other replicas stop first: the killed one is the only one there to take the draft.
    api.setAnswer(() => new Promise(() => undefined));
    const calls = api.calls.length;
    for (const t of replicas.splice(0)) await t.close();
    killed = await spawnReplica(dataDir, TEST_PASSWORD, env());
    const token = await signIn(killed.url, TEST_PASSWORD);
    const auth = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
    const created = await fetch(`${killed.url}/api/blog/generate`, {
      method: 'POST',
      headers: auth,
      body: JSON.stringify({ topic_type: 'tutorial', title: 'Lane test Charlie' }),
    });
    const { id } = (await created.json()) as Draft;
    await until(() => api.calls.length > calls, 'the killed replica calling the model');
    const survivor = await replica();
    // While the other replica runs it, this one neither starts it again nor edits it.
    const regenerate = await survivor.t.service.http.inject({ method: 'POST', url: `/api/blog/${id}/regenerate`, headers: survivor.auth });
    expect(regenerate.statusCode).toBe(409);
    killed.child.kill('SIGKILL');
    await killed.exited;

    await until(async () => !IN_FLIGHT.includes((await draftOn(survivor, id)).pipeline.state), 'the orphaned pipeline ending');
    expect((await draftOn(survivor, id)).pipeline).toMatchObject({ state: 'failed', message: expect.stringContaining('Resume it') });

    api.setAnswer((call) => `Hosted answer to: ${call.body.messages.at(-1)?.content ?? ''}`);
    const resumed = await survivor.t.service.http.inject({ method: 'POST', url: `/api/blog/${id}/resume`, headers: survivor.auth });
    expect(resumed.statusCode).toBe(202);
    await until(async () => !IN_FLIGHT.includes((await draftOn(survivor, id)).pipeline.state), 'the resumed pipeline ending');
    expect((await draftOn(survivor, id)).pipeline.state).toBe('succeeded');
  });

  it('stops a run whose lane another replica took over, ending the draft failed and resumable', async () => {
    api.setAnswer(() => new Promise(() => undefined));
    const calls = api.calls.length;
    const a = replicas[0]!;
    const auth = { authorization: `Bearer ${await a.login()}` };
    const created = await a.service.http.inject({
      method: 'POST',
      url: '/api/blog/generate',
      headers: auth,
      payload: { topic_type: 'tutorial', title: 'Lane test Delta' },
    });
    const { id } = created.json() as Draft;
    await until(() => api.calls.length > calls, 'the replica calling the model');
    // What another replica does when this one's heartbeats stop reaching the database: it takes the lane.
    await a.service.ctx.db.kysely
      .withTables<BlogTables>()
      .updateTable('blog_model_lane')
      .set({ holder: 'another-replica', heartbeat_at: new Date().toISOString() })
      .execute();
    await until(async () => !IN_FLIGHT.includes((await draftOn({ t: a, auth }, id)).pipeline.state), 'the run stopping');
    expect((await draftOn({ t: a, auth }, id)).pipeline).toMatchObject({
      state: 'failed',
      message: expect.stringContaining('Another process took the language model over'),
    });
  });
});
