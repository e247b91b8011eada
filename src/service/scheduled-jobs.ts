import type { Logger } from 'pino';
import type { Config } from './config.js';
import type { AppDatabase } from './db/database.js';
import { newsJob } from './features/news/index.js';
import type { Scheduler } from './scheduler/scheduler.js';
import { userAgentOf } from './user-agent.js';

export interface JobHost {
  config: Config;
  db: AppDatabase;
  logger: Logger;
  now: () => number;
  /** Re-embeds a vector collection after a job stored rows in its source; absent in the CLI (see run-job). */
  reindex?: (collection: 'news_embeddings' | 'product_embeddings') => Promise<void>;
}

/** Every background job, registered once for the service and once for `npm run cli -- run-job`. */
export function registerScheduledJobs(scheduler: Scheduler, host: JobHost): void {
  const userAgent = userAgentOf(host.config);
  const reindex = host.reindex;
  scheduler.register(newsJob({ db: host.db, news: host.config.news, userAgent, now: host.now, reindex: reindex && (() => reindex('news_embeddings')) }));
}
