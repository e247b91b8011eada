import robotsParserModule from 'robots-parser';
import { abortableSleep } from '../../abortable-sleep.js';
import { readCappedBody } from '../../read-capped-body.js';
import { deadlineSignal } from '../../deadline-signal.js';

// robots-parser is CommonJS (module.exports = function) while its typings declare a default export, so under
// NodeNext the import is the function itself although TypeScript types it as the module.
const robotsParser = robotsParserModule as unknown as typeof robotsParserModule.default;

/** A shop page larger than this is not a product page; reading it whole would only cost memory. */
const MAX_PAGE_BYTES = 5 * 1024 * 1024;
/** A Crawl-delay above this is not honoured literally (the run would never end); the page budget still applies. */
const MAX_CRAWL_DELAY_MS = 60_000;
/** The product token robots.txt groups are matched against (the User-Agent's first word). */
export const ROBOTS_TOKEN = 'TransceiverIntelligence';

export interface FetchedPage {
  /** The address after redirects. */
  url: string;
  contentType: string;
  body: string;
}

/** A page the fetcher gave up on; the message names the address and the cause, for the run's error samples. */
export class PageError extends Error {
  constructor(
    readonly url: string,
    readonly reason: 'robots' | 'timeout' | 'http' | 'network' | 'too-large' | 'stopped',
    cause: string,
  ) {
    super(`${url}: ${cause}`);
    this.name = 'PageError';
  }
}

export interface PoliteFetcherOptions {
  userAgent: string;
  /** Gives up on a page (robots.txt included) that has not arrived in full by then. */
  timeoutMs: number;
  /** The least time between the starts of two requests to one host; a larger robots.txt Crawl-delay wins. */
  delayMs: number;
  signal: AbortSignal;
  now?: () => number;
}

export interface PoliteFetcher {
  /** Fetches a page unless robots.txt disallows it; waits for the host's turn first. Throws PageError. */
  get(url: string): Promise<FetchedPage>;
  /** The robots.txt verdict, fetching robots.txt first if needed. */
  allowed(url: string): Promise<boolean>;
  /** Sitemaps robots.txt names for the host of `url`. */
  sitemaps(url: string): Promise<string[]>;
  /** Milliseconds spent waiting for a host's turn (the politeness delay), and requests made, this far. */
  stats(): { waitedMs: number; requests: number };
}

interface HostState {
  /** When the next request to this host may start. */
  nextAt: number;
  /** Queue of requests to this host: each waits for the previous one to have started. */
  turn: Promise<void>;
  robots?: Promise<Robots>;
}

interface Robots {
  allowed(url: string): boolean;
  crawlDelayMs: number;
  sitemaps: string[];
}

const ALLOW_ALL: Robots = { allowed: () => true, crawlDelayMs: 0, sitemaps: [] };

/**
 * The one way the scrapers touch a shop. Per host: robots.txt is read once per run and obeyed (a 4xx robots.txt
 * means no rules; a robots.txt that cannot be read at all means the shop is unreachable, so the run fails cleanly
 * instead of crawling blind), requests are spaced by the politeness delay, and every request names the product in
 * its User-Agent and is abandoned after the timeout. No state outlives the run that created the fetcher.
 */
