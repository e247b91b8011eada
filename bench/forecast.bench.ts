import { fitBass } from '../src/service/features/forecast/bass-fit.js';
import { bassCurve } from '../src/service/features/forecast/bass.model.js';
import { seedForecastData } from '../src/service/features/forecast/forecast.seed.js';
import type { BenchSection } from './bench-types.js';
import { openInProcessStack, timeCalls } from './in-process-stack.js';
import { fmt } from './load.js';

const REQUESTS = 150;
const WARMUP = 20;
const FITS = 40;

/** Latency of every forecast endpoint (app.inject, in process) against a bare Fastify route, and a 30-point fit. */
export async function run(): Promise<BenchSection> {
  const stack = await openInProcessStack('forecast', { SEED_ON_START: 'true', EMBEDDINGS_PROVIDER: 'builtin' });
  const { service, bare, headers } = stack;
  try {
    await seedForecastData(stack.service.ctx.db, stack.config.resourcesDir);

    const baseline = await timeCalls(REQUESTS, () => bare.inject({ url: '/bare' }));
    const endpoints: Array<[string, () => Promise<unknown>]> = [
      ['GET /api/hype-cycle', () => service.http.inject({ url: '/api/hype-cycle', headers })],
      ['GET /api/hype-cycle/1.6T', () => service.http.inject({ url: '/api/hype-cycle/1.6T', headers })],
      ['GET /api/hype-cycle/enriched', () => service.http.inject({ url: '/api/hype-cycle/enriched', headers })],
      ['GET /api/hype-cycle/lifecycle', () => service.http.inject({ url: '/api/hype-cycle/lifecycle', headers })],
      ['GET /api/hype-cycle/regional/400G', () => service.http.inject({ url: '/api/hype-cycle/regional/400G', headers })],
      [
        'POST /api/hype-cycle/model (bass, 100 periods)',
        () =>
          service.http.inject({ method: 'POST', url: '/api/hype-cycle/model', headers, payload: { model: 'bass', p: 0.03, q: 0.38, m: 1000, periods: 100 } }),
      ],
      [
        'POST /api/hype-cycle/model (norton-bass, 7 generations, 40 periods)',
        () =>
          service.http.inject({
            method: 'POST',
            url: '/api/hype-cycle/model',
            headers,
            payload: {
              model: 'norton-bass',
              p: 0.03,
              q: 0.4,
              periods: 40,
              generations: [0, 4, 8, 12, 16, 20, 23].map((launch, i) => ({ m: 100 * (i + 1), launch })),
            },
          }),
      ],
      [
        'POST /api/hype-cycle/fit (30 points)',
        () =>
          service.http.inject({
            method: 'POST',
            url: '/api/hype-cycle/fit',
            headers,
            payload: { model: 'bass', series: bassCurve({ p: 0.03, q: 0.38 }, 1000, 30).per_period },
          }),
      ],
      ['GET /api/forecast/400G', () => service.http.inject({ url: '/api/forecast/400G', headers })],
      ['GET /api/adoption', () => service.http.inject({ url: '/api/adoption', headers })],
      ['GET /api/adoption/400G', () => service.http.inject({ url: '/api/adoption/400G', headers })],
    ];
    const rows: string[] = [];
    for (const [name, once] of endpoints) {
      const timing = await timeCalls(REQUESTS, once);
      rows.push(`| ${name} | ${fmt(timing.p50, 3)} | ${fmt(timing.p99, 3)} | ${fmt(timing.p50 / baseline.p50, 1)} |`);
    }

    // A 30-point series with 10 % noise (deterministic), fitted directly; baseline: one closed-form curve evaluation.
    let seed = 11;
    const random = () => ((seed = (seed * 16807) % 2147483647), seed / 2147483647);
    const series = bassCurve({ p: 0.03, q: 0.38 }, 1000, 30).per_period.map((v) => v * (1 + 0.2 * (random() - 0.5)));
    const curve = await timeCalls(FITS * 50, () => bassCurve({ p: 0.03, q: 0.38 }, 1000, 30));
    let lastFit = fitBass(series);
    const fit = await timeCalls(FITS, () => {
      lastFit = fitBass(series);
    });

    const markdown = [
      `In-process latency (app.inject, ${REQUESTS} sequential requests after ${WARMUP} warm-up, seeded technology data set, empty catalogue, so`,
      'the catalogue factors fall back to the data set after running their queries). Baseline: a bare Fastify route answered through inject in the same run.',
      '',
      '| endpoint | p50 ms | p99 ms | p50 ratio to bare |',
      '|---|---|---|---|',
      `| bare Fastify GET /bare (baseline) | ${fmt(baseline.p50, 3)} | ${fmt(baseline.p99, 3)} | 1.0 |`,
      ...rows,
      '',
      'Bass fit of a 30-point series with 10 % noise (grid of 48 starting points, the best 3 polished by Levenberg-Marquardt):',
      '',
      '| operation | p50 ms | p99 ms | ratio to one curve evaluation |',
      '|---|---|---|---|',
      `| closed-form Bass curve, 30 periods (baseline) | ${fmt(curve.p50, 4)} | ${fmt(curve.p99, 4)} | 1 |`,
      `| fitBass, 30 points | ${fmt(fit.p50, 2)} | ${fmt(fit.p99, 2)} | ${fmt(fit.p50 / curve.p50, 0)} |`,
      '',
      `Fit result: p ${fmt(lastFit.p, 4)}, q ${fmt(lastFit.q, 4)}, m ${fmt(lastFit.m, 1)} (true 0.03, 0.38, 1000), r2 ${fmt(lastFit.r2, 4)}, converged ${lastFit.converged}, ${lastFit.iterations} LM iterations.`,
    ].join('\n');
    return { title: 'Lifecycle forecasting: endpoint latency and Bass fit', markdown };
  } finally {
    await stack.close();
  }
}
