// Public entry of the auth feature. Code outside this folder imports the feature through this file only
// (.dependency-cruiser.cjs enforces it), so the rest of the folder can change without breaking its users.
export { createAuthHook } from './auth.hook.js';
export { authRoutes } from './auth.routes.js';
export { anonymousViewer, RequestViewer, requireViewer, viewerOf } from './request-viewer.js';
// The MCP tool server (src/tool-server) signs its own API token with this, from the same DASHBOARD_PASSWORD.
export { issueToken } from './auth.tokens.js';
