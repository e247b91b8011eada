import type { ScheduledJob } from '../../scheduler/scheduler.js';
import { shopConfigFile, type ShopConfigDirs, shopPlan } from './shop-config.loader.js';
import { findVendor, scrapedVendors, type ShopVendor } from './scrapers.repository.js';
import { type ScrapeDeps, scrapeShop } from './shop-scrape.service.js';

export type ScraperJobDeps = ScrapeDeps &
  ShopConfigDirs & {
    /** Re-embeds the product collection after a run created products; absent where no search engine runs (the CLI). */
    reindex?: () => Promise<void>;
  };

/** The job name of a vendor's scraper, in the API, the CLI and the run history. */
export function scraperJobName(vendorId: string): string {
  return `scrape:${vendorId}`;
}

/**
 * When each scraper fires. The interval comes from vendors.scrape_interval_hours; jobs that share an interval are
 * spread over it (two 4-hourly shops start 2 hours apart) and every scraper has its own minute, spread over the hour
 * from 2 past (never 20 past, the news job's minute), so no two jobs start together. An interval that does not
 * divide a day runs as a plain interval from the service's start.
 */
/** The news job starts at 20 past (features/news/news.jobs.ts). */
const NEWS_MINUTE = 20;

export function scraperSchedules(vendors: ReadonlyArray<Pick<ShopVendor, 'id' | 'scrape_interval_hours'>>): Map<string, string | number> {
  const out = new Map<string, string | number>();
  const seenPerInterval = new Map<number, number>();
  const groupSize = (hours: number) => vendors.filter((v) => v.scrape_interval_hours === hours).length;
  const usedMinutes = new Set<number>();
  vendors.forEach((vendor, index) => {
    const hours = vendor.scrape_interval_hours;
    if (hours === null || hours <= 0) return;
    const nth = seenPerInterval.get(hours) ?? 0;
    seenPerInterval.set(hours, nth + 1);
    let minute = 2 + Math.floor((index * 60) / vendors.length);
    while (minute === NEWS_MINUTE || usedMinutes.has(minute)) minute = (minute + 1) % 60;
    usedMinutes.add(minute);
    if (24 % hours !== 0) {
      out.set(vendor.id, hours * 3_600_000);
      return;
    }
    const offset = Math.floor((nth * hours) / groupSize(hours));
    out.set(vendor.id, hours === 1 ? `${minute} * * * *` : `${minute} ${offset}-23/${hours} * * *`);
  });
  return out;
}

/** One vendor's scraper as a job; `baseUrl` replaces the shop's address (the CLI's --url). */
export function scraperJob(deps: ScraperJobDeps, vendor: ShopVendor, every: string | number, baseUrl?: string): ScheduledJob {
  return {
    name: scraperJobName(vendor.id),
    summary: `Scrapes the shop of ${vendor.name} (${shopConfigFile(deps, vendor.id) ? 'configured adapter' : 'generic adapter'}) for prices and new products`,
    every,
    async run(signal, progress) {
      // Read again at run time: the vendor's website or its adapter file may have changed since the service started.
      const current = (await findVendor(deps.db, vendor.id)) ?? vendor;
      const report = await scrapeShop(deps, current, shopPlan(deps, current, baseUrl), signal, progress);
      if (report.created > 0 && deps.reindex) await deps.reindex();
      return report.summary;
    },
  };
}

/** A job per vendor that has a scrape interval and something to scrape (an adapter file or a website). */
export async function scraperJobs(deps: ScraperJobDeps): Promise<ScheduledJob[]> {
  const vendors = (await scrapedVendors(deps.db)).filter((v) => v.website !== null || shopConfigFile(deps, v.id) !== null);
  const schedules = scraperSchedules(vendors);
  return vendors.flatMap((vendor) => {
    const every = schedules.get(vendor.id);
    return every === undefined ? [] : [scraperJob(deps, vendor, every)];
  });
}
