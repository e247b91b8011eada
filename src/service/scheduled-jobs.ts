import type { Logger } from 'pino';
import type { Config } from './config.js';
import type { AppDatabase } from './db/database.js';
import { newsJob } from './features/news/index.js';
import { scraperJobs } from './features/scrapers/index.js';
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
export async function registerScheduledJobs(scheduler: Scheduler, host: JobHost): Promise<void> {
  const userAgent = userAgentOf(host.config);
  const reindex = host.reindex;
  scheduler.register(newsJob({ db: host.db, news: host.config.news, userAgent, now: host.now, reindex: reindex && (() => reindex('news_embeddings')) }));
  // One job per vendor with a scrape interval, over the vendors present now (a vendor added later is scheduled at the next start).
  const { config } = host;
  const scrapers = await scraperJobs({
    db: host.db,
    scrapers: config.scrapers,
    alertRules: config.catalogue,
    userAgent,
    now: host.now,
    resourcesDir: config.resourcesDir,
    dataDir: config.dataDir,
    reindex: reindex && (() => reindex('product_embeddings')),
  });
  for (const job of scrapers) scheduler.register(job);
}
