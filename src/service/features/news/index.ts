// Public entry of the news feature. Code outside this folder imports the feature through this file only
// (.dependency-cruiser.cjs enforces it), so the rest of the folder can change without breaking its users.
export { newsJob } from './news.jobs.js';
export { insertSeedNews, newsSentimentFor, type SeedArticle } from './news.repository.js';
export { newsRoutes } from './news.routes.js';
