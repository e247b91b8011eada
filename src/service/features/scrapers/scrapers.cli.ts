import { runJobOnce } from '../../cli-job-run.js';
import type { CliStreams, ExitCode, Lend } from '../../cli-verb.types.js';
import type { Scheduler } from '../../scheduler/scheduler.js';
import { scraperJob, type ScraperJobDeps, scraperJobName } from './scrapers.jobs.js';
import { findVendor } from './scrapers.repository.js';

export const SCRAPE_USAGE = 'scrape <vendor-id> [--url <base>]';

/** What src/cli.ts lends: the scrapers' parts over the data directory's database, and a scheduler with no jobs and no timers. */
export interface ScrapeParts {
  deps: ScraperJobDeps;
  scheduler: Scheduler;
}

export interface ScrapeCommandDeps {
  streams: CliStreams;
  withScrapers: Lend<ScrapeParts>;
}

/**
 * `npm run cli -- scrape <vendor-id> [--url <base>]`: one scrape of a vendor's shop in this process, with a progress
 * bar, recorded in the same run history as the service's scheduled runs (job scrape:<vendor-id>). The run is
 * claimed in the database, so it never overlaps a run of the same scraper in the service on the same data directory
 * (exit 1 naming that run). --url replaces the shop's address (its adapter's paths and selectors still apply).
 * Exit code 0 succeeded, 1 failed or already running, 2 wrong usage or no such vendor.
 */
export async function runScrapeCommand(args: string[], deps: ScrapeCommandDeps): Promise<ExitCode> {
  const { stderr } = deps.streams;
  const parsed = parseArgs(args);
  if (typeof parsed === 'string') {
    stderr.write(`${parsed}\nUsage: npm run cli -- ${SCRAPE_USAGE}\n`);
    return 2;
  }
  return deps.withScrapers(async ({ deps: jobDeps, scheduler }) => {
    const vendor = await findVendor(jobDeps.db, parsed.vendorId);
    if (!vendor) {
      stderr.write(`No vendor with id "${parsed.vendorId}" (GET /api/vendors lists them)\n`);
      return 2;
    }
    const name = scraperJobName(vendor.id);
    scheduler.register(scraperJob(jobDeps, vendor, Math.max(1, vendor.scrape_interval_hours ?? 24) * 3_600_000, parsed.url));
    return runJobOnce(scheduler, name, deps.streams, {
      format: `${name} | {bar} | {value}/{total} pages | {items} stored | {errors} errors | {duration_formatted}`,
      totalPages: jobDeps.scrapers.maxPages,
    });
  });
}

function parseArgs(args: string[]): { vendorId: string; url?: string } | string {
  const rest = [...args];
  let url: string | undefined;
  const at = rest.indexOf('--url');
  if (at >= 0) {
    url = rest[at + 1];
    if (!url || url.startsWith('--')) return '--url needs an address';
    rest.splice(at, 2);
    let protocol = '';
    try {
      protocol = new URL(url).protocol;
    } catch {
      // reported below
    }
    if (protocol !== 'http:' && protocol !== 'https:') return `--url ${url} is not an http(s) address`;
  }
  if (rest.length !== 1 || rest[0]!.startsWith('--')) return rest.length === 0 ? 'Which vendor? Give its id.' : `Unexpected arguments: ${rest.join(' ')}`;
  return url === undefined ? { vendorId: rest[0]! } : { vendorId: rest[0]!, url };
}
