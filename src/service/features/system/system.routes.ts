import type { FeatureRoutes } from '../../http/typed-app.js';
import { systemSchema } from './system.schemas.js';
import { readSystemInfo } from './system.service.js';

export const systemRoutes: FeatureRoutes = async (app, { ctx }) => {
  app.get('/api/system', { schema: systemSchema }, async () => {
    const address = app.server.address();
    return readSystemInfo(ctx, typeof address === 'object' && address !== null ? address.port : undefined);
  });
};
