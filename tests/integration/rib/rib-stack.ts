import { seedTables } from '../../fixtures/ris-server/ris-seed.fixture.js';
import { type RisTestServer, type RisTestServerOptions, startRisTestServer } from '../../fixtures/ris-server/ris-server.fixture.js';
import { expect, vi } from 'vitest';
import type { RoutersResponse } from '../../../src/shared/api/rib/rib.schemas.js';
import { startTestService, type TestService } from '../../helpers/test-service.js';

export { seedTables };

export interface RibStack {
  ris: RisTestServer;
  t: TestService;
  token: string;
  get(path: string, withToken?: boolean): Promise<Response>;
  /** Waits until the gateway holds the default router's whole table (both families): lookups then read its copy. */
  tableReady(): Promise<void>;
  close(): Promise<void>;
}

export async function startRibStack(options: { ris?: RisTestServerOptions; env?: Record<string, string>; seed?: boolean } = {}): Promise<RibStack> {
  const ris = await startRisTestServer({ routers: [{ address: '192.0.2.10', sysName: 'edge1', vrfs: ['0:0', '65000:100'] }], ...options.ris });
  if (options.seed !== false) seedTables(ris);
  const t = await startTestService({
    listen: true,
    env: { RIS_ADDRESS: ris.address, RIS_TIMEOUT_MS: '1000', RIS_RECONNECT_MAX_MS: '300', ...options.env },
  });
  const token = await t.login();
  return {
    ris,
    t,
    token,
    get: (path, withToken = true) => fetch(`${t.url}${path}`, withToken ? { headers: { authorization: `Bearer ${token}` } } : {}),
    async tableReady() {
      await vi.waitFor(
        async () => {
          const response = await fetch(`${t.url}/api/rib/routers`, { headers: { authorization: `Bearer ${token}` } });
          expect(((await response.json()) as RoutersResponse).source.table?.ready).toBe(true);
        },
        { timeout: 15_000, interval: 50 },
      );
    },
    async close() {
      await t.close();
      await ris.stop();
    },
  };
}
