import type { FeatureRoutes } from '../../http/typed-app.js';
import { healthSchema } from './health.schemas.js';
import { readHealth } from './health.service.js';

export const healthRoutes: FeatureRoutes = async (app, { ctx }) => {
  app.get('/api/health', { schema: healthSchema, config: { public: true } }, async () => readHealth(ctx));
};
