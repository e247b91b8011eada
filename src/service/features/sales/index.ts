// Public entry of the sales-intelligence feature. Code outside this folder imports the feature through this file
// only (.dependency-cruiser.cjs enforces it), so the rest of the folder can change without breaking its users.
export { salesRoutes } from './sales.routes.js';
export { switchesForTransceiver } from './finder/switch-fits.service.js';
// Hot topics for the blog engine of a later issue (the same function GET /api/hot-topics calls).
export { discoverHotTopics, type HotTopicDeps } from './hot-topics/hot-topics.service.js';
