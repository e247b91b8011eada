// Public entry of the jobs feature (the HTTP and CLI face of the scheduler). Code outside this folder imports the
// feature through this file only (.dependency-cruiser.cjs enforces it).
export { jobsRoutes } from './jobs.routes.js';
