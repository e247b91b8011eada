import { seedCatalogue } from '../../src/service/features/seed/seed.service.js';
import { seedSearchContent } from '../../src/service/features/search/seed-content.js';
import { seedForecastData } from '../../src/service/features/forecast/forecast.seed.js';
import { startTestService, type TestService } from './test-service.js';

/**
 * The real service on a loopback port with the full seed data set (catalogue, search content, forecast inputs) and
 * the fast deterministic embedder, as the browser tests and the dashboard benchmark need it.
 */
export async function startSeededService(): Promise<TestService> {
  const t = await startTestService({ listen: true, env: { EMBEDDINGS_PROVIDER: 'hash' } });
  const { db, config } = t.service.ctx;
  seedCatalogue(db, { resourcesDir: config.resourcesDir, operatorBrand: config.operatorBrand, now: Date.now() });
  seedSearchContent(db, config.resourcesDir);
  await seedForecastData(db, config.resourcesDir);
  // Seeded after start: embed the new rows now, so the tests see a complete index rather than a build in progress.
  await t.service.ctx.search.whenIdle();
  return t;
}
