import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startThrowawayCluster, type ThrowawayCluster } from '../../../scripts/postgres/throwaway-cluster.js';
import { TEST_ENGINE } from '../../helpers/test-database.js';
import { startTestService, type TestService } from '../../helpers/test-service.js';

/**
 * PostgreSQL stopped and started again under a running service: while it is away requests answer 503 with
 * Retry-After and a JSON error (never a 500, never a hang), health says overloaded with the reason, and the service
 * answers again by itself once the server is back. The cluster is this test's own, so stopping it disturbs no other.
 */
describe.skipIf(TEST_ENGINE !== 'postgres')('a PostgreSQL outage', () => {
  let cluster: ThrowawayCluster;
  let t: TestService;
  let auth: Record<string, string>;

  beforeAll(async () => {
    cluster = await startThrowawayCluster();
    const client = new pg.Client(cluster.url);
    await client.connect();
    await client.query('CREATE DATABASE outage');
    await client.end();
    t = await startTestService({ env: { DATABASE_URL: cluster.urlOf('outage') } });
    auth = { authorization: `Bearer ${await t.login()}` };
  });
  afterAll(async () => {
    await t?.close();
    cluster?.stop();
  });

  const list = () => t.service.http.inject({ method: 'GET', url: '/api/transceivers?limit=5', headers: auth });

  it('answers 503 with Retry-After while the server is away, and recovers by itself', async () => {
    expect((await list()).statusCode).toBe(200);

    cluster.halt();
    const away = await list();
    expect(away.statusCode).toBe(503);
    expect(away.headers['retry-after']).toBe('5');
    expect(away.json()).toMatchObject({ error: 'Service Unavailable', message: expect.stringContaining('database cannot be reached') });
    const health = await t.service.http.inject({ method: 'GET', url: '/api/health' });
    expect(health.statusCode).toBe(200);
    expect(health.json()).toMatchObject({
      load_status: 'overloaded',
      load_reasons: expect.arrayContaining(['database query failed']),
      database: { ok: false },
    });

    cluster.start();
    await expect.poll(async () => (await list()).statusCode, { timeout: 20_000, interval: 200 }).toBe(200);
    expect((await t.service.http.inject({ method: 'GET', url: '/api/health' })).json()).toMatchObject({ database: { ok: true } });
  });
});
