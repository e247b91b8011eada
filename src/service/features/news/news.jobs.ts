import type { ScheduledJob } from '../../scheduler/scheduler.js';
import { aggregateNews, type NewsAggregatorDeps } from './news.aggregator.js';

/** Every 6 hours, at 20 past, so it does not start in the same minute as the shop scrapers (on the hour). */
export const NEWS_JOB_CRON = '20 */6 * * *';

export function newsJob(deps: NewsAggregatorDeps): ScheduledJob {
  return {
    name: 'news',
    summary: 'Reads the configured RSS and Atom feeds into the News tab and semantic search',
    every: NEWS_JOB_CRON,
    run: (signal, progress) => aggregateNews(deps, signal, progress),
  };
}
