import type { FeatureRoutes } from '../http/typed-app.js';
import { authRoutes } from './auth/auth.routes.js';
import { catalogueRoutes } from './catalogue/catalogue.routes.js';
import { dashboardRoutes } from './dashboard/dashboard.routes.js';
import { documentsRoutes } from './documents/documents.routes.js';
import { forecastRoutes } from './forecast/forecast.routes.js';
import { healthRoutes } from './health/health.routes.js';
import { newsRoutes } from './news/news.routes.js';
import { ribRoutes } from './rib/rib.routes.js';
import { searchRoutes } from './search/search.routes.js';
import { systemRoutes } from './system/system.routes.js';

/** Every feature's HTTP routes, in the order they are registered. */
export const featureRoutes: FeatureRoutes[] = [healthRoutes, authRoutes, systemRoutes, ribRoutes, catalogueRoutes, searchRoutes, newsRoutes, documentsRoutes, dashboardRoutes, forecastRoutes];
