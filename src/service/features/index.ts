import type { FeatureRoutes } from '../http/typed-app.js';
import { authRoutes } from './auth/index.js';
import { languageModelRoutes } from './blog/llm/index.js';
import { blogRoutes } from './blog/index.js';
import { catalogueRoutes } from './catalogue/index.js';
import { dashboardRoutes } from './dashboard/index.js';
import { documentsRoutes } from './documents/index.js';
import { forecastRoutes } from './forecast/index.js';
import { healthRoutes } from './health/index.js';
import { jobsRoutes } from './jobs/index.js';
import { newsRoutes } from './news/index.js';
import { ribRoutes } from './rib/index.js';
import { salesRoutes } from './sales/index.js';
import { searchRoutes } from './search/index.js';
import { seedRoutes } from './seed/index.js';
import { systemRoutes } from './system/index.js';
import { takeAlongRoutes } from './take-along/index.js';

/** Every feature's HTTP routes, in the order they are registered. */
export const featureRoutes: FeatureRoutes[] = [
  healthRoutes,
  authRoutes,
  systemRoutes,
  ribRoutes,
  catalogueRoutes,
  searchRoutes,
  newsRoutes,
  documentsRoutes,
  dashboardRoutes,
  forecastRoutes,
  salesRoutes,
  jobsRoutes,
  seedRoutes,
  languageModelRoutes,
  // blog-pipeline: drafts, pipeline queue, feedback
  blogRoutes,
  takeAlongRoutes,
];
