import type { FeatureRoutes } from '../http/typed-app.js';
import { authRoutes } from './auth/auth.routes.js';
import { healthRoutes } from './health/health.routes.js';
import { systemRoutes } from './system/system.routes.js';

/** Every feature's HTTP routes, in the order they are registered. */
export const featureRoutes: FeatureRoutes[] = [healthRoutes, authRoutes, systemRoutes];
