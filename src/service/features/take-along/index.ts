// Public entry of the take-along feature. Code outside this folder imports the feature through this file only
// (.dependency-cruiser.cjs enforces it), so the rest of the folder can change without breaking its users.
export { takeAlongRoutes } from './take-along.routes.js';
export { readSnapshotInfo } from './take-along-state.service.js';
