import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rmSync } from 'node:fs';
import { type LocalTeam, releaseWith, startLocalTeam } from '../../../scripts/team/local-team.js';
import { DEFAULT_IMAGE_SOURCES } from '../../../src/service/features/dashboard/dashboard.config.js';
import type { SearchResponse } from '../../../src/shared/api/search.schemas.js';
import { openWs } from '../rib/ws-client.js';
import { launchBrowser, signIn } from '../../helpers/browser.js';
import { ensureDashboardBuilt } from '../../helpers/dashboard-build.js';
import { expectNoPageProblems, productImagesFrom } from '../../helpers/page-problems.js';
import { TEST_ENGINE } from '../../helpers/test-database.js';
import { connectMcpClient, TEST_MCP_SECRET } from '../../helpers/tool-server-process.js';
import { until } from '../../helpers/wait-until.js';

/** How soon a product imported through one replica must be found by semantic search through the others. */
const SEARCH_FOLLOWS_WITHIN_MS = 10_000;

/**
 * A team server on loopback: a PostgreSQL cluster, three replicas of the headless service on one database and
 * haproxy with the repository's configuration (deploy/haproxy/haproxy.cfg) in front. Any replica answers any request,
 * and the team survives a replica killed under load, PostgreSQL going away and coming back, and a rolling upgrade.
 */
