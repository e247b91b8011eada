import { disjointPathPair, type GraphEdge, shortestPath } from '../src/service/features/sales/transport/transport.graph.js';
import { seedCatalogue } from '../src/service/features/seed/seed.service.js';
import type { BenchSection } from './bench-types.js';
import { openInProcessStack, timeCalls } from './in-process-stack.js';
import { fmt } from './load.js';

const REQUESTS = 150;
const WARMUP = 20;
const GRAPH_RUNS = 2000;

/** The plans a salesperson asks for: short and long, unprotected and 1+1, grey-free (all spans are long-haul). */
const PLANS: Array<[string, object]> = [
  ['London to Frankfurt, 4x100G, no protection', { from: 'london', to: 'frankfurt', capacity: '4x100G' }],
  ['London to Frankfurt, 4x100G, 1+1', { from: 'london', to: 'frankfurt', capacity: '4x100G', protection: '1+1' }],
  ['London to Warsaw, 4x100G, 1+1', { from: 'London', to: 'Warsaw', capacity: '4x100G', protection: '1+1' }],
  [
    'Madrid to Helsinki, 2x400G, 1+1, avoid estimated routes -> 422',
    { from: 'madrid', to: 'helsinki', capacity: '2x400G', protection: '1+1', preferences: { avoid_estimated: true } },
  ],
  ['Lisbon to Helsinki, 8x100G, 1+1 (Lisbon single-homed) -> 422', { from: 'lisbon', to: 'helsinki', capacity: '8x100G', protection: '1+1' }],
  ['Madrid to Helsinki, 2x400G, no protection, USD', { from: 'madrid', to: 'helsinki', capacity: '2x400G', currency: 'USD' }],
];

/**
 * Planner latency (app.inject on the seeded data set) against two baselines measured in the same run: a bare Fastify
 * route, and the service's own GET /api/health (the same stack, with no work behind it).
 */
export async function run(): Promise<BenchSection> {
  const stack = await openInProcessStack('transport');
  const { service, bare, headers } = stack;
  try {
    await seedCatalogue(stack.service.ctx.db, { resourcesDir: stack.config.resourcesDir, operatorBrand: stack.config.operatorBrand, now: Date.now() });

    const baseline = await timeCalls(REQUESTS, () => bare.inject({ url: '/bare' }));
    const health = await timeCalls(REQUESTS, () => service.http.inject({ url: '/api/health' }));
    const rows: string[] = [];
    for (const [name, payload] of PLANS) {
      const status = (await service.http.inject({ method: 'POST', url: '/api/transport/plan', headers, payload })).statusCode;
      const timing = await timeCalls(REQUESTS, () => service.http.inject({ method: 'POST', url: '/api/transport/plan', headers, payload }));
      rows.push(`| POST /api/transport/plan: ${name} | ${status} | ${fmt(timing.p50, 3)} | ${fmt(timing.p99, 3)} | ${fmt(timing.p50 / baseline.p50, 1)} |`);
    }
    const network = await timeCalls(REQUESTS, () => service.http.inject({ url: '/api/transport/network', headers }));

    // The path algorithms alone, on the seeded graph (45 routes): Dijkstra as the baseline for Bhandari's pair.
    const routes = (await service.http.inject({ url: '/api/transport/network', headers })).json() as {
      routes: Array<{ id: number; from: string; to: string; km: number }>;
    };
    const edges: GraphEdge[] = routes.routes.map((r) => ({ id: r.id, a: r.from, b: r.to, km: r.km }));
    const dijkstra = await timeCalls(GRAPH_RUNS, () => shortestPath(edges, 'london', 'warsaw'));
    const pair = await timeCalls(GRAPH_RUNS, () => disjointPathPair(edges, 'london', 'warsaw'));

    const markdown = [
      `In-process latency (app.inject, ${REQUESTS} sequential requests after ${WARMUP} warm-up) on the seeded data set (25 cities, 45 routes,`,
      "the operator's catalogue and prices). Baseline: a bare Fastify route answered through inject in the same run; the service's",
      'GET /api/health shows what the stack (auth hook, validation, serialisation) costs before any planning.',
      '',
      '| request | status | p50 ms | p99 ms | p50 ratio to bare |',
      '|---|---|---|---|---|',
      `| bare Fastify GET /bare (baseline) | 200 | ${fmt(baseline.p50, 3)} | ${fmt(baseline.p99, 3)} | 1.0 |`,
      `| GET /api/health | 200 | ${fmt(health.p50, 3)} | ${fmt(health.p99, 3)} | ${fmt(health.p50 / baseline.p50, 1)} |`,
      `| GET /api/transport/network | 200 | ${fmt(network.p50, 3)} | ${fmt(network.p99, 3)} | ${fmt(network.p50 / baseline.p50, 1)} |`,
      ...rows,
      '',
      `Path algorithms alone on the seeded graph, London to Warsaw (${GRAPH_RUNS} runs):`,
      '',
      '| operation | p50 ms | p99 ms | ratio to Dijkstra |',
      '|---|---|---|---|',
      `| Dijkstra shortest path (baseline) | ${fmt(dijkstra.p50, 4)} | ${fmt(dijkstra.p99, 4)} | 1.0 |`,
      `| Bhandari disjoint pair (Dijkstra + Bellman-Ford + untangling) | ${fmt(pair.p50, 4)} | ${fmt(pair.p99, 4)} | ${fmt(pair.p50 / dijkstra.p50, 1)} |`,
    ].join('\n');
    return { title: 'Transport planner', markdown };
  } finally {
    await stack.close();
  }
}
