import type { FeatureRoutes } from '../../http/typed-app.js';
import { HealthResponse } from '../../../shared/api/health.schemas.js';
import { readHealth } from './health.service.js';

const healthSchema = {
  tags: ['service'],
  summary: 'Service health and load (no authentication)',
  security: [],
  response: { 200: HealthResponse },
};

export const healthRoutes: FeatureRoutes = async (app, { ctx }) => {
  const { healthMax, windowMs } = ctx.config.rateLimit;
  app.get('/api/health', { schema: healthSchema, config: { public: true, rateLimit: { max: healthMax, timeWindow: windowMs } } }, async () => readHealth(ctx));
};
