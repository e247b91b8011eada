// Public entry of the forecast feature. Code outside this folder imports the feature through this file only
// (.dependency-cruiser.cjs enforces it), so the rest of the folder can change without breaking its users.
export { forecastRoutes } from './forecast.routes.js';
export { seedForecastData } from './forecast.seed.js';
export { listHypeCycle } from './forecast.service.js';
export { forecastDemandInput } from './demand-input.service.js';
