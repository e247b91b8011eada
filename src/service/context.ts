import type { Logger } from 'pino';
import type { Config } from './config.js';
import type { AppDatabase } from './db/database.js';
import type { LoadSampler } from './features/health/load-sampler.js';
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
  startedAt: number;
  /** Milliseconds since the epoch; replaceable in tests. */
  now(): number;
}
