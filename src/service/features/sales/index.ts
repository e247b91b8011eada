// Public entry of the sales-intelligence feature. Code outside this folder imports the feature through this file
// only (.dependency-cruiser.cjs enforces it), so the rest of the folder can change without breaking its users.
export { salesRoutes } from './sales.routes.js';
export { switchesForTransceiver } from './finder/switch-fits.service.js';
