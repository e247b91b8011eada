import type { AppDatabase } from '../../db/database.js';
import type { JobProgress } from '../../scheduler/scheduler.js';
import type { AlertRules } from '../catalogue/index.js';
import { readJsonLdOffers } from './json-ld.reader.js';
import { describeOffer } from './offer-describer.js';
import { intakeOffer, type IntakeOutcome } from './offer-intake.js';
import { decideOffer } from './offer-mapper.js';
import { createPoliteFetcher, PageError } from './polite-fetcher.js';
import type { ScrapersConfig } from './scrapers.config.js';
import { catalogueLookup, catalogueVocabulary, type ShopVendor } from './scrapers.repository.js';
import { readSelectorOffer } from './selector.reader.js';
import { type CrawlPlan, crawlShop } from './shop-crawler.js';

export interface ScrapeDeps {
  db: AppDatabase;
  scrapers: ScrapersConfig;
  /** Competitor-alert rules of the catalogue's intake (PRICE_ALERT_THRESHOLD_PCT). */
  alertRules: AlertRules;
  userAgent: string;
  now: () => number;
}

export interface ScrapeReport {
  pages: number;
  stored: number;
  created: number;
  refused: number;
  failedPages: number;
  skipped: number;
  /** Time spent waiting for a host's turn (the politeness delay), and the whole run, in ms. */
  waitedMs: number;
  elapsedMs: number;
  summary: string;
}

/**
 * One scrape of one shop. Each accepted price is stored at once through the catalogue's intake (its own
 * transaction), so a later failure never takes back what was stored; failed pages and refused offers are counted
 * and sampled through `progress`. Throws (failing the run, stored prices kept) only when the shop cannot be read at
 * all: robots.txt unreachable, or not one page received.
 */
export async function scrapeShop(deps: ScrapeDeps, vendor: ShopVendor, plan: CrawlPlan, signal: AbortSignal, progress: JobProgress): Promise<ScrapeReport> {
  const startedAt = deps.now();
  const fetcher = createPoliteFetcher({ userAgent: deps.userAgent, timeoutMs: deps.scrapers.pageTimeoutMs, delayMs: deps.scrapers.delayMs, signal });
  const vocabulary = await catalogueVocabulary(deps.db);
  const lookup = catalogueLookup(deps.db);
  const stored = new Set<string>();
  const report = { pages: 0, stored: 0, created: 0, refused: 0, failedPages: 0, skipped: 0 };
  const failures: string[] = [];
  const refuse = (reason: string) => {
    report.refused += 1;
    progress.error(`refused ${reason}`);
  };

  const events = {
    failed(error: PageError) {
      report.failedPages += 1;
      failures.push(error.message);
      progress.error(error.message);
    },
    skipped: () => void (report.skipped += 1),
  };
  try {
    for await (const page of crawlShop(plan, fetcher, deps.scrapers.maxPages, events)) {
      report.pages += 1;
      progress.page();
      const { offers, problems } = readJsonLdOffers(page.$, page.url);
      for (const problem of problems) progress.error(problem);
      if (offers.length === 0 && page.kind === 'product' && plan.kind === 'configured' && plan.config.selectors) {
        const offer = readSelectorOffer(page.$, page.url, plan.config.selectors, plan.config.defaultCurrency ?? null);
        if (offer) offers.push(offer);
        else progress.error(`${page.url}: no product found (no Product JSON-LD, and the name selector matched nothing)`);
      }
      for (const offer of offers) {
        const decision = await decideOffer(vendor.id, offer, describeOffer(offer, vocabulary), lookup);
        if (decision.kind === 'refuse') {
          refuse(decision.reason);
          continue;
        }
        let outcome: IntakeOutcome;
        try {
          outcome = await intakeOffer(
            { db: deps.db, alertRules: deps.alertRules, nowIso: new Date(deps.now()).toISOString(), stored },
            vendor.id,
            offer,
            decision,
          );
        } catch (error) {
          // A record the database refuses is one failed item, not a failed run.
          progress.error(`${offer.partNumber ?? offer.name}: not stored: ${(error as Error).message}`);
          continue;
        }
        if (outcome.kind === 'refused') refuse(outcome.reason);
        if (outcome.kind !== 'stored') continue;
        if (outcome.created) report.created += 1;
        report.stored += 1;
        progress.item();
      }
    }
  } catch (error) {
    if (!(error instanceof PageError) || error.reason === 'stopped') throw error;
    progress.error(error.message);
    throw new Error(`${vendor.name}: shop unreachable: ${error.message}`);
  }
  if (report.pages === 0 && failures.length > 0) throw new Error(`${vendor.name}: no page could be read (first failure: ${failures[0]})`);
  const { waitedMs } = fetcher.stats();
  const parts = [`${report.stored} price(s) stored from ${report.pages} page(s)`];
  if (report.created > 0) parts.push(`${report.created} new product(s)`);
  if (report.refused > 0) parts.push(`${report.refused} offer(s) refused`);
  if (report.failedPages > 0) parts.push(`${report.failedPages} page(s) failed`);
  if (report.skipped > 0) parts.push(`${report.skipped} page(s) skipped (robots.txt)`);
  return { ...report, waitedMs, elapsedMs: deps.now() - startedAt, summary: parts.join(', ') };
}
