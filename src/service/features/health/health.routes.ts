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
  app.get('/api/health', { schema: healthSchema, config: { public: true } }, async () => readHealth(ctx));
};
