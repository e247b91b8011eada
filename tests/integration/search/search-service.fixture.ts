import { seedSearchContent } from '../../../src/service/features/search/seed-content.js';
import { insertFixtureCatalogue } from '../../helpers/catalogue-fixtures.js';
import { startTestService, type TestService, type TestServiceOptions } from '../../helpers/test-service.js';

/** A test service on the hash provider with the search seed and the catalogue fixtures, all collections built. */
export async function startSearchService(options: TestServiceOptions & { catalogue?: boolean } = {}): Promise<TestService> {
  const t = await startTestService({ ...options, env: { EMBEDDINGS_PROVIDER: 'hash', ...options.env } });
  const { db, config } = t.service.ctx;
  await seedSearchContent(db, config.resourcesDir);
  if (options.catalogue !== false) await insertFixtureCatalogue(db);
  await t.service.ctx.search.whenIdle();
  return t;
}

export async function getJson(t: TestService, token: string, path: string): Promise<{ status: number; body: any }> {
  const response = await fetch(`${t.url}${path}`, { headers: { authorization: `Bearer ${token}` } });
  return { status: response.status, body: await response.json() };
}
