import { type CheerioAPI, load } from 'cheerio';
import { hasProductJsonLd } from './json-ld.reader.js';
import { PageError, type PoliteFetcher } from './polite-fetcher.js';
import type { ShopConfig } from './shop-config.schema.js';

/** What the crawler knows about an address before fetching it. */
type PageKind = 'listing' | 'product' | 'sitemap' | 'unknown';

export interface CrawledPage {
  url: string;
  kind: PageKind;
  $: CheerioAPI;
}

/** A shop to crawl: configured (listing and product-link selectors) or generic (no configuration). */
export type CrawlPlan = { kind: 'configured'; baseUrl: string; config: ShopConfig } | { kind: 'generic'; baseUrl: string };

export interface CrawlEvents {
  /** A page that failed (timeout, HTTP error, broken transfer); the crawl goes on without it. */
  failed(error: PageError): void;
  /** A page robots.txt disallows: not requested. */
  skipped(url: string): void;
}

const DEFAULT_NEXT = 'a[rel~="next"], link[rel~="next"]';
/** Addresses that are never shop pages. */
const NOT_A_PAGE = /\.(jpe?g|png|gif|webp|svg|ico|pdf|zip|css|js|woff2?|mp4)(\?|#|$)/i;

/**
 * Walks a shop within a page budget (requests made, robots.txt not counted), yielding each page read. Configured:
 * from the listing start pages, each listing's product links are visited before the next listing page (so a
 * broken chain of listings still yields the products already found). Generic: the robots.txt sitemaps or
 * /sitemap.xml, else the base URL; pages carrying Product JSON-LD are product pages (leaves), other pages are
 * followed through rel="next" and their same-site links. A failed page ends nothing but itself; a robots.txt that
 * cannot be read throws (the shop is unreachable, and every further page would fail the same way).
 */
export async function* crawlShop(plan: CrawlPlan, fetcher: PoliteFetcher, maxPages: number, events: CrawlEvents): AsyncGenerator<CrawledPage> {
  const origin = new URL(plan.baseUrl).origin;
  const seen = new Set<string>();
  const frontier: Array<{ url: string; kind: PageKind }> = [];
  const add = (raw: string | undefined, base: string, kind: PageKind, where: 'front' | 'back', at = 0): number => {
    if (!raw) return 0;
    let url: URL;
    try {
      url = new URL(raw, base);
    } catch {
      return 0;
    }
    url.hash = '';
    if (url.origin !== origin || NOT_A_PAGE.test(url.pathname) || seen.has(url.href)) return 0;
    seen.add(url.href);
    if (where === 'front') frontier.splice(at, 0, { url: url.href, kind });
    else frontier.push({ url: url.href, kind });
    return 1;
  };

  if (plan.kind === 'configured') {
    for (const start of plan.config.listing.start) add(start, plan.baseUrl, 'listing', 'back');
  } else {
    const sitemaps = await robotsSitemaps(fetcher, plan.baseUrl);
    for (const sitemap of sitemaps.length > 0 ? sitemaps : [new URL('/sitemap.xml', plan.baseUrl).href]) add(sitemap, plan.baseUrl, 'sitemap', 'back');
    add(plan.baseUrl, plan.baseUrl, 'unknown', 'back');
  }

  let requested = 0;
  let pagesFromSitemaps = 0;
  while (frontier.length > 0 && requested < maxPages) {
    const next = frontier.shift()!;
    if (!(await fetcher.allowed(next.url))) {
      events.skipped(next.url);
      continue;
    }
    requested += 1;
    let body: string;
    let url: string;
    try {
      ({ body, url } = await fetcher.get(next.url));
    } catch (error) {
      if (!(error instanceof PageError) || error.reason === 'stopped' || error.url.endsWith('/robots.txt')) throw error;
      // A generic crawl asks for /sitemap.xml on the chance it exists; its absence is no failure.
      if (!(next.kind === 'sitemap' && error.reason === 'http' && plan.kind === 'generic')) events.failed(error);
      continue;
    }
    if (next.kind === 'sitemap') {
      const $ = load(body, { xml: true });
      $('sitemapindex > sitemap > loc').each((_, el) => void add($(el).text().trim(), url, 'sitemap', 'front'));
      $('urlset > url > loc').each((_, el) => void (pagesFromSitemaps += add($(el).text().trim(), url, 'unknown', 'back')));
      // The base URL stays in the frontier only as a fallback when the sitemap listed nothing.
      if (pagesFromSitemaps > 0) dropEntry(frontier, plan.baseUrl);
      continue;
    }
    const $ = load(body);
    yield { url, kind: next.kind === 'unknown' && hasProductJsonLd($) ? 'product' : next.kind, $ };
    if (plan.kind === 'configured' && next.kind === 'listing') {
      let at = 0;
      $(plan.config.listing.productLinks).each((_, el) => void (at += add($(el).attr('href'), url, 'product', 'front', at)));
      $(plan.config.listing.nextPage ?? DEFAULT_NEXT).each((_, el) => void add($(el).attr('href'), url, 'listing', 'back'));
    } else if (plan.kind === 'generic' && next.kind === 'unknown' && !hasProductJsonLd($)) {
      let at = 0;
      $('a[href]').each((_, el) => {
        const rel = ($(el).attr('rel') ?? '').split(/\s+/);
        if (!rel.includes('next') && !rel.includes('nofollow')) at += add($(el).attr('href'), url, 'unknown', 'front', at);
      });
      $(DEFAULT_NEXT).each((_, el) => void add($(el).attr('href'), url, 'unknown', 'back'));
    }
  }
}

async function robotsSitemaps(fetcher: PoliteFetcher, baseUrl: string): Promise<string[]> {
  const origin = new URL(baseUrl).origin;
  return (await fetcher.sitemaps(baseUrl)).filter((s) => {
    try {
      return new URL(s).origin === origin;
    } catch {
      return false;
    }
  });
}

function dropEntry(frontier: Array<{ url: string }>, raw: string): void {
  const href = new URL(raw).href;
  const index = frontier.findIndex((entry) => entry.url === href);
  if (index >= 0) frontier.splice(index, 1);
}
