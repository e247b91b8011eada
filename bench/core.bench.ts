import { rmSync } from 'node:fs';
import { benchServiceEnv, benchSignIn } from './bench-service-env.js';
import type { BenchSection } from './bench-types.js';
import { fmt, load, median } from './load.js';
import { rssBytes, spawnTimed } from './processes.js';

const SERVER = ['out/server/server.js'];
/** What a person types, `npm run serve` (npm itself adds about a fifth of a second before this script runs). */
const SERVE = ['scripts/start.mjs', '--headless'];
const BARE = ['bench/fixtures/bare-server.mjs'];
const STARTS = 7;
const LOAD = { seconds: 4, concurrency: 16 };

/** Polls /search/stats until every collection is complete; returns the seconds it took. */
async function waitForCompleteIndex(port: number, timeoutMs: number): Promise<number> {
  const started = Date.now();
  const headers = await benchSignIn(`http://127.0.0.1:${port}`);
  while (Date.now() - started < timeoutMs) {
    const stats = (await (await fetch(`http://127.0.0.1:${port}/search/stats`, { headers })).json()) as { complete?: boolean };
    if (stats.complete === true) return (Date.now() - started) / 1000;
    await new Promise((resolve) => setTimeout(resolve, 1000));
  }
  throw new Error(`search indexes not complete after ${timeoutMs} ms`);
}

/** Start-up time, idle memory and throughput of the service, each against a bare Fastify process in the same run. */
export async function run(): Promise<BenchSection> {
  const { dataDir, env } = benchServiceEnv('core', { RATE_LIMIT_LOGIN_MAX: '1000' });
  try {
    // First start migrates and seeds the empty data directory and embeds the seed in the background (about a minute
    // with the built-in model); later starts find the database and the saved indexes ready, which is what is measured.
    const first = await spawnTimed(SERVER, env, '/api/health', 300_000);
    const indexSeconds = await waitForCompleteIndex(first.port, 600_000);
    await first.stop();

    const serviceStarts: number[] = [];
    const bareStarts: number[] = [];
    for (let i = 0; i < STARTS; i += 1) {
      const service = await spawnTimed(SERVER, env, '/api/health');
      serviceStarts.push(service.readyMs);
      await service.stop();
      const bare = await spawnTimed(BARE, {}, '/bare');
      bareStarts.push(bare.readyMs);
      await bare.stop();
    }

    // The start a person sees: the start script decides there is nothing to build, then the service answers the dashboard.
    const serveStarts: number[] = [];
    for (let i = 0; i < STARTS; i += 1) {
      const serve = await spawnTimed(SERVE, env, '/dashboard/', 120_000);
      serveStarts.push(serve.readyMs);
      await serve.stop();
    }

    const service = await spawnTimed(SERVER, env, '/api/health');
    const bare = await spawnTimed(BARE, {}, '/bare');
    await new Promise((resolve) => setTimeout(resolve, 2000));
    const serviceRss = rssBytes(service.child.pid as number);
    const bareRss = rssBytes(bare.child.pid as number);

    const signedIn = await benchSignIn(`http://127.0.0.1:${service.port}`);
    const bareLoad = await load(`http://127.0.0.1:${bare.port}/bare`, LOAD);
    const healthLoad = await load(`http://127.0.0.1:${service.port}/api/health`, LOAD);
    const protectedLoad = await load(`http://127.0.0.1:${service.port}/api/system`, { ...LOAD, headers: signedIn });
    const unauthorizedLoad = await load(`http://127.0.0.1:${service.port}/api/system`, LOAD);
    await service.stop();
    await bare.stop();

    const serviceMedian = median(serviceStarts);
    const bareMedian = median(bareStarts);
    const row = (name: string, r: Awaited<ReturnType<typeof load>>) =>
      `| ${name} | ${fmt(r.perSecond, 0)} | ${fmt(r.perSecond / bareLoad.perSecond, 2)} | ${fmt(r.p50Ms, 2)} | ${fmt(r.p99Ms, 2)} | ${Object.entries(r.statuses)
        .map(([s, n]) => `${s}: ${n}`)
        .join(', ')} |`;
    const markdown = [
      `Start-up: time from spawning \`node out/server/server.js\` to the first 200 from /api/health, on a migrated and seeded`,
      `data directory, ${STARTS} starts each; baseline: a bare Fastify process answering one route. Target: service median <= 1.0 s.`,
      `First start on an empty data directory (migrate + seed): ${fmt(first.readyMs, 0)} ms to answer; the search indexes of the`,
      `seed were complete ${fmt(indexSeconds, 0)} s later (built-in embeddings in a worker thread, while the service answered).`,
      '',
      '| process | median start (ms) | min | max | ratio to bare |',
      '|---|---|---|---|---|',
      `| service | ${fmt(serviceMedian, 0)} | ${fmt(Math.min(...serviceStarts), 0)} | ${fmt(Math.max(...serviceStarts), 0)} | ${fmt(serviceMedian / bareMedian, 2)} |`,
      `| bare Fastify | ${fmt(bareMedian, 0)} | ${fmt(Math.min(...bareStarts), 0)} | ${fmt(Math.max(...bareStarts), 0)} | 1.00 |`,
      `| \`scripts/start.mjs --headless\` (\`npm run serve\` and headless \`npm start\`), built, to the dashboard page | ${fmt(median(serveStarts), 0)} | ${fmt(Math.min(...serveStarts), 0)} | ${fmt(Math.max(...serveStarts), 0)} | ${fmt(median(serveStarts) / bareMedian, 2)} |`,
      '',
      `Idle RSS 2 s after start: service ${fmt(serviceRss / 2 ** 20)} MiB, bare Fastify ${fmt(bareRss / 2 ** 20)} MiB (ratio ${fmt(serviceRss / bareRss, 2)}).`,
      '',
      `Throughput over loopback, ${LOAD.concurrency} keep-alive connections for ${LOAD.seconds} s each (load generator in the bench process):`,
      '',
      '| route | req/s | ratio to bare | p50 ms | p99 ms | statuses |',
      '|---|---|---|---|---|---|',
      row('bare Fastify GET /bare', bareLoad),
      row('GET /api/health (DB query, statfs, load)', healthLoad),
      row('GET /api/system with a valid token', protectedLoad),
      row('GET /api/system without a token (401)', unauthorizedLoad),
    ].join('\n');
    return { title: 'Service core: start-up, memory, throughput', markdown };
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}
