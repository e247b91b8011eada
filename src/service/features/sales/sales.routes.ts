import { demandRoutes } from './demand/demand.routes.js';
import type { FeatureRoutes } from '../../http/typed-app.js';

/**
 * The sales-intelligence routes as one plugin, so src/service/features/index.ts needs one entry. Each part (finder,
 * datasheets, transport planner, competitor alerts, hot topics) registers its own encapsulated plugin here.
 */
export const salesRoutes: FeatureRoutes = async (app, opts) => {
  await app.register(demandRoutes, opts);
};
