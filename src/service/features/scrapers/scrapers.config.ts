import { type ConfigProblems, type Env, readInteger } from '../../config-parsers.js';

/** The page budget of one run (the cap: a run reads at most 50 pages). */
export const MAX_PAGES_PER_RUN = 50;

export interface ScrapersConfig {
  /** SCRAPER_DELAY_MS: least time between two requests to one shop host (a larger robots.txt Crawl-delay wins). */
  delayMs: number;
  /** SCRAPER_PAGE_TIMEOUT_MS: a page (or robots.txt) not received in full by then is given up. */
  pageTimeoutMs: number;
  /** SCRAPER_MAX_PAGES: pages one run may request, at most 50. */
  maxPages: number;
}

export function readScrapersConfig(env: Env, problems: ConfigProblems): ScrapersConfig {
  return {
    delayMs: readInteger(env, problems, 'SCRAPER_DELAY_MS', 2_000, { min: 0, max: 600_000 }),
    pageTimeoutMs: readInteger(env, problems, 'SCRAPER_PAGE_TIMEOUT_MS', 15_000, { min: 100, max: 600_000 }),
    maxPages: readInteger(env, problems, 'SCRAPER_MAX_PAGES', MAX_PAGES_PER_RUN, { min: 1, max: MAX_PAGES_PER_RUN }),
  };
}
