// Public entry of the seed feature. Code outside this folder imports the feature through this file only
// (.dependency-cruiser.cjs enforces it), so the rest of the folder can change without breaking its users.
export { ensureCatalogueSeeded, seedCatalogue } from './seed.service.js';
export { VELOCITY_CLASSES, VELOCITY_UNKNOWN } from './seed.tables.js';
export { isDemoData, LAST_IMPORT_SETTING } from './data-status.service.js';
export { seedRoutes } from './seed.routes.js';
