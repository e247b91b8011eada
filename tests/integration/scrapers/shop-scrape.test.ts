import { type RawBuilder, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { JobRun, RunStarted } from '../../../src/shared/api/jobs.schemas.js';
import { runScrapeCommand } from '../../../src/service/features/scrapers/scrapers.cli.js';
import { createScheduler } from '../../../src/service/scheduler/scheduler.js';
import { createLogger } from '../../../src/service/logger.js';
import { captureStreams } from '../../helpers/cli-streams.js';
import type { TestService } from '../../helpers/test-service.js';
import { DISALLOWED_PAGE, FAILING_PAGE, LISTING_PAGES, type ShopServer, SLOW_PAGE, startShopServer } from '../../fixtures/shops/shop-server.js';
import { CONFIGURED_SHOP, GENERIC_SHOP, startShopTestService } from '../../fixtures/shops/shop-service.js';
import { PRICED_PRODUCTS } from '../../fixtures/shops/shop-products.js';

/**
 * The scrapers against the fixture shop over loopback, into the seeded catalogue in a real database, through the
 * jobs API as a salesperson's "run now" would start them. The tests run in order: the second scrape sees the first.
 */
describe('vendor-shop scrapers against the fixture shop', () => {
  let shop: ShopServer;
  let t: TestService;
  let auth: Record<string, string>;
  const rows = async <T>(query: RawBuilder<T>) => (await query.execute(t.service.ctx.db.kysely)).rows;
  const runJob = async (name: string): Promise<JobRun> => {
    const started = await t.service.http.inject({ method: 'POST', url: `/api/jobs/${name}/run`, headers: auth });
    expect(started.statusCode).toBe(202);
    const id = (started.json() as RunStarted).run.id;
    const get = async () => (await t.service.http.inject({ method: 'GET', url: `/api/jobs/runs/${id}`, headers: auth })).json() as JobRun;
    await expect.poll(async () => (await get()).status, { timeout: 30_000 }).not.toBe('running');
    return get();
  };
  const observations = async (vendor: string) =>
    rows(
      sql<{ part_number: string; price: number; currency: string; in_stock: number | null }>`SELECT t.part_number, p.price, p.currency, p.in_stock
       FROM price_observations p JOIN transceivers t ON t.id = p.transceiver_id
       WHERE p.vendor_id = ${vendor} AND p.source = 'scraper' ORDER BY p.id`,
    );

  /** What src/cli.ts lends the scrape verb, over the test service's database. */
  const lendScrapers = () => {
    const scheduler = createScheduler({ enabled: false, logger: createLogger('silent'), db: t.service.ctx.db, now: Date.now });
    const { config } = t.service.ctx;
    const deps = {
      db: t.service.ctx.db,
      scrapers: config.scrapers,
      alertRules: config.catalogue,
      userAgent: 'TransceiverIntelligence/test',
      now: Date.now,
      resourcesDir: config.resourcesDir,
      dataDir: config.dataDir,
    };
    return async <R>(work: (parts: { deps: typeof deps; scheduler: typeof scheduler }) => Promise<R>) =>
      work({ deps, scheduler }).finally(() => scheduler.stop());
  };

  beforeAll(async () => {
    shop = await startShopServer();
    t = await startShopTestService(shop);
    auth = { authorization: `Bearer ${await t.login()}` };
  });
  afterAll(async () => {
    await t?.close();
    await shop?.close();
  });

  it('registers one scraper per vendor with an interval, staggered, beside the news job', async () => {
    const jobs = (await t.service.http.inject({ method: 'GET', url: '/api/jobs', headers: auth })).json() as { items: Array<{ name: string; cron: string }> };
    const crons = Object.fromEntries(jobs.items.map((j) => [j.name, j.cron]));
    // Seed intervals: operator 2 h, brightlane and ferrowave 4 h, glimmerlink and polarbay 8 h.
    expect(crons['scrape:operator']).toMatch(/^\d+ 0-23\/2 \* \* \*$/);
    expect(crons['scrape:brightlane-demo']).toMatch(/\/4 \* \* \*$/);
    expect(crons['scrape:polarbay-demo']).toMatch(/\/8 \* \* \*$/);
    const minutes = jobs.items.filter((j) => j.name.startsWith('scrape:')).map((j) => j.cron.split(' ')[0]);
    expect(new Set(minutes).size).toBe(minutes.length);
    expect(minutes).not.toContain('20');
  });

  it('stores JSON-LD and selector prices, creates unknown parts as scraped_unverified, refuses missing and shipping prices, within 50 pages and robots.txt', async () => {
    const before = shop.requests.length;
    const run = await runJob(`scrape:${CONFIGURED_SHOP}`);
    expect(run).toMatchObject({ status: 'succeeded', items: PRICED_PRODUCTS.length, pages: 48, errors: 5 });
    expect(run.message).toBe('7 price(s) stored from 48 page(s), 6 new product(s), 2 offer(s) refused, 2 page(s) failed, 1 page(s) skipped (robots.txt)');
    expect(run.error_samples).toEqual([
      expect.stringMatching(/^refused LTO-SFP28-25G-SR: no price on /),
      expect.stringMatching(/^refused LTO-SFPP-10G-SR: price 2\.95 GBP \(3\.75 USD\) is below the minimum of 5 USD for the 10G speed class/),
      expect.stringMatching(/\/products\/sfp-1g-sx: JSON-LD block 1 is not valid JSON$/),
      expect.stringMatching(new RegExp(`${SLOW_PAGE}: no complete answer within 1500 ms$`)),
      expect.stringMatching(new RegExp(`${FAILING_PAGE}: HTTP 500$`)),
    ]);

    const requested = shop.requests.slice(before);
    expect(requested[0]).toBe('/robots.txt');
    expect(requested.filter((r) => r !== '/robots.txt')).toHaveLength(50);
    expect(requested).not.toContain(DISALLOWED_PAGE);
    expect(requested).not.toContain(`/catalogue?page=${LISTING_PAGES}`);
    expect(shop.userAgents.every((ua) => /^TransceiverIntelligence\/\S+ \(market monitor of /.test(ua))).toBe(true);

    const byPart = (a: { part_number: string }, b: { part_number: string }) => a.part_number.localeCompare(b.part_number);
    expect((await observations(CONFIGURED_SHOP)).sort(byPart)).toEqual(
      PRICED_PRODUCTS.map((p) => ({ part_number: p.mpn, price: p.price, currency: p.currency, in_stock: p.inStock ? 1 : 0 })).sort(byPart),
    );
    const created = await rows(
      sql<Record<string, unknown>>`SELECT part_number, form_factor, speed_gbps, standard, fiber_type, wdm_type, reach_meters, data_confidence,
       details_verified, origin FROM transceivers WHERE vendor_id = ${CONFIGURED_SHOP} ORDER BY part_number`,
    );
    expect(created).toHaveLength(6);
    expect(created.every((p) => p.data_confidence === 'scraped_unverified' && p.details_verified === 0 && p.origin === null)).toBe(true);
    expect(created.find((p) => p.part_number === 'LTO-QDD-400G-DR4')).toMatchObject({
      form_factor: 'QSFP-DD',
      speed_gbps: 400,
      standard: '400GBASE-DR4',
      fiber_type: 'SMF',
      wdm_type: 'PSM',
      reach_meters: 500,
    });
    // The resold part maps to the catalogue's product of that part number (the seed's operator part), not a new one.
    expect(await rows(sql`SELECT vendor_id FROM transceivers WHERE part_number = 'Q28-100G-LR4-MSA'`)).toEqual([{ vendor_id: 'operator' }]);
    const alerts = await rows(
      sql<{ kind: string; n: number }>`SELECT kind, count(*) AS n FROM competitor_alerts WHERE vendor_id = ${CONFIGURED_SHOP} GROUP BY kind`,
    );
    expect(alerts).toEqual([{ kind: 'new_product', n: 6 }]);
  });

  it('sends a changed price and stock through the intake: price changes and competitor alerts', async () => {
    shop.setPrice('LTO-Q28-100G-LR4', 249);
    shop.setInStock('LTO-OSFP-800G-DR8', false);
    const run = await runJob(`scrape:${CONFIGURED_SHOP}`);
    expect(run).toMatchObject({ status: 'succeeded', items: 7 });
    expect(run.message).not.toContain('new product');
    const changes = await rows(
      sql`SELECT t.part_number, c.old_price, c.new_price, c.change_pct, c.currency FROM price_changes c
        JOIN transceivers t ON t.id = c.transceiver_id WHERE c.vendor_id = ${CONFIGURED_SHOP}`,
    );
    expect(changes).toEqual([{ part_number: 'LTO-Q28-100G-LR4', old_price: 289, new_price: 249, change_pct: -13.84, currency: 'GBP' }]);
    const alerts = await rows(
      sql`SELECT kind, severity, title FROM competitor_alerts WHERE vendor_id = ${CONFIGURED_SHOP} AND kind <> 'new_product' ORDER BY id`,
    );
    expect(alerts).toEqual([
      { kind: 'price_change', severity: 'critical', title: 'Lumen Test Optics (fixture) cut LTO-Q28-100G-LR4 by 13.84%' },
      { kind: 'stock_change', severity: 'warning', title: 'Lumen Test Optics (fixture): LTO-OSFP-800G-DR8 out of stock' },
    ]);
  });

  it('reads a shop without an adapter generically: robots.txt sitemap, Product JSON-LD pages, the disallowed page left alone', async () => {
    const before = shop.requests.length;
    const run = await runJob(`scrape:${GENERIC_SHOP}`);
    expect(run.status).toBe('succeeded');
    const requested = shop.requests.slice(before);
    expect(requested.slice(0, 2)).toEqual(['/robots.txt', '/sitemap.xml']);
    expect(requested).not.toContain(DISALLOWED_PAGE);
    expect(requested.filter((r) => r !== '/robots.txt').length).toBeLessThanOrEqual(50);
    // The JSON-LD products with a price (the selector-only and broken pages carry none a generic reader can use).
    const jsonLd = PRICED_PRODUCTS.filter((p) => p.style === 'json-ld').map((p) => p.mpn);
    expect((await observations(GENERIC_SHOP)).map((o) => o.part_number).sort()).toEqual([...jsonLd].sort());
    expect(run.error_samples.some((e) => e.includes('LTO-SFP28-25G-SR: no price'))).toBe(true);
  });

  it('ends a run against a dead shop as failed with a readable reason, without holding up another scraper', async () => {
    const [dead, alive] = await Promise.all([runJob('scrape:brightlane-demo'), runJob(`scrape:${CONFIGURED_SHOP}`)]);
    expect(dead.status).toBe('failed');
    expect(dead.message).toMatch(/^Brightlane Optics \(demo\): shop unreachable: https:\/\/brightlane\.shop\.example\/robots\.txt: /);
    expect(dead.pages).toBe(0);
    expect(alive).toMatchObject({ status: 'succeeded', items: 7 });
  });

  it('keeps what a run stored when a listing page breaks (scrape CLI verb with --url, in-process)', async () => {
    const broken = await startShopServer({ brokenListings: [2], faults: false });
    try {
      const before = (await observations(CONFIGURED_SHOP)).length;
      const out = captureStreams();
      const code = await runScrapeCommand([CONFIGURED_SHOP, '--url', broken.url], { streams: out.streams, withScrapers: lendScrapers() });
      expect(out.stderr()).toContain('/catalogue?page=2: HTTP 500');
      expect(out.stdout()).toMatch(/^Run \d+ succeeded: 7 price\(s\) stored from 10 page\(s\), 2 offer\(s\) refused, 1 page\(s\) failed, 1 page\(s\) skipped/m);
      expect(code).toBe(0);
      expect(broken.requests).toContain('/catalogue?page=2');
      expect(broken.requests).not.toContain('/catalogue?page=3');
      expect((await observations(CONFIGURED_SHOP)).length).toBe(before + 7);
    } finally {
      await broken.close();
    }
  });

  it('starts the generic adapter at the base URL when the shop has no sitemap, following its links and rel="next"', async () => {
    const bare = await startShopServer({ sitemap: false, faults: false });
    try {
      const out = captureStreams();
      const code = await runScrapeCommand([GENERIC_SHOP, '--url', bare.url], { streams: out.streams, withScrapers: lendScrapers() });
      expect(code).toBe(0);
      expect(bare.requests.slice(0, 4)).toEqual(['/robots.txt', '/sitemap.xml', '/', '/products/q28-100g-lr4']);
      expect(bare.requests).toContain('/catalogue?page=2');
      expect(bare.requests).not.toContain(DISALLOWED_PAGE);
      expect(out.stdout()).toMatch(/^Run \d+ succeeded: 5 price\(s\) stored from /m);
    } finally {
      await bare.close();
    }
  });

  it('keeps what a run stored when it is stopped halfway (the service shutting down)', async () => {
    const scheduler = createScheduler({ enabled: false, logger: createLogger('silent'), db: t.service.ctx.db, now: Date.now });
    const { config } = t.service.ctx;
    const { scraperJob } = await import('../../../src/service/features/scrapers/scrapers.jobs.js');
    const vendor = { id: CONFIGURED_SHOP, name: 'Lumen', kind: 'competitor', website: shop.url, scrape_interval_hours: 4 };
    const deps = {
      db: t.service.ctx.db,
      scrapers: { ...config.scrapers, pageTimeoutMs: 60_000 },
      alertRules: config.catalogue,
      userAgent: 'TransceiverIntelligence/test',
      now: Date.now,
      resourcesDir: config.resourcesDir,
      dataDir: config.dataDir,
    };
    scheduler.register(scraperJob(deps, vendor, 3_600_000));
    const before = (await observations(CONFIGURED_SHOP)).length;
    const requestsBefore = shop.requests.length;
    const start = await scheduler.runNow(`scrape:${CONFIGURED_SHOP}`, 'cli');
    if (!start.started) throw new Error('not started');
    // The slow page is held: everything before it is stored, then the service stops.
    await expect.poll(() => shop.requests.slice(requestsBefore).includes(SLOW_PAGE), { timeout: 20_000 }).toBe(true);
    await scheduler.stop();
    expect(await start.done).toMatchObject({ status: 'cancelled', items: 7 });
    expect((await observations(CONFIGURED_SHOP)).length).toBe(before + 7);
  });
});
