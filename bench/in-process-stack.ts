import Fastify, { type FastifyInstance } from 'fastify';
import { rmSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import { type Config, createService, loadConfig, type Service } from '../src/service/index.js';
import { createLogger } from '../src/service/logger.js';
import { BENCH_PASSWORD, inProcessBenchEnv } from './bench-service-env.js';

export interface Timing {
  p50: number;
  p99: number;
  mean: number;
}

/** Sequential calls after a warm-up: their p50, p99 and mean in milliseconds. */
export async function timeCalls(count: number, once: () => Promise<unknown> | unknown, warmup = 20): Promise<Timing> {
  for (let i = 0; i < warmup; i += 1) await once();
  const samples: number[] = [];
  for (let i = 0; i < count; i += 1) {
    const started = performance.now();
    await once();
    samples.push(performance.now() - started);
  }
  const sorted = [...samples].sort((a, b) => a - b);
  const at = (p: number) => sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))] as number;
  return { p50: at(0.5), p99: at(0.99), mean: samples.reduce((s, v) => s + v, 0) / samples.length };
}

export interface InProcessStack {
  service: Service;
  config: Config;
  /** A bare Fastify route answering {ok: true}: the baseline an in-process latency is compared with. */
  bare: FastifyInstance;
  /** A signed-in Authorization header. */
  headers: Record<string, string>;
  close(): Promise<void>;
}

/**
 * The service built in process on a temporary data directory (timers off, no rate limit, hash embeddings unless
 * `env` says otherwise), signed in, beside a bare Fastify route, so that a benchmark measures routes through
 * app.inject against a baseline of the same run. Seeding is the caller's (catalogue, forecast data ...).
 */
export async function openInProcessStack(name: string, env: Record<string, string> = {}): Promise<InProcessStack> {
  const stackEnv = inProcessBenchEnv(name, { SEED_ON_START: 'false', EMBEDDINGS_PROVIDER: 'hash', ...env });
  const { dataDir } = stackEnv;
  const config = loadConfig(stackEnv.env);
  const service = await createService(config, { logger: createLogger('silent') });
  const bare = Fastify();
  bare.get('/bare', async () => ({ ok: true }));
  await service.http.ready();
  await bare.ready();
  const login = await service.http.inject({ method: 'POST', url: '/api/auth/login', payload: { password: BENCH_PASSWORD } });
  const headers = { authorization: `Bearer ${(login.json() as { token: string }).token}` };
  return {
    service,
    config,
    bare,
    headers,
    async close() {
      await bare.close();
      await service.stop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
