import { execFile, spawn } from 'node:child_process';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { sql } from 'kysely';
import { readAsRowViewer } from '../../../src/service/db/row-viewer.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pullSnapshot } from '../../../src/service/features/take-along/snapshot-pull.service.js';
import { runTakeAlongCommand } from '../../../src/service/features/take-along/take-along.cli.js';
import { captureStreams } from '../../helpers/cli-streams.js';
import { TeamServerError } from '../../../src/service/features/take-along/team-snapshot.client.js';
import type { TakeAlongStatus } from '../../../src/shared/api/take-along.schemas.js';
import { TEST_PASSWORD, startTestService, type TestService } from '../../helpers/test-service.js';
import { until } from '../../helpers/wait-until.js';

const run = promisify(execFile);
const TSX = resolve('node_modules/.bin/tsx');
// The CLI killed in one process: node with tsx's loader, not the tsx launcher (which runs node as its child).
const TSX_LOADER = pathToFileURL(resolve('node_modules/tsx/dist/loader.mjs')).href;

/**
 * "Take along": a team service (the run's engine) serves its snapshot; a laptop service on its own SQLite file pulls
 * it, a pull that loses its connection part-way continues where it stopped, and the laptop then answers the same
 * catalogue pages as the team, says it shows a team snapshot and how old it is, and holds internal demand rows only
 * when it pulled with the team password.
 */
