import { execFile } from 'node:child_process';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { resolve } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pullSnapshot } from '../../../src/service/features/take-along/snapshot-pull.service.js';
import { TeamServerError } from '../../../src/service/features/take-along/team-snapshot.client.js';
import type { TakeAlongStatus } from '../../../src/shared/api/take-along.schemas.js';
import { startTestService, type TestService } from '../../helpers/test-service.js';
import { until } from '../../helpers/wait-until.js';

const run = promisify(execFile);
const TSX = resolve('node_modules/.bin/tsx');

/** A loopback server answering every request with `answer`. */
async function serve(answer: (request: IncomingMessage, response: ServerResponse) => void): Promise<{ url: string; close(): Promise<void> }> {
  const server: Server = createServer(answer);
  await new Promise<void>((listening) => server.listen(0, '127.0.0.1', listening));
  return {
    url: `http://127.0.0.1:${(server.address() as { port: number }).port}`,
    close: () =>
      new Promise((closed) => {
        server.close(() => closed());
        server.closeAllConnections();
      }),
  };
}

/**
 * What a pull may and may not do: the laptop's search finds the snapshot's products as soon as the status says the
 * pull is done; one pull at a time per data directory (the route, and the CLI beside the service); and the pull route
 * reads only a team server, never any address it is handed.
 */
describe('take along: search after a pull, one pull at a time, and what a pull may fetch', () => {
  let team: TestService;
  let laptop: TestService;
  let token: string;
  // The laptop's team server as it is configured: a relay to the team that holds page requests while `holding`.
  let relay: { url: string; close(): Promise<void> };
  let holding = false;
  const held: ServerResponse[] = [];

  const post = async (from: string) => {
    const response = await fetch(`${laptop.url}/api/take-along/pull`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ from }),
    });
    return { status: response.status, body: (await response.json()) as { message?: string; pull?: unknown } };
  };
  const getJson = async <T>(path: string): Promise<T> =>
    (await fetch(`${laptop.url}${path}`, { headers: { authorization: `Bearer ${token}` } })).json() as Promise<T>;
  const status = () => getJson<TakeAlongStatus>('/api/take-along/status');

  beforeAll(async () => {
    team = await startTestService({ listen: true, env: { SEED_ON_START: 'true', TAKE_ALONG_ANONYMOUS: 'true' } });
    relay = await serve((request, response) => {
      if (request.url?.startsWith('/api/take-along/tables/') && holding) {
        held.push(response);
        return;
      }
      void fetch(`${team.url}${request.url ?? '/'}`)
        .then(async (answer) => response.writeHead(answer.status, { 'content-type': 'application/json' }).end(Buffer.from(await answer.arrayBuffer())))
        .catch(() => response.destroy());
    });
    // The laptop has its own SQLite file whichever engine the team runs on.
    laptop = await startTestService({ listen: true, env: { DATABASE_URL: undefined, TAKE_ALONG_TEAM_URL: `${relay.url}/` } });
    token = await laptop.login();
  });
  afterAll(async () => {
    await laptop?.close();
    await relay?.close();
    await team?.close();
  });

  it('finds a product of the snapshot by semantic search once the status says the pull is done', async () => {
    await laptop.service.ctx.search.whenIdle();
    expect((await post(relay.url)).status).toBe(202);
    await until(async () => {
      const now = await status();
      return now.pull === null && now.showing === 'team-snapshot';
    }, 'the pull to be done');
    const teamToken = await team.login();
    const products = (await (
      await fetch(`${team.url}/api/transceivers?limit=1&sort=name&order=desc`, { headers: { authorization: `Bearer ${teamToken}` } })
    ).json()) as { items: Array<{ id: string; name: string }> };
    const product = products.items[0]!;
    const found = await getJson<{ index_complete: boolean; hits: Array<{ id: string }> }>(`/search/products?q=${encodeURIComponent(product.name)}&limit=10`);
    expect(found.index_complete).toBe(true);
    expect(found.hits.map((hit) => hit.id)).toContain(product.id);
  });

  it('answers a second pull while one runs with 409 naming it, from the route and from the CLI beside the service', async () => {
    holding = true;
    try {
      expect((await post(relay.url)).status).toBe(202);
      await until(() => held.length > 0, 'the first pull to wait for a page');
      const second = await post(relay.url);
      expect(second.status).toBe(409);
      expect(second.body.message).toContain(`A pull from ${relay.url} is under way`);

      const cli = await run(TSX, ['src/cli.ts', 'take-along', '--from', team.url], {
        env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '/tmp', DATA_DIR: laptop.dataDir, LOG_LEVEL: 'warn' },
      }).catch((error: { code: number; stderr: string }) => error);
      expect('code' in cli ? cli.code : 0).toBe(1);
      expect('stderr' in cli ? cli.stderr : '').toContain(`A pull from ${relay.url} is under way`);
    } finally {
      holding = false;
      for (const response of held.splice(0)) response.destroy();
    }
    await until(async () => (await status()).pull?.state === 'failed', 'the held pull to fail');
    // The claim is free again.
    expect((await post(relay.url)).status).toBe(202);
    await until(async () => (await status()).pull === null, 'the pull to be done');
  });

  it('refuses a pull from anything but its team server with 400 JSON naming the problem', async () => {
    const credentials = await post(relay.url.replace('http://', 'http://someone:secret@'));
    expect(credentials.status).toBe(400);
    expect(credentials.body.message).toMatch(/user name or password/);
    for (const elsewhere of [team.url, 'http://169.254.169.254/latest/meta-data']) {
      const other = await post(elsewhere);
      expect(other.status).toBe(400);
      expect(other.body.message).toContain(`pulls only from ${relay.url}`);
    }
    const scheme = await post('file:///etc/passwd');
    expect(scheme.status).toBe(400);
  });

  it('follows no redirect and reads only bounded JSON of a team server', async () => {
    const db = laptop.service.ctx.db;
    const redirecting = await serve((_request, response) => response.writeHead(302, { location: `${team.url}/api/take-along/manifest` }).end());
    const html = await serve((_request, response) => response.writeHead(200, { 'content-type': 'text/html' }).end('<html>internal page</html>'));
    const wrongShape = await serve((_request, response) => response.writeHead(200, { 'content-type': 'application/json' }).end('{"secret":"internal"}'));
    const huge = await serve((_request, response) => {
      response.writeHead(200, { 'content-type': 'application/json', 'content-length': String(2 ** 40) });
      response.flushHeaders();
    });
    try {
      const attempt = (url: string) => pullSnapshot({ db, now: Date.now, fetch }, { from: url });
      await expect(attempt(redirecting.url)).rejects.toThrow(/redirect/);
      await expect(attempt(html.url)).rejects.toThrow(/is not a team server/);
      await expect(attempt(wrongShape.url)).rejects.toThrow(TeamServerError);
      await expect(attempt(wrongShape.url)).rejects.not.toThrow(/secret|internal/);
      await expect(attempt(huge.url)).rejects.toThrow(/larger than/);
      expect((await status()).pull).toBeNull();
    } finally {
      for (const server of [redirecting, html, wrongShape, huge]) await server.close();
    }
  });
});
