// Public entry of the vendor-shop scrapers. Code outside this folder imports the feature through this file only
// (.dependency-cruiser.cjs enforces it).
export { scraperJobs, scraperJobName } from './scrapers.jobs.js';
