// Public entry of the health feature. Code outside this folder imports the feature through this file only
// (.dependency-cruiser.cjs enforces it), so the rest of the folder can change without breaking its users.
export { healthRoutes } from './health.routes.js';
export { createLoadSampler, type LoadSampler } from './load-sampler.js';
