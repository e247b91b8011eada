import { type ConfigProblems, type Env, readInteger } from '../../config-parsers.js';

export interface DocumentsConfig {
  /** DOCUMENTS_MAX_BYTES: largest PDF upload accepted by POST /api/documents/process (413 above it). */
  maxBytes: number;
}

export const DEFAULT_DOCUMENTS_MAX_BYTES = 50 * 1024 * 1024;

export function readDocumentsConfig(env: Env, problems: ConfigProblems): DocumentsConfig {
  return {
    maxBytes: readInteger(env, problems, 'DOCUMENTS_MAX_BYTES', DEFAULT_DOCUMENTS_MAX_BYTES, { min: 1024, max: 1_073_741_824 }),
  };
}
