// Public entry of the catalogue feature. Code outside this folder imports the feature through this file only
// (.dependency-cruiser.cjs enforces it), so the rest of the folder can change without breaking its users.
export { catalogueRoutes } from './catalogue.routes.js';
export { FIBER_TYPES, WDM_TYPES } from './common/catalogue.enums.js';
export type { CatalogueTables } from './common/catalogue.tables.js';
export { parseSpeedGbps } from './common/catalogue.values.js';
export { SPEED_PATTERN } from './transceivers/transceivers.schemas.js';
