// Public entry of the documents feature. Code outside this folder imports the feature through this file only
// (.dependency-cruiser.cjs enforces it), so the rest of the folder can change without breaking its users.
export { createDocumentJobs, type DocumentJobs } from './documents.jobs.js';
export { documentsRoutes } from './documents.routes.js';
export type { DocumentsCtx } from './documents.service.js';
