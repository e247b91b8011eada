// The datasheets part of the sales feature; registered by ../sales.routes.ts.
export { datasheetRoutes } from './datasheets.routes.js';
