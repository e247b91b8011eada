// Public entry of the rib feature. Code outside this folder imports the feature through this file only
// (.dependency-cruiser.cjs enforces it), so the rest of the folder can change without breaking its users.
export { createRibGateway, type RibGateway } from './rib.gateway.js';
export { ribRoutes } from './rib.routes.js';
