import { spawnServer, type SpawnedServer } from './spawn-server.js';
import { testDatabaseEnv } from './test-database.js';

/**
 * A service process on the test database of `dataDir`, as one replica of a team runs: loopback, a free port,
 * TEST_PASSWORD, no seeding and the hash embedder; `env` adds or replaces settings.
 */
export async function spawnReplica(dataDir: string, password: string, env: Record<string, string> = {}): Promise<SpawnedServer> {
  return spawnServer({
    DATA_DIR: dataDir,
    ...(await testDatabaseEnv(dataDir)),
    HOST: '127.0.0.1',
    PORT: '0',
    MCP_HTTP_PORT: '0',
    DASHBOARD_PASSWORD: password,
    SEED_ON_START: 'false',
    EMBEDDINGS_PROVIDER: 'hash',
    ...env,
  });
}

/** Signs in to the service at `url` and answers its bearer token. */
export async function signIn(url: string, password: string): Promise<string> {
  const login = await fetch(`${url}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ password }),
  });
  return ((await login.json()) as { token: string }).token;
}
