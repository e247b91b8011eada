import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createService, loadConfig, type Service } from '../../src/service/index.js';
import { createLogger } from '../../src/service/logger.js';
import { dropTestDatabase, testDatabaseEnv } from './test-database.js';

export const TEST_PASSWORD = 'correct horse battery staple';

export interface TestService {
  service: Service;
  dataDir: string;
  /** Base URL when started with listen: true. */
  url: string;
  login(password?: string): Promise<string>;
  close(): Promise<void>;
}

export interface TestServiceOptions {
  env?: Record<string, string | undefined>;
  listen?: boolean;
  now?: () => number;
  dataDir?: string;
  /** Receives the service's log lines (JSON) instead of stdout. */
  logLines?: (line: string) => void;
}

/** A fresh service on a temporary DATA_DIR, with its own database; listen: true serves real HTTP on port 0. */
export async function startTestService(options: TestServiceOptions = {}): Promise<TestService> {
  const dataDir = options.dataDir ?? mkdtempSync(join(tmpdir(), 'ti-test-'));
  const config = loadConfig({
    DATA_DIR: dataDir,
    ...(await testDatabaseEnv(dataDir)),
    PORT: '0',
    MCP_HTTP_PORT: '0',
    HOST: '127.0.0.1',
    DASHBOARD_PASSWORD: TEST_PASSWORD,
    LOG_LEVEL: 'silent',
    SCHEDULER_ENABLED: 'false',
    // Loading the seed takes about half a second; tests that want it pass SEED_ON_START: 'true'.
    SEED_ON_START: 'false',
    // The built-in model embeds about 20 texts/s on two cores; tests use the deterministic hash embedder.
    EMBEDDINGS_PROVIDER: 'hash',
    RATE_LIMIT_MAX: '100000',
    RATE_LIMIT_LOGIN_MAX: '100000',
    RATE_LIMIT_HEALTH_MAX: '100000',
    ...options.env,
  });
  const { logLines } = options;
  const destination = logLines === undefined ? undefined : { write: (line: string) => logLines(line) };
  const service = await createService(config, { logger: createLogger(config.logLevel, destination), ...(options.now ? { now: options.now } : {}) });
  let url = '';
  if (options.listen) url = (await service.start()).url;
  else await service.http.ready();
  return {
    service,
    dataDir,
    url,
    async login(password = TEST_PASSWORD) {
      const response = await service.http.inject({ method: 'POST', url: '/api/auth/login', payload: { password } });
      if (response.statusCode !== 200) throw new Error(`login failed: ${response.statusCode} ${response.body}`);
      return (response.json() as { token: string }).token;
    },
    async close() {
      await service.stop();
      if (options.dataDir) return;
      rmSync(dataDir, { recursive: true, force: true });
      await dropTestDatabase(dataDir);
    },
  };
}
