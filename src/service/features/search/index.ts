// Public entry of the search feature. Code outside this folder imports the feature through this file only
// (.dependency-cruiser.cjs enforces it), so the rest of the folder can change without breaking its users.
export { createSearchEngine, type SearchEngine } from './search.engine.js';
export { searchRoutes } from './search.routes.js';
export { seedSearchContent } from './seed-content.js';
export { announceSourceChanges } from './stored-embeddings.repository.js';
