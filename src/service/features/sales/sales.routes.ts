import { demandRoutes } from './demand/demand.routes.js';
import type { FeatureRoutes } from '../../http/typed-app.js';
import { transportRoutes } from './transport/transport.routes.js';
import { finderRoutes } from './finder/finder.routes.js';
import { datasheetRoutes } from './datasheets/index.js';
import { competitorAlertRoutes } from './alerts/competitor-alerts.routes.js';
import { hotTopicRoutes } from './hot-topics/hot-topics.routes.js';

/**
 * The sales-intelligence routes as one plugin, so src/service/features/index.ts needs one entry. Each part (finder,
 * datasheets, transport planner, competitor alerts, hot topics) registers its own encapsulated plugin here.
 */
export const salesRoutes: FeatureRoutes = async (app, opts) => {
  await app.register(transportRoutes, opts);
  await app.register(finderRoutes, opts);
  await app.register(datasheetRoutes, opts);
  await app.register(competitorAlertRoutes, opts);
  await app.register(hotTopicRoutes, opts);
  await app.register(demandRoutes, opts);
};
