import { seedCatalogue } from '../src/service/features/seed/seed.service.js';
import type { ShopConfig } from '../src/service/features/scrapers/shop-config.schema.js';
import { type ScrapeReport, scrapeShop } from '../src/service/features/scrapers/shop-scrape.service.js';
import { userAgentOf } from '../src/service/user-agent.js';
import { fixtureShopConfig, startShopServer } from '../tests/fixtures/shops/shop-server.js';
import type { BenchSection } from './bench-types.js';
import { openInProcessStack } from './in-process-stack.js';
import { fmt } from './load.js';
import type { CatalogueTables } from '../src/service/db/tables/catalogue.tables.js';

const VENDOR = { id: 'lumen-bench', name: 'Lumen Test Optics (bench fixture)', kind: 'competitor', website: null, scrape_interval_hours: 4 };
/** Politeness delays measured; 0 is the baseline (the crawl and the parsing alone). SCRAPER_DELAY_MS defaults to 2000. */
const DELAYS_MS = [0, 10, 50];
const REPEATS = 3;

/**
 * A 50-page scrape of the fixture shop over loopback (listing pages 1..60 with rel="next", nine product pages, no
 * slow or failing page) into the seeded catalogue, through the real fetcher, readers, mapper and intake. It
 * reports pages per second and the share of the run spent waiting for the host's turn (the politeness delay), with
 * the delay at 0 as the baseline; each figure is the median of three runs after a warm-up run that creates the
 * shop's products.
 */
export async function run(): Promise<BenchSection> {
  const stack = await openInProcessStack('scrape');
  const shop = await startShopServer({ faults: false });
  try {
    const { db } = stack.service.ctx;
    await seedCatalogue(db, { resourcesDir: stack.config.resourcesDir, operatorBrand: stack.config.operatorBrand, now: Date.now() });
    await db.kysely
      .withTables<CatalogueTables>()
      .insertInto('vendors')
      .values({ id: VENDOR.id, name: VENDOR.name, kind: 'competitor', is_demo: 1, scrape_interval_hours: 4, notes: 'benchmark fixture' })
      .execute();
    const plan = { kind: 'configured' as const, baseUrl: shop.url, config: fixtureShopConfig(shop.url) as ShopConfig };
    const progress = { page: () => undefined, item: () => undefined, error: () => undefined };
    const scrape = (delayMs: number): Promise<ScrapeReport> =>
      scrapeShop(
        {
          db,
          scrapers: { delayMs, pageTimeoutMs: 15_000, maxPages: 50 },
          alertRules: stack.config.catalogue,
          userAgent: userAgentOf(stack.config),
          now: Date.now,
        },
        VENDOR,
        plan,
        new AbortController().signal,
        progress,
      );
    await scrape(0);
    const rows: Array<{ delay: number; pagesPerS: number; waitShare: number; report: ScrapeReport }> = [];
    for (const delay of DELAYS_MS) {
      const runs: ScrapeReport[] = [];
      for (let i = 0; i < REPEATS; i += 1) runs.push(await scrape(delay));
      const median = runs.sort((a, b) => a.elapsedMs - b.elapsedMs)[Math.floor(REPEATS / 2)]!;
      if (median.pages !== 50) throw new Error(`expected 50 pages, got ${median.pages}`);
      rows.push({ delay, pagesPerS: (median.pages * 1000) / median.elapsedMs, waitShare: median.waitedMs / median.elapsedMs, report: median });
    }
    const base = rows[0]!;
    return {
      title: 'Vendor-shop scraper',
      markdown: [
        'A 50-page scrape of the fixture shop (loopback HTTP: 41 listing pages, 9 product pages with JSON-LD or selector markup)',
        'into the seeded catalogue: robots.txt, per-host politeness delay, page parsing (cheerio), offer mapping and the price',
        `intake. Median of ${REPEATS} runs per delay after a warm-up run. Baseline: the same scrape with the delay at 0.`,
        '',
        '| politeness delay | run ms | pages/s | ratio to baseline | time waiting on the delay | prices stored |',
        '|---|---|---|---|---|---|',
        ...rows.map(
          (r) =>
            `| ${r.delay} ms${r.delay === 0 ? ' (baseline)' : ''} | ${fmt(r.report.elapsedMs, 0)} | ${fmt(r.pagesPerS, 1)} | ${fmt(r.pagesPerS / base.pagesPerS, 2)} | ` +
            `${fmt(r.waitShare * 100, 1)} % | ${r.report.stored} |`,
        ),
        '',
        'With the default SCRAPER_DELAY_MS=2000 a 50-page run waits at least 50 x 2 s = 100 s on the delay alone (robots.txt and',
        '50 pages, one delay between each two requests), so nearly all of its time is politeness by design; the work itself is the baseline row.',
      ].join('\n'),
    };
  } finally {
    await shop.close();
    await stack.close();
  }
}
