import Fastify from 'fastify';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { seedCatalogue } from '../src/service/features/seed/seed.service.js';
import { createService, loadConfig } from '../src/service/index.js';
import { createLogger } from '../src/service/logger.js';
import type { BenchSection } from './bench-types.js';
import { fmt } from './load.js';

const PASSWORD = 'bench-password';
const REQUESTS = 60;
const WARMUP = 10;

async function p50(count: number, once: () => Promise<unknown>): Promise<{ p50: number; p99: number }> {
  for (let i = 0; i < WARMUP; i += 1) await once();
  const samples: number[] = [];
  for (let i = 0; i < count; i += 1) {
    const started = performance.now();
    await once();
    samples.push(performance.now() - started);
  }
  samples.sort((a, b) => a - b);
  const at = (p: number) => samples[Math.min(samples.length - 1, Math.floor(p * samples.length))]!;
  return { p50: at(0.5), p99: at(0.99) };
}

/**
 * The internal demand routes over the seeded data set (8,585 SKUs): stock-analysis reads the filtered SKUs and ranks
 * them in JavaScript on every request, so its cost grows with the matching rows, not the page size.
 */
export async function run(): Promise<BenchSection> {
  const dataDir = mkdtempSync(join(tmpdir(), 'ti-bench-demand-'));
  const config = loadConfig({
    DATA_DIR: dataDir,
    PORT: '0',
    MCP_HTTP_PORT: '0',
    HOST: '127.0.0.1',
    DASHBOARD_PASSWORD: PASSWORD,
    LOG_LEVEL: 'silent',
    SCHEDULER_ENABLED: 'false',
    SEED_ON_START: 'false',
    EMBEDDINGS_PROVIDER: 'hash',
    RATE_LIMIT_MAX: '10000000',
  });
  const service = await createService(config, { logger: createLogger('silent') });
  const bare = Fastify();
  bare.get('/bare', async () => ({ ok: true }));
  try {
    await service.http.ready();
    await bare.ready();
    seedCatalogue(service.ctx.db, { resourcesDir: config.resourcesDir, operatorBrand: config.operatorBrand, now: Date.now() });
    const login = await service.http.inject({ method: 'POST', url: '/api/auth/login', payload: { password: PASSWORD } });
    const headers = { authorization: `Bearer ${(login.json() as { token: string }).token}` };
    const baseline = await p50(REQUESTS, () => bare.inject({ url: '/bare' }));
    const paths = [
      '/api/internal/demand/stock-analysis',
      '/api/internal/demand/stock-analysis?urgency=critical',
      '/api/internal/demand/stock-analysis?speed_gbps=100G&velocity_class=fast',
      '/api/internal/demand/stock-analysis?limit=500&offset=8000',
      '/api/internal/demand/by-speed',
      '/api/internal/demand/velocity',
      '/api/internal/demand/forecast-input',
      '/api/internal/demand/hype-weights',
    ];
    const rows: string[] = [];
    for (const path of paths) {
      const timing = await p50(REQUESTS, async () => {
        const response = await service.http.inject({ url: path, headers });
        if (response.statusCode !== 200) throw new Error(`${path}: ${response.statusCode}`);
      });
      rows.push(`| GET ${path} | ${fmt(timing.p50, 2)} | ${fmt(timing.p99, 2)} | ${fmt(timing.p50 / baseline.p50, 0)} |`);
    }
    return {
      title: 'Internal demand',
      markdown: [
        `In-process latency (app.inject, ${REQUESTS} sequential authenticated requests after ${WARMUP} warm-up) over the seeded catalogue`,
        '(8,585 demand SKUs). Baseline: a bare Fastify route answered through inject in the same run.',
        '',
        '| endpoint | p50 ms | p99 ms | p50 ratio to bare |',
        '|---|---|---|---|',
        `| bare Fastify GET /bare (baseline) | ${fmt(baseline.p50, 3)} | ${fmt(baseline.p99, 3)} | 1 |`,
        ...rows,
      ].join('\n'),
    };
  } finally {
    await bare.close();
    await service.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}
