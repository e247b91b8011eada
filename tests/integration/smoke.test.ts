import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestService, type TestService } from '../helpers/test-service.js';

describe('service smoke', () => {
  let t: TestService;
  beforeAll(async () => {
    t = await startTestService({ listen: true });
  });
  afterAll(async () => t?.close());

  it('answers health over real HTTP', async () => {
    const response = await fetch(`${t.url}/api/health`);
    expect(response.status).toBe(200);
    const body = (await response.json()) as Record<string, unknown>;
    expect(body.version).toBe('0.3.0');
    expect(['ok', 'busy', 'overloaded']).toContain(body.load_status);
    // Public: no file-system path anywhere in it (the data directory is for signed-in clients, GET /api/system).
    const text = JSON.stringify(body);
    expect(text).not.toContain(t.dataDir);
    expect(text).not.toMatch(/"\/(tmp|home|root|var|Users)\b/);
  });
});
