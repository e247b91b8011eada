import { afterAll, beforeAll } from 'vitest';
import { startTestService, type TestService, type TestServiceOptions } from './test-service.js';

/**
 * A test service for one describe block: started before its tests with `fill` applied to its database, a signed-in
 * authorization header ready, and closed after them. Read `service()` and `auth()` inside the tests.
 */
export function signedInService(fill: (service: TestService) => Promise<void>, options: TestServiceOptions = {}) {
  let started: TestService | undefined;
  let header: Record<string, string> = {};
  beforeAll(async () => {
    started = await startTestService(options);
    await fill(started);
    header = { authorization: `Bearer ${await started.login()}` };
  });
  afterAll(async () => started?.close());
  return {
    service: (): TestService => started!,
    auth: (): Record<string, string> => header,
  };
}