export function createPoliteFetcher(options: PoliteFetcherOptions): PoliteFetcher {
  const now = options.now ?? Date.now;
  const hosts = new Map<string, HostState>();
  let waitedMs = 0;
  let requests = 0;

  const hostOf = (url: URL): HostState => {
    let state = hosts.get(url.host);
    if (!state) {
      state = { nextAt: 0, turn: Promise.resolve() };
      hosts.set(url.host, state);
    }
    return state;
  };

  /** Waits for the host's turn, then books the next one `gapMs` later. */
  const takeTurn = (state: HostState, gapMs: number): Promise<void> => {
    const mine = state.turn.then(async () => {
      const wait = state.nextAt - now();
      if (wait > 0) {
        waitedMs += wait;
        await abortableSleep(wait, options.signal);
      }
      state.nextAt = now() + gapMs;
    });
    state.turn = mine.catch(() => undefined);
    return mine;
  };

  const request = async (url: URL, gapMs: number): Promise<{ status: number; page: FetchedPage }> => {
    if (options.signal.aborted) throw new PageError(url.href, 'stopped', 'stopped');
    await takeTurn(hostOf(url), gapMs).catch(() => {
      throw new PageError(url.href, 'stopped', 'stopped');
    });
    requests += 1;
    const { signal, done } = deadlineSignal(options.signal, options.timeoutMs);
    try {
      const response = await fetch(url, {
        signal,
        redirect: 'follow',
        headers: { 'user-agent': options.userAgent, accept: 'text/html, application/xhtml+xml, application/xml;q=0.9, */*;q=0.5' },
      });
      const body = response.ok ? await readCappedBody(response, MAX_PAGE_BYTES) : (await response.body?.cancel(), '');
      return { status: response.status, page: { url: response.url || url.href, contentType: response.headers.get('content-type') ?? '', body } };
    } catch (error) {
      throw describeFailure(url.href, error, options);
    } finally {
      done();
    }
  };

  const robotsFor = (url: URL): Promise<Robots> => {
    const state = hostOf(url);
    state.robots ??= (async () => {
      const robotsUrl = new URL('/robots.txt', url);
      const { status, page } = await request(robotsUrl, options.delayMs);
      if (status >= 400 && status < 500) return ALLOW_ALL;
      if (status >= 500) throw new PageError(robotsUrl.href, 'http', `HTTP ${status}: robots.txt unreadable, so the shop is not crawled`);
      const parsed = robotsParser(robotsUrl.href, page.body);
      const delaySeconds = parsed.getCrawlDelay(ROBOTS_TOKEN) ?? 0;
      return {
        allowed: (target: string) => parsed.isAllowed(target, ROBOTS_TOKEN) !== false,
        crawlDelayMs: Math.min(MAX_CRAWL_DELAY_MS, Math.max(0, delaySeconds * 1000)),
        sitemaps: parsed.getSitemaps(),
      };
    })();
    return state.robots;
  };

  const parse = (raw: string): URL => {
    let url: URL;
    try {
      url = new URL(raw);
    } catch {
      throw new PageError(raw, 'network', 'not a URL');
    }
    if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new PageError(raw, 'network', 'only http(s) pages are read');
    return url;
  };

  return {
    async get(raw) {
      const url = parse(raw);
      const robots = await robotsFor(url);
      if (!robots.allowed(url.href)) throw new PageError(url.href, 'robots', `disallowed by robots.txt for ${ROBOTS_TOKEN}`);
      const { status, page } = await request(url, Math.max(options.delayMs, robots.crawlDelayMs));
      if (status >= 400) throw new PageError(url.href, 'http', `HTTP ${status}`);
      return page;
    },
    async allowed(raw) {
      const url = parse(raw);
      return (await robotsFor(url)).allowed(url.href);
    },
    async sitemaps(raw) {
      return (await robotsFor(parse(raw))).sitemaps;
    },
    stats: () => ({ waitedMs, requests }),
  };
}

function describeFailure(url: string, error: unknown, options: PoliteFetcherOptions): PageError {
  if (error instanceof PageError) return error;
  const err = error as Error & { cause?: { code?: string; message?: string } };
  if (options.signal.aborted) return new PageError(url, 'stopped', 'stopped');
  if (err.name === 'TimeoutError') return new PageError(url, 'timeout', `no complete answer within ${options.timeoutMs} ms`);
  if (err.message.startsWith('larger than')) return new PageError(url, 'too-large', err.message);
  const cause = err.cause?.code ?? err.cause?.message ?? err.message;
  return new PageError(url, 'network', cause === 'ENOTFOUND' ? 'ENOTFOUND (the host name does not resolve: no such shop, or no network)' : cause);
}
