import type { FeatureRoutes } from '../../http/typed-app.js';
import { DataStatus } from '../../../shared/api/data-status.schemas.js';
import { PROTECTED_ERRORS, withErrors } from '../../http/error-responses.js';
import { readDataStatus } from './data-status.service.js';

const dataStatusSchema = {
  tags: ['service'],
  summary: 'Whether the catalogue is the generated demo data set (seed) or holds imported data, and what is demo',
  response: withErrors({ 200: DataStatus }, PROTECTED_ERRORS),
};

export const seedRoutes: FeatureRoutes = async (app, { ctx }) => {
  app.get('/api/data-status', { schema: dataStatusSchema }, async () => readDataStatus(ctx.db, ctx.config.operatorBrand));
};
