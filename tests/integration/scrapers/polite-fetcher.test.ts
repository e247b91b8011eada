import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { createPoliteFetcher, PageError } from '../../../src/service/features/scrapers/polite-fetcher.js';

/** The fetcher against a real HTTP server on loopback whose robots.txt each test chooses. */
describe('polite fetcher', () => {
  let server: Server | undefined;
  const hits: Array<{ path: string; at: number; ua: string }> = [];
  const serve = async (robots: { status: number; body?: string }) => {
    hits.length = 0;
    server = createServer((request, response) => {
      hits.push({ path: request.url ?? '', at: Date.now(), ua: request.headers['user-agent'] ?? '' });
      if (request.url === '/robots.txt') return response.writeHead(robots.status, { 'content-type': 'text/plain' }).end(robots.body ?? '');
      if (request.url === '/hang') return; // never answers
      response.writeHead(200, { 'content-type': 'text/html' }).end(`<p>${request.url}</p>`);
    });
    await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve));
    return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  };
  const fetcher = (over: { delayMs?: number; timeoutMs?: number; signal?: AbortSignal } = {}) =>
    createPoliteFetcher({ userAgent: 'TransceiverIntelligence/9.9.9 (test)', timeoutMs: 2_000, delayMs: 0, signal: new AbortController().signal, ...over });

  afterEach(async () => {
    server?.closeAllConnections();
    await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
    server = undefined;
  });

  it('reads robots.txt once, obeys its Disallow for the product token, and names the product in every request', async () => {
    const base = await serve({ status: 200, body: 'User-agent: TransceiverIntelligence\nDisallow: /private/\n\nUser-agent: *\nDisallow: /\n' });
    const f = fetcher();
    expect((await f.get(`${base}/a`)).body).toBe('<p>/a</p>');
    await expect(f.get(`${base}/private/x`)).rejects.toMatchObject({
      reason: 'robots',
      message: `${base}/private/x: disallowed by robots.txt for TransceiverIntelligence`,
    });
    expect(await f.allowed(`${base}/b`)).toBe(true);
    expect(hits.map((h) => h.path)).toEqual(['/robots.txt', '/a']);
    expect(hits.every((h) => h.ua === 'TransceiverIntelligence/9.9.9 (test)')).toBe(true);
  });

  it('spaces requests to one host by the delay, or by a larger Crawl-delay, and counts the time it waited', async () => {
    const base = await serve({ status: 200, body: 'User-agent: *\nCrawl-delay: 0.2\n' });
    // A frozen clock makes each wait exactly the rule's: robots.txt goes at once, the first page waits the 50 ms delay
    // booked after robots.txt, every later page the 200 ms Crawl-delay.
    const f = createPoliteFetcher({ userAgent: 'ua', timeoutMs: 2_000, delayMs: 50, signal: new AbortController().signal, now: () => 0 });
    for (const path of ['/1', '/2', '/3']) await f.get(`${base}${path}`);
    expect(hits.map((h) => h.path)).toEqual(['/robots.txt', '/1', '/2', '/3']);
    expect(f.stats()).toEqual({ requests: 4, waitedMs: 50 + 200 + 200 });
  });

  it('treats a missing robots.txt as no rules, and an unreadable one (5xx) as an unreachable shop', async () => {
    const open = await serve({ status: 404 });
    expect((await fetcher().get(`${open}/anything`)).body).toBe('<p>/anything</p>');
    server!.closeAllConnections();
    await new Promise<void>((resolve) => server!.close(() => resolve()));
    const closed = await serve({ status: 503 });
    await expect(fetcher().get(`${closed}/x`)).rejects.toMatchObject({ url: `${closed}/robots.txt`, reason: 'http' });
  });

  it('gives up on a page after the timeout, and stops at once when the run is stopped', async () => {
    const base = await serve({ status: 404 });
    const error = await fetcher({ timeoutMs: 300 })
      .get(`${base}/hang`)
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(PageError);
    expect(error).toMatchObject({ reason: 'timeout', message: `${base}/hang: no complete answer within 300 ms` });
    const stop = new AbortController();
    const pending = fetcher({ timeoutMs: 60_000, signal: stop.signal }).get(`${base}/hang`);
    await expect.poll(() => hits.filter((h) => h.path === '/hang').length).toBe(2);
    stop.abort();
    await expect(pending).rejects.toMatchObject({ reason: 'stopped' });
  });

  it('refuses what is not an http(s) page without requesting anything', async () => {
    await expect(fetcher().get('file:///etc/passwd')).rejects.toMatchObject({ reason: 'network', message: 'file:///etc/passwd: only http(s) pages are read' });
  });
});