describe('take along: a laptop pulls a snapshot of the team server', () => {
  let team: TestService;
  let laptop: TestService;
  let teamToken: string;
  let laptopToken: string;

  const getJson = async <T>(service: TestService, token: string | undefined, path: string): Promise<{ status: number; body: T }> => {
    const response = await fetch(`${service.url}${path}`, { headers: token ? { authorization: `Bearer ${token}` } : {} });
    return { status: response.status, body: (await response.json()) as T };
  };
  // Counted as the service's own work, which row-level security lets see every row.
  const internalRows = async (service: TestService) =>
    readAsRowViewer(service.service.ctx.db, 'service', async (tx) =>
      Number((await sql<{ n: number }>`SELECT count(*) AS n FROM internal_demand WHERE is_internal = 1`.execute(tx.kysely)).rows[0]?.n),
    );
  const status = async () => (await getJson<TakeAlongStatus>(laptop, laptopToken, '/api/take-along/status')).body;

  beforeAll(async () => {
    team = await startTestService({ listen: true, env: { SEED_ON_START: 'true', TAKE_ALONG_ANONYMOUS: 'true' } });
    // The laptop is always its own SQLite file, whichever engine the team runs on.
    laptop = await startTestService({ listen: true, env: { DATABASE_URL: undefined } });
    teamToken = await team.login();
    laptopToken = await laptop.login();
  });
  afterAll(async () => {
    await laptop?.close();
    await team?.close();
  });

  it('the team answers bad snapshot requests with 4xx JSON', async () => {
    expect((await getJson(team, teamToken, '/api/take-along/tables/app_settings')).status).toBe(404);
    expect((await getJson(team, teamToken, '/api/take-along/tables/vendors?after=bm90LWEta2V5')).status).toBe(400);
    expect((await getJson(team, teamToken, '/api/take-along/tables/vendors?limit=0')).status).toBe(400);
    expect((await getJson(team, 'not.a-token', '/api/take-along/manifest')).status).toBe(401);
    // A server without TAKE_ALONG_ANONYMOUS serves its snapshot to the team password's token only.
    expect((await getJson(laptop, undefined, '/api/take-along/manifest')).status).toBe(401);
    expect((await getJson(laptop, laptopToken, '/api/take-along/manifest')).status).toBe(200);
    const bad = await fetch(`${laptop.url}/api/take-along/pull`, {
      method: 'POST',
      headers: { authorization: `Bearer ${laptopToken}`, 'content-type': 'application/json' },
      body: JSON.stringify({ from: 'ftp://team.example' }),
    });
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as { message: string }).message).toMatch(/from/);
  });

  it('an anonymous manifest counts no internal demand row; a signed-in one counts them all', async () => {
    type Manifest = { internal_demand: boolean; tables: Array<{ name: string; rows: number }> };
    const demandRows = (m: Manifest) => m.tables.find((t) => t.name === 'internal_demand')!.rows;
    const anonymous = (await getJson<Manifest>(team, undefined, '/api/take-along/manifest')).body;
    const signedIn = (await getJson<Manifest>(team, teamToken, '/api/take-along/manifest')).body;
    expect([anonymous.internal_demand, signedIn.internal_demand]).toEqual([false, true]);
    expect(demandRows(signedIn) - demandRows(anonymous)).toBe(await internalRows(team));
    expect(await internalRows(team)).toBeGreaterThan(1000);
  });

  it('a pull that loses its connection part-way leaves the laptop as it was and continues where it stopped', async () => {
    const db = laptop.service.ctx.db;
    let pages = 0;
    const dropping: typeof fetch = async (input, init) => {
      if (String(input).includes('/api/take-along/tables/') && ++pages > 4) throw new TypeError('socket hang up');
      return fetch(input, init);
    };
    await expect(pullSnapshot({ db, now: Date.now, fetch: dropping }, { from: team.url, pageRows: 500 })).rejects.toThrow(TeamServerError);
    const interrupted = await status();
    expect(interrupted.showing).toBe('own');
    expect(interrupted.pull).toMatchObject({ state: 'failed', pulled_rows: expect.any(Number) as number });
    expect(interrupted.pull!.pulled_rows).toBeGreaterThan(0);
    // The laptop's own (empty) catalogue is untouched until the whole snapshot is in.
    expect((await getJson<{ total: number }>(laptop, laptopToken, '/api/transceivers?limit=1')).body.total).toBe(0);

    const asked: string[] = [];
    const counting: typeof fetch = async (input, init) => {
      if (String(input).includes('/api/take-along/tables/')) asked.push(String(input));
      return fetch(input, init);
    };
    const result = await pullSnapshot({ db, now: Date.now, fetch: counting }, { from: team.url, pageRows: 500 });
    // Vendors, standards, form factors and two pages of transceivers were kept: the pull continues after the last
    // kept transceiver instead of starting over.
    expect(asked[0]).toMatch(/\/tables\/transceivers\?.*after=/);
    expect(result.internal_demand).toBe(false);
    expect(await internalRows(laptop)).toBe(0);
  });

  it('the laptop answers the same catalogue list and product pages as the team and says it shows a snapshot', async () => {
    for (const path of ['/api/transceivers?limit=50&sort=name', '/api/transceivers?limit=20&speed_gbps=400G&order=desc', '/api/vendors', '/api/standards']) {
      const [fromTeam, fromLaptop] = [await getJson(team, teamToken, path), await getJson(laptop, laptopToken, path)];
      expect(fromLaptop.status, path).toBe(200);
      expect(fromLaptop.body, path).toEqual(fromTeam.body);
    }
    const list = (await getJson<{ items: Array<{ id: string }> }>(team, teamToken, '/api/transceivers?limit=3')).body;
    for (const { id } of list.items) {
      expect((await getJson(laptop, laptopToken, `/api/transceivers/${id}`)).body).toEqual((await getJson(team, teamToken, `/api/transceivers/${id}`)).body);
    }
    const now = await status();
    expect(now.showing).toBe('team-snapshot');
    expect(now.pull).toBeNull();
    expect(now.snapshot).toMatchObject({ from: team.url, internal_demand: false });
    expect(now.snapshot!.age_seconds).toBeGreaterThanOrEqual(0);
  });

  it('the API route pulls in the background, and the status follows it to the new snapshot', async () => {
    const before = (await status()).snapshot!.applied_at;
    const started = await fetch(`${laptop.url}/api/take-along/pull`, {
      method: 'POST',
      headers: { authorization: `Bearer ${laptopToken}`, 'content-type': 'application/json' },
      body: JSON.stringify({ from: `${team.url}/` }),
    });
    expect(started.status).toBe(202);
    await until(async () => {
      const now = await status();
      return now.pull === null && now.snapshot !== null && now.snapshot.applied_at !== before;
    }, 'the background pull to be applied');
    expect((await status()).snapshot).toMatchObject({ from: team.url, internal_demand: false });
  });

  it('the CLI verb pulls with the team password from the environment and brings the internal demand along', async () => {
    const { stdout } = await run(TSX, ['src/cli.ts', 'take-along', '--from', team.url, '--password-env', 'TEAM_PASSWORD'], {
      env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '/tmp', DATA_DIR: laptop.dataDir, LOG_LEVEL: 'warn', TEAM_PASSWORD: TEST_PASSWORD },
    });
    expect(stdout).toMatch(/with internal demand/);
    expect(stdout).not.toContain(TEST_PASSWORD);
    expect(await internalRows(laptop)).toBe(await internalRows(team));
    expect((await status()).snapshot).toMatchObject({ internal_demand: true });
  });

  it('a CLI pull killed while it waits for a page continues from its kept pages', async () => {
    // A loopback relay to the team that, while `holding`, never answers the fourth page request and later ones.
    let holding = true;
    let pages = 0;
    const held: ServerResponse[] = [];
    const relay: Server = createServer((request: IncomingMessage, response: ServerResponse) => {
      if (request.url?.startsWith('/api/take-along/tables/') && holding && ++pages > 3) {
        held.push(response);
        return;
      }
      void fetch(`${team.url}${request.url ?? '/'}`, { method: request.method ?? 'GET', headers: { authorization: request.headers.authorization ?? '' } })
        .then(async (answer) => response.writeHead(answer.status, { 'content-type': 'application/json' }).end(Buffer.from(await answer.arrayBuffer())))
        .catch(() => response.destroy());
    });
    await new Promise<void>((listening) => relay.listen(0, '127.0.0.1', listening));
    const relayUrl = `http://127.0.0.1:${(relay.address() as { port: number }).port}`;
    try {
      const child = spawn(process.execPath, ['--import', TSX_LOADER, 'src/cli.ts', 'take-along', '--from', relayUrl], {
        env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '/tmp', DATA_DIR: laptop.dataDir, LOG_LEVEL: 'warn' },
        stdio: 'ignore',
      });
      const exited = new Promise((done) => child.once('exit', done));
      await until(() => held.length > 0, 'the CLI to wait for its fourth page');
      child.kill('SIGKILL');
      await exited;
      const interrupted = await status();
      expect(interrupted.pull).toMatchObject({ from: relayUrl, state: 'interrupted' });
      // The laptop still shows the snapshot it had; the three kept pages wait for the rest.
      expect(interrupted.snapshot?.from).not.toBe(relayUrl);

      holding = false;
      const asked: string[] = [];
      const counting: typeof fetch = async (input, init) => {
        if (String(input).includes('/api/take-along/tables/')) asked.push(String(input));
        return fetch(input, init);
      };
      await pullSnapshot({ db: laptop.service.ctx.db, now: Date.now, fetch: counting }, { from: relayUrl });
      // Vendors, standards and form factors were kept (one page each): the pull goes on with the transceivers.
      expect(asked[0]).toMatch(/\/tables\/transceivers\?limit=/);
      expect((await status()).snapshot).toMatchObject({ from: relayUrl, internal_demand: false });
      expect((await getJson(laptop, laptopToken, '/api/vendors')).body).toEqual((await getJson(team, teamToken, '/api/vendors')).body);
    } finally {
      for (const response of held) response.destroy();
      await new Promise((closed) => relay.close(closed));
    }
  });

  it("take-along --leave brings back the laptop's own data set and says so", async () => {
    const captured = captureStreams();
    const { config, ctx } = laptop.service;
    const code = await runTakeAlongCommand(['--leave'], {
      streams: captured.streams,
      withDatabase: (work) => work(ctx.db),
      env: {},
      now: Date.now,
      fetch,
      resourcesDir: config.resourcesDir,
      operatorBrand: config.operatorBrand,
    });
    expect(code).toBe(0);
    expect(await status()).toMatchObject({ showing: 'own', snapshot: null, pull: null });
    expect((await getJson<{ demo: boolean }>(laptop, laptopToken, '/api/data-status')).body.demo).toBe(true);
    expect(
      await runTakeAlongCommand(['--leave', '--status'], {
        ...{
          streams: captured.streams,
          withDatabase: () => Promise.reject(new Error('not opened')),
          env: {},
          now: Date.now,
          fetch,
          resourcesDir: '',
          operatorBrand: '',
        },
      }),
    ).toBe(2);
  });
});
