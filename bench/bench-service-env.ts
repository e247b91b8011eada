import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** The dashboard password of every benchmark's service. */
export const BENCH_PASSWORD = 'bench-password';

export interface BenchServiceEnv {
  /** A fresh temporary data directory; the caller removes it when the benchmark is done. */
  dataDir: string;
  /** The service's environment over that directory. */
  env: Record<string, string>;
}

/**
 * A fresh data directory and the environment a benchmark starts the service with, spawned (`out/server/server.js`)
 * or built in process: the benchmark's password, the scheduler off so no timed job competes with the measurement,
 * and a rate limit no load run reaches. `overrides` adds or replaces variables (seeding, embedder, ...).
 */
export function benchServiceEnv(name: string, overrides: Record<string, string> = {}): BenchServiceEnv {
  const dataDir = mkdtempSync(join(tmpdir(), `ti-bench-${name}-`));
  const env = {
    DATA_DIR: dataDir,
    DASHBOARD_PASSWORD: BENCH_PASSWORD,
    LOG_LEVEL: 'warn',
    SCHEDULER_ENABLED: 'false',
    RATE_LIMIT_MAX: '10000000',
    RATE_LIMIT_HEALTH_MAX: '10000000',
    ...overrides,
  };
  return { dataDir, env };
}

/**
 * The same for a service built in this process: silent, and on ports the system picks (0) on loopback, so that it
 * never collides with a running app or another benchmark.
 */
export function inProcessBenchEnv(name: string, overrides: Record<string, string> = {}): BenchServiceEnv {
  return benchServiceEnv(name, { PORT: '0', MCP_HTTP_PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'silent', ...overrides });
}

/** Signs in to a service at `base` (http://host:port) with the benchmark's password; returns the bearer header. */
export async function benchSignIn(base: string): Promise<{ authorization: string }> {
  const login = await fetch(`${base}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ password: BENCH_PASSWORD }),
  });
  if (login.status !== 200) throw new Error(`sign-in at ${base} answered ${login.status}: ${await login.text()}`);
  const { token } = (await login.json()) as { token: string };
  return { authorization: `Bearer ${token}` };
}
