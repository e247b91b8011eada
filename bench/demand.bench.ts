import { seedCatalogue } from '../src/service/features/seed/seed.service.js';
import type { BenchSection } from './bench-types.js';
import { openInProcessStack, timeCalls } from './in-process-stack.js';
import { fmt } from './load.js';

const REQUESTS = 60;
const WARMUP = 10;

/**
 * The internal demand routes over the seeded data set (8,585 SKUs): stock-analysis reads the filtered SKUs and ranks
 * them in JavaScript on every request, so its cost grows with the matching rows, not the page size.
 */
export async function run(): Promise<BenchSection> {
  const stack = await openInProcessStack('demand');
  const { service, bare, headers } = stack;
  try {
    await seedCatalogue(stack.service.ctx.db, { resourcesDir: stack.config.resourcesDir, operatorBrand: stack.config.operatorBrand, now: Date.now() });
    const baseline = await timeCalls(REQUESTS, () => bare.inject({ url: '/bare' }), WARMUP);
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
      const timing = await timeCalls(
        REQUESTS,
        async () => {
          const response = await service.http.inject({ url: path, headers });
          if (response.statusCode !== 200) throw new Error(`${path}: ${response.statusCode}`);
        },
        WARMUP,
      );
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
    await stack.close();
  }
}
