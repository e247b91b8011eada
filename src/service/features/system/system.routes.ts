import type { FeatureRoutes } from '../../http/typed-app.js';
import { SystemInfo } from '../../../shared/api/system.schemas.js';
import { PROTECTED_ERRORS, withErrors } from '../../http/error-responses.js';
import { readSystemInfo } from './system.service.js';

const systemSchema = {
  tags: ['service'],
  summary: 'Where the service keeps its data, how colleagues reach it, migrations and scheduled jobs',
  response: withErrors({ 200: SystemInfo }, PROTECTED_ERRORS),
};

export const systemRoutes: FeatureRoutes = async (app, { ctx }) => {
  app.get('/api/system', { schema: systemSchema }, async () => {
    const address = app.server.address();
    return readSystemInfo(ctx, typeof address === 'object' && address !== null ? address.port : undefined);
  });
};
