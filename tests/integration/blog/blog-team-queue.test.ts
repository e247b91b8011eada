import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Draft } from '../../../src/shared/api/blog/blog-drafts.schemas.js';
import type { QueueReset, QueueState } from '../../../src/shared/api/blog/blog-queue.schemas.js';
import { type HostedApiStandIn, type HostedCall, STAND_IN_API_KEY, startHostedApiStandIn } from '../../fixtures/llm/hosted-api-stand-in.js';
import { dropTestDatabase, TEST_ENGINE } from '../../helpers/test-database.js';
import { startTestService, type TestService } from '../../helpers/test-service.js';
import { until } from '../../helpers/wait-until.js';

const IN_FLIGHT = ['queued', 'running'];
const answerTo = (call: HostedCall) => `Hosted answer to: ${call.body.messages.at(-1)?.content ?? ''}`;

interface Replica {
  t: TestService;
  auth: Record<string, string>;
}

/**
 * The pipeline queue is the team's, in the database: two replicas on one database show the same queue, a reset
 * through one ends what was queued through the other and stops the run wherever it runs, one pipeline talks to the
 * model at a time across both, and a draft queued through a replica that stopped runs on the other.
 */
describe('the blog pipeline queue shared by replicas', () => {
  let api: HostedApiStandIn;
  let dataDir: string;
  const replicas: Replica[] = [];
  const stopped = new Set<TestService>();
  /** Opens the model's answers held by hold(). */
  let letGo = () => {};
  const hold = () => {
    const gate = new Promise<void>((resolve) => (letGo = resolve));
    api.setAnswer(async (call) => {
      await gate;
      return answerTo(call);
    });
  };
  const replica = async (heartbeatMs = 300): Promise<Replica> => {
    const env = { LLM_PROVIDER: 'hosted', ANTHROPIC_API_KEY: STAND_IN_API_KEY, ANTHROPIC_BASE_URL: api.url, JOB_HEARTBEAT_MS: String(heartbeatMs) };
    const t = await startTestService({ dataDir, env });
    const r = { t, auth: { authorization: `Bearer ${await t.login()}` } };
    replicas.push(r);
    return r;
  };
  const inject = (r: Replica, method: 'GET' | 'POST', url: string, payload?: object) =>
    r.t.service.http.inject({ method, url, headers: r.auth, ...(payload ? { payload } : {}) });
  const generate = async (r: Replica, title: string) => (await inject(r, 'POST', '/api/blog/generate', { topic_type: 'comparison', title })).json() as Draft;
  const draftOn = async (r: Replica, id: string) => (await inject(r, 'GET', `/api/blog/${id}`)).json() as Draft;
  const queueOn = async (r: Replica) => (await inject(r, 'GET', '/api/blog/llm/queue')).json() as QueueState;
  const runningHere = () => replicas.filter((r) => !stopped.has(r.t)).map((r) => r.t.service.ctx.blog.queue.runningDraft());

  beforeAll(async () => {
    api = await startHostedApiStandIn();
    dataDir = mkdtempSync(join(tmpdir(), 'ti-blog-queue-'));
  });
  afterAll(async () => {
    letGo();
    for (const r of replicas) if (!stopped.has(r.t)) await r.t.close();
    await api?.close();
    await dropTestDatabase(dataDir);
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('shows one queue through both replicas, and a reset through one ends what was queued through the other', async () => {
    hold();
    const [a, b] = [await replica(), await replica()];
    const ids: string[] = [];
    for (const title of ['Queue test Alpha', 'Queue test Bravo', 'Queue test Charlie']) ids.push((await generate(a, title)).id);
    await until(async () => (await queueOn(b)).running?.draft_id === ids[0], 'the first draft running');
    const viaB = await queueOn(b);
    expect(viaB).toMatchObject({ length: 2, queued: ids.slice(1), running: { draft_id: ids[0], title: 'Queue test Alpha' } });
    expect(await queueOn(a)).toEqual(viaB);
    expect((await draftOn(b, ids[2]!)).pipeline).toMatchObject({ state: 'queued', queue_position: 2 });
    // One pipeline at a time across both replicas.
    expect(runningHere().filter((id) => id !== null)).toEqual([ids[0]]);

    const reset = (await inject(b, 'POST', '/api/blog/llm/reset-queue')).json() as QueueReset;
    expect(reset.cancelled).toEqual(ids);
    expect(reset.queue).toMatchObject({ length: 0, queued: [], resets: viaB.resets + 1 });
    for (const id of ids.slice(1)) {
      expect((await draftOn(a, id)).pipeline).toMatchObject({ state: 'cancelled', message: 'The queue was reset: the run was cancelled. It had not started.' });
    }
    // The running pipeline stops wherever it runs, and ends cancelled.
    await until(async () => !IN_FLIGHT.includes((await draftOn(a, ids[0]!)).pipeline.state), 'the running pipeline stopping');
    expect((await draftOn(a, ids[0]!)).pipeline).toMatchObject({ state: 'cancelled', message: expect.stringContaining('The queue was reset') });
    await until(async () => (await queueOn(a)).running === null, 'the lane let go');
    expect(await queueOn(b)).toMatchObject({ running: null, length: 0, resets: viaB.resets + 1 });
    expect(api.maxInFlight()).toBe(1);
  });

  it('runs a draft queued through a replica that stopped on the other one, one pipeline at a time', async () => {
    hold();
    const [a, b] = [replicas[0]!, replicas[1]!];
    const first = await generate(a, 'Queue test Delta');
    const second = await generate(a, 'Queue test Echo');
    await until(async () => (await queueOn(b)).running?.draft_id === first.id, 'the first draft running');
    expect((await queueOn(b)).queued).toEqual([second.id]);
    const ranOnA = a.t.service.ctx.blog.queue.runningDraft() === first.id;
    stopped.add(a.t);
    await a.t.close();
    const stoppedAt = Date.now();
    api.setAnswer(answerTo);
    letGo();

    await until(async () => !IN_FLIGHT.includes((await draftOn(b, second.id)).pipeline.state), 'the second draft ending');
    expect((await draftOn(b, second.id)).pipeline.state).toBe('succeeded');
    // A stopped during its run ends it failed (resumable); a run on B goes on.
    await until(async () => !IN_FLIGHT.includes((await draftOn(b, first.id)).pipeline.state), 'the first draft ending');
    expect((await draftOn(b, first.id)).pipeline.state).toBe(ranOnA ? 'failed' : 'succeeded');
    const secondCalls = api.calls.filter((call) => call.body.messages.at(-1)?.content.includes('Queue test Echo'));
    expect(secondCalls.length).toBeGreaterThan(0);
    for (const call of secondCalls) expect(call.timing.receivedAt).toBeGreaterThanOrEqual(stoppedAt);
    expect(api.maxInFlight()).toBe(1);
  });

  // PostgreSQL tells every replica of a reset at once: the replica running the pipeline stops it long before its next
  // heartbeat (ten minutes away here), which is the only other way it would learn of it.
  it.runIf(TEST_ENGINE === 'postgres')('stops the run on the other replica at once when notified of a reset', async () => {
    for (const r of replicas.splice(0)) if (!stopped.has(r.t)) await r.t.close();
    hold();
    const [a, b] = [await replica(600_000), await replica(600_000)];
    const draft = await generate(a, 'Queue test Foxtrot');
    await until(() => runningHere().includes(draft.id), 'the draft running');
    const resetThrough = a.t.service.ctx.blog.queue.runningDraft() === draft.id ? b : a;
    expect((await inject(resetThrough, 'POST', '/api/blog/llm/reset-queue')).json()).toMatchObject({ cancelled: [draft.id] });
    await until(async () => (await draftOn(resetThrough, draft.id)).pipeline.state === 'cancelled', 'the run stopping');
  });
});
