import type { Logger } from 'pino';
import type { Config } from './config.js';
import type { BlogEngine } from './features/blog/index.js';
import type { AppDatabase } from './db/database.js';
import type { DocumentJobs } from './features/documents/index.js';
import type { LanguageModelHandle } from './features/blog/llm/index.js';
import type { LoadSampler } from './features/health/index.js';
import type { RibGateway } from './features/rib/index.js';
import type { SearchEngine } from './features/search/index.js';
import type { Scheduler } from './scheduler/scheduler.js';

/**
 * What createService builds once and hands to every feature: routes, MCP tools and jobs receive it explicitly,
 * so nothing lives in module-level state and each test gets a fresh, isolated service.
 */
export interface ServiceContext {
  config: Config;
  db: AppDatabase;
  logger: Logger;
  loadSampler: LoadSampler;
  scheduler: Scheduler;
  /** Link to the routing daemon's RIS service (routing-table gateway). */
  rib: RibGateway;
  /** Embedding provider and the vector collections (semantic search). */
  search: SearchEngine;
  /** The PDF processing queue (POST /api/documents/process, the process-pdf CLI verb). */
  documents: DocumentJobs;
  /** The blog engine's language model (local Ollama, hosted API or bridge command), one per service. */
  languageModel: LanguageModelHandle;
  /** The blog engine: drafts' pipeline queue over the language model. */
  blog: BlogEngine;
  startedAt: number;
  /** Milliseconds since the epoch; replaceable in tests. */
  now(): number;
}