describe.skipIf(TEST_ENGINE !== 'postgres')('a team server: three replicas behind haproxy on one PostgreSQL', () => {
  let team: LocalTeam;
  let auth: Record<string, string>;

  beforeAll(async () => {
    // The replicas serve the dashboard this checkout builds.
    await ensureDashboardBuilt();
    team = await startLocalTeam({ env: { EMBEDDINGS_PROVIDER: 'hash', MCP_SECRET: TEST_MCP_SECRET }, toolServers: true });
    const login = await fetch(`${team.proxyUrl}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ password: team.password }),
    });
    auth = { authorization: `Bearer ${((await login.json()) as { token: string }).token}` };
  }, 240_000);
  afterAll(() => team?.stop());

  const list = (base: string) => fetch(`${base}/api/transceivers?limit=3&sort=part_number`, { headers: auth });

  /** Imports one product through `base` (a replica or the proxy). */
  async function importProduct(base: string, part: string, name: string): Promise<void> {
    const response = await fetch(`${base}/api/import/transceivers`, {
      method: 'POST',
      headers: { ...auth, 'content-type': 'text/csv' },
      body: `vendor_id,part_number,name,form_factor,speed_gbps,fiber_type,wdm_type,data_confidence\r\noperator,${part},${name},QSFP28,100,SMF,CWDM,scraped_unverified`,
    });
    expect(response.status, await response.text()).toBe(200);
  }

  /** One product per request through the proxy, from `workers` loops at once, until stop() is called. */
  function importLoad(prefix: string, workers = 3) {
    const acknowledged: string[] = [];
    const failed: string[] = [];
    let running = true;
    let n = 0;
    const loops = Array.from({ length: workers }, async () => {
      while (running) {
        const part = `${prefix}-${String(n++).padStart(5, '0')}`;
        const csv = `vendor_id,part_number,name,form_factor,speed_gbps,fiber_type,wdm_type,data_confidence\r\noperator,${part},Team load ${part},QSFP28,100,SMF,CWDM,scraped_unverified`;
        try {
          const response = await fetch(`${team.proxyUrl}/api/import/transceivers`, {
            method: 'POST',
            headers: { ...auth, 'content-type': 'text/csv' },
            body: csv,
          });
          (response.status === 200 ? acknowledged : failed).push(part);
        } catch {
          failed.push(part);
        }
      }
    });
    return {
      acknowledged,
      failed,
      async stop() {
        running = false;
        await Promise.all(loops);
      },
    };
  }

  const SCORES = { accuracy: 7, technical_depth: 6, practical_value: 8, originality: 5, structure: 7, readability: 8, human_tone: 6, sales_relevance: 9 };

  /** Blog drafts and a person's feedback on each, through the proxy from one loop, until stop() is called. */
  function draftLoad(prefix: string) {
    const drafts: string[] = [];
    const feedback: string[] = [];
    let failed = 0;
    let running = true;
    const post = (path: string, body: unknown) =>
      fetch(`${team.proxyUrl}${path}`, { method: 'POST', headers: { ...auth, 'content-type': 'application/json' }, body: JSON.stringify(body) });
    const loop = (async () => {
      for (let n = 0; running; n += 1) {
        const title = `${prefix} draft ${String(n).padStart(4, '0')}`;
        try {
          const created = await post('/api/blog/generate', { topic_type: 'tutorial', title });
          if (created.status !== 201) {
            failed += 1;
            continue;
          }
          drafts.push(title);
          const { id } = (await created.json()) as { id: string };
          const scored = await post(`/api/blog/${id}/feedback`, { scores: SCORES, comment: title });
          if (scored.status === 201) feedback.push(title);
          else failed += 1;
        } catch {
          failed += 1;
        }
      }
    })();
    return {
      drafts,
      feedback,
      failed: () => failed,
      async stop() {
        running = false;
        await loop;
      },
    };
  }

  /** How many rows of `table` hold each `column` value starting with `prefix`. */
  async function storedCounts(
    table: 'transceivers' | 'blog_drafts' | 'blog_feedback',
    column: 'part_number' | 'title' | 'comment',
    prefix: string,
  ): Promise<Map<string, number>> {
    const client = new pg.Client(team.databaseUrl);
    await client.connect();
    try {
      const { rows } = await client.query<{ value: string; n: number }>(
        `SELECT ${column} AS value, count(*)::int AS n FROM ${table} WHERE ${column} LIKE $1 GROUP BY ${column}`,
        [`${prefix}%`],
      );
      return new Map(rows.map((r) => [r.value, r.n]));
    } finally {
      await client.end();
    }
  }

  /** How many products carry each part number of a load (`prefix`-n). */
  const storedParts = (prefix: string) => storedCounts('transceivers', 'part_number', `${prefix}-`);

  it('answers through the proxy and on every replica with one token: API, dashboard, /ws/rib and the MCP tools', async () => {
    const pages = await Promise.all([team.proxyUrl, ...team.replicas.map((r) => r.url)].map(async (base) => (await list(base)).json()));
    for (const page of pages) expect(page).toEqual(pages[0]);
    expect((await fetch(`${team.proxyUrl}/dashboard/`)).status).toBe(200);

    const ws = await openWs(`${team.proxyUrl.replace('http', 'ws')}/ws/rib`, auth);
    await ws.waitFor((m) => m.type === 'status' || m.type === 'error');
    await ws.close();

    for (const kind of ['streamable-http', 'sse'] as const) {
      const client = await connectMcpClient(team.mcpUrl, kind);
      try {
        expect((await client.listTools()).tools).toHaveLength(12);
        const result = await client.callTool({ name: 'search_products', arguments: { q: 'QSFP28 LR4' } });
        expect(result.isError ?? false, JSON.stringify(result.content)).toBe(false);
      } finally {
        await client.close();
      }
    }
  }, 60_000);

  it('finds a product imported through one replica by semantic search through another, and through the proxy, within 10 s', async () => {
    const [a, b] = [team.replicas[0]!, team.replicas[1]!];
    const part = 'TEAM-SEARCH-ZEPHYR-1';
    const name = 'Zephyrine quasar tunable team module';
    await importProduct(a.url, part, name);
    const deadline = Date.now() + SEARCH_FOLLOWS_WITHIN_MS;
    const found = async (base: string) => {
      const response = await fetch(`${base}/search/products?q=${encodeURIComponent(name)}&limit=3`, { headers: auth });
      return response.status === 200 && ((await response.json()) as SearchResponse).hits.some((hit) => hit.record.part_number === part);
    };
    await until(() => found(b.url), `${part}, imported through ${a.name}, found by semantic search through ${b.name}`, deadline - Date.now());
    await until(() => found(team.proxyUrl), `${part}, imported through ${a.name}, found by semantic search through the proxy`, deadline - Date.now());
  });

  it('serves the dashboard through the proxy to Chromium: signed in, the catalogue lists a product imported through a replica', async () => {
    const part = 'TEAM-DASHBOARD-1';
    await importProduct(team.replicas[2]!.url, part, 'Team dashboard module');
    const browser = await launchBrowser(team.proxyUrl);
    try {
      await signIn(browser.page, team.proxyUrl, team.password);
      await browser.page.getByRole('tab', { name: 'Transceivers' }).click();
      await browser.page.fill('[data-testid=transceiver-filters] input[name=q]', part);
      await browser.page.locator('[data-testid=pagination]', { hasText: '1–1 of 1' }).waitFor();
      const row = browser.page.locator('[data-testid=transceiver-table] tbody tr');
      expect(await row.count()).toBe(1);
      expect(await row.first().locator('td').first().innerText()).toBe(part);
      expectNoPageProblems(browser.takeProblems(), productImagesFrom(DEFAULT_IMAGE_SOURCES));
    } finally {
      await browser.close();
    }
  }, 60_000);

  it('keeps every acknowledged import, draft and feedback exactly once when a replica is killed under load, and routes around it', async () => {
    const load = importLoad('TEAM-KILL');
    const writing = draftLoad('TEAM-KILL');
    await until(() => load.acknowledged.length >= 15 && writing.feedback.length >= 3, 'writes acknowledged before the kill');
    await team.replicas[1]!.kill();
    const atKill = { imports: load.acknowledged.length, feedback: writing.feedback.length };
    await until(() => load.acknowledged.length >= atKill.imports + 30 && writing.feedback.length >= atKill.feedback + 5, 'writes acknowledged after the kill');
    await load.stop();
    await writing.stop();

    const stored = await storedParts('TEAM-KILL');
    for (const part of load.acknowledged) expect(stored.get(part), part).toBe(1);
    expect([...stored.values()].every((n) => n === 1)).toBe(true);
    const drafts = await storedCounts('blog_drafts', 'title', 'TEAM-KILL');
    for (const title of writing.drafts) expect(drafts.get(title), title).toBe(1);
    expect([...drafts.values()].every((n) => n === 1)).toBe(true);
    const feedback = await storedCounts('blog_feedback', 'comment', 'TEAM-KILL');
    for (const title of writing.feedback) expect(feedback.get(title), title).toBe(1);
    expect([...feedback.values()].every((n) => n === 1)).toBe(true);
    // Only what was in flight on the killed replica may fail, one request per loop at most.
    expect(load.failed.length).toBeLessThanOrEqual(3);
    expect(writing.failed()).toBeLessThanOrEqual(1);
    await team.replicas[1]!.start();
  }, 120_000);

  it('answers 503 with Retry-After on every replica while PostgreSQL is away, and recovers by itself', async () => {
    team.cluster.halt();
    try {
      for (const base of [team.proxyUrl, ...team.replicas.map((r) => r.url)]) {
        const away = await list(base);
        expect(away.status).toBe(503);
        expect(away.headers.get('retry-after')).toBe('5');
        expect(await away.json()).toMatchObject({ error: 'Service Unavailable' });
      }
      const health = await (await fetch(`${team.proxyUrl}/api/health`)).json();
      expect(health).toMatchObject({ load_status: 'overloaded', load_reasons: expect.arrayContaining(['database query failed']) });
    } finally {
      team.cluster.start();
    }
    for (const base of [team.proxyUrl, ...team.replicas.map((r) => r.url)]) {
      await until(async () => (await list(base)).status === 200, `${base} answering again`, 30_000);
    }
  }, 120_000);

  it('restarts the replicas one at a time into a release whose migration adds a column: applied once, nothing lost', async () => {
    const release = releaseWith({ '999_rolling_upgrade.sql': 'ALTER TABLE vendors ADD COLUMN upgrade_note text;\n' });
    const load = importLoad('TEAM-UPGRADE');
    try {
      for (const replica of team.replicas) {
        const before = load.acknowledged.length;
        await replica.stop();
        await replica.start(release);
        await until(() => load.acknowledged.length >= before + 10, `imports acknowledged after upgrading ${replica.name}`);
      }
    } finally {
      await load.stop();
      rmSync(release, { recursive: true, force: true });
    }
    const stored = await storedParts('TEAM-UPGRADE');
    for (const part of load.acknowledged) expect(stored.get(part), part).toBe(1);
    expect(load.failed.length).toBeLessThanOrEqual(team.replicas.length);
    const client = new pg.Client(team.databaseUrl);
    await client.connect();
    try {
      const ledger = await client.query('SELECT count(*)::int AS n FROM schema_migrations WHERE version = 999');
      expect(ledger.rows[0]).toEqual({ n: 1 });
      const column = await client.query("SELECT 1 FROM information_schema.columns WHERE table_name = 'vendors' AND column_name = 'upgrade_note'");
      expect(column.rowCount).toBe(1);
    } finally {
      await client.end();
    }
  }, 240_000);
});
