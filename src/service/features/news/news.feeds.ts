import { parseFeed } from '@rowanmanning/feed-parser';
import { tagsOf } from './news.tags.js';
import { readCappedBody } from '../../read-capped-body.js';
import { deadlineSignal } from '../../deadline-signal.js';

/** One article as a feed gives it, before de-duplication. */
export interface FetchedArticle {
  title: string;
  summary: string;
  url: string | null;
  source: string;
  published_at: string;
  tags: string[];
}

/** A feed larger than this is not a news feed; reading it whole would only cost memory. */
const MAX_FEED_BYTES = 5 * 1024 * 1024;
const MAX_SUMMARY_CHARS = 1_000;

export interface FeedRequest {
  url: string;
  userAgent: string;
  timeoutMs: number;
  signal: AbortSignal;
  now: () => number;
}

/**
 * Fetches and parses one RSS or Atom feed (@rowanmanning/feed-parser, which is lenient with real-world feeds and
 * resolves relative links). Throws an Error whose message names the feed and the cause; the caller counts it and
 * goes on with the next feed.
 */
export async function fetchFeed(request: FeedRequest): Promise<FetchedArticle[]> {
  const deadline = deadlineSignal(request.signal, request.timeoutMs);
  let xml: string;
  try {
    xml = await download(request, deadline.signal);
  } finally {
    deadline.done();
  }
  let feed;
  try {
    feed = parseFeed(xml);
  } catch {
    throw new Error(`${request.url}: not an RSS or Atom feed`);
  }
  const source = feed.title?.trim() || new URL(request.url).hostname;
  const fallbackDate = new Date(request.now()).toISOString();
  const articles: FetchedArticle[] = [];
  for (const item of feed.items) {
    const title = plainText(item.title ?? '');
    if (title === '') continue;
    const summary = plainText(item.description ?? item.content ?? '').slice(0, MAX_SUMMARY_CHARS);
    const published = item.published ?? item.updated;
    articles.push({
      title,
      summary,
      url: item.url,
      source,
      published_at: published && !Number.isNaN(published.getTime()) ? published.toISOString() : fallbackDate,
      tags: tagsOf(
        `${title} ${summary}`,
        item.categories.map((c) => c.label ?? c.term),
      ),
    });
  }
  return articles;
}

/** The feed's text, within the deadline and the size cap; an Error names the feed and the cause. */
async function download(request: FeedRequest, signal: AbortSignal): Promise<string> {
  let response: Response;
  try {
    response = await fetch(request.url, {
      signal,
      redirect: 'follow',
      headers: { 'user-agent': request.userAgent, accept: 'application/rss+xml, application/atom+xml, application/xml;q=0.9, text/xml;q=0.9, */*;q=0.5' },
    });
  } catch (error) {
    throw new Error(`${request.url}: ${describeFetchFailure(error, request.timeoutMs)}`);
  }
  if (!response.ok) {
    await response.body?.cancel();
    throw new Error(`${request.url}: HTTP ${response.status}`);
  }
  return readCapped(response, request.url, request.timeoutMs);
}

async function readCapped(response: Response, url: string, timeoutMs: number): Promise<string> {
  try {
    return await readCappedBody(response, MAX_FEED_BYTES);
  } catch (error) {
    throw new Error(`${url}: ${describeFetchFailure(error, timeoutMs)}`);
  }
}

function describeFetchFailure(error: unknown, timeoutMs: number): string {
  const err = error as Error & { cause?: { code?: string; message?: string } };
  if (err.name === 'TimeoutError') return `no complete answer within ${timeoutMs} ms`;
  if (err.name === 'AbortError') return 'stopped';
  return err.cause?.code ?? err.cause?.message ?? err.message;
}

/** Feed texts often carry HTML (and entities the parser already decoded): the store keeps plain text. */
function plainText(html: string): string {
  return html
    .replace(/<(script|style)[\s\S]*?<\/\1>/gi, ' ')
    .replace(/<[^>]+>/g, ' ')
    .replace(/&nbsp;/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}
