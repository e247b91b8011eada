import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { JobList, JobRun, RunStarted } from '../../../src/shared/api/jobs.schemas.js';
import type { NewsPage } from '../../../src/shared/api/news.schemas.js';
import type { SearchResponse } from '../../../src/shared/api/search.schemas.js';
import { type FeedServer, startFeedServer } from '../../fixtures/feeds/feed-server.js';
import { startTestService, type TestService } from '../../helpers/test-service.js';

/** The news job end to end: feeds served over loopback HTTP, run through the jobs API, stored, de-duplicated, searchable. */
describe('news aggregator job', () => {
  let feeds: FeedServer;
  let t: TestService;
  let auth: Record<string, string>;
  const get = async <T>(url: string) => {
    const response = await t.service.http.inject({ method: 'GET', url, headers: auth });
    expect(response.statusCode, `${url}: ${response.body}`).toBe(200);
    return response.json() as T;
  };
  const runToEnd = async (): Promise<JobRun> => {
    const started = await t.service.http.inject({ method: 'POST', url: '/api/jobs/news/run', headers: auth });
    expect(started.statusCode, started.body).toBe(202);
    const { run } = started.json() as RunStarted;
    expect(run).toMatchObject({ job: 'news', trigger: 'manual', status: 'running' });
    let current = run;
    await expect.poll(async () => (current = await get<JobRun>(`/api/jobs/runs/${run.id}`)).status, { timeout: 20_000 }).not.toBe('running');
    return current;
  };

  beforeAll(async () => {
    feeds = await startFeedServer();
    const list = ['/rss.xml', '/atom.xml', '/broken.xml', '/gone.xml'].map((path) => feeds.url + path).join(',');
    t = await startTestService({ env: { NEWS_FEEDS: list, NEWS_FEED_TIMEOUT_MS: '5000' } });
    auth = { authorization: `Bearer ${await t.login()}` };
  });
  afterAll(async () => {
    await t?.close();
    await feeds?.close();
  });

  it('lists the news job with its 6-hour schedule, no next run while the timers are off, and no run yet', async () => {
    const jobs = await get<JobList>('/api/jobs');
    expect(jobs.timers_enabled).toBe(false);
    expect(jobs.items.find((job) => job.name === 'news')).toMatchObject({
      cron: '20 */6 * * *',
      interval_ms: null,
      running: false,
      next_run_at: null,
      last_run: null,
    });
  });

  it('stores the new articles of every readable feed, counts the failing feeds with their causes, and names itself', async () => {
    const run = await runToEnd();
    // 3 RSS + 2 Atom items, one of which repeats an RSS title in other case and punctuation.
    expect(run).toMatchObject({ status: 'succeeded', pages: 2, items: 4, errors: 2 });
    expect(run.error_samples).toEqual([expect.stringContaining('/broken.xml: not an RSS or Atom feed'), expect.stringContaining('/gone.xml: HTTP 404')]);
    expect(run.message).toBe('4 new article(s) from 4 feed(s)');
    expect(run.finished_at).not.toBeNull();
    expect(feeds.userAgents.every((agent) => agent.startsWith('TransceiverIntelligence/'))).toBe(true);

    const page = await get<NewsPage>('/api/news?q=OSFP%20modules%20ship');
    expect(page.items).toHaveLength(1);
    expect(page.items[0]).toMatchObject({
      title: '800G OSFP modules ship in volume for AI clusters',
      summary: 'Vendors report 800G DR8 shipments doubling.',
      source: 'Optics Wire (fixture)',
      published_at: '2026-11-16T09:00:00.000Z',
      is_seed: false,
    });
    expect(page.items[0]!.tags).toEqual(expect.arrayContaining(['800g', 'osfp', 'data-center']));
    expect((await get<NewsPage>('/api/news?tag=lpo')).items.map((a) => a.title)).toEqual(['Linear-drive optics (LPO) trials at hyperscalers']);
  });

  it('makes the stored articles findable by semantic search', async () => {
    const found = await get<SearchResponse>('/search/news?q=Coherent%20400ZR%20pluggables%20reach%20metro%20networks');
    expect(found.index_complete).toBe(true);
    expect(JSON.stringify(found.hits.slice(0, 3))).toContain('Coherent 400ZR pluggables reach metro networks');
  });

  it('stores nothing twice: a second run finds every article already there', async () => {
    const run = await runToEnd();
    expect(run).toMatchObject({ status: 'succeeded', pages: 2, items: 0, errors: 2 });
    expect((await get<NewsPage>('/api/news?limit=100')).items.filter((a) => !a.is_seed)).toHaveLength(4);
  });

  it('keeps the history newest first, filterable by job and status', async () => {
    const history = await get<{ total: number; items: JobRun[] }>('/api/jobs/runs?job=news');
    expect(history.total).toBe(2);
    expect(history.items[0]!.id).toBeGreaterThan(history.items[1]!.id);
    expect((await get<{ total: number }>('/api/jobs/runs?status=failed')).total).toBe(0);
    const jobs = await get<JobList>('/api/jobs');
    expect(jobs.items.find((job) => job.name === 'news')!.last_run).toMatchObject({ id: history.items[0]!.id, status: 'succeeded' });
  });

  it('answers 404 naming the jobs for an unknown job, and 404 for an unknown run', async () => {
    const unknown = await t.service.http.inject({ method: 'POST', url: '/api/jobs/scrape-nowhere/run', headers: auth });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({ message: 'No job named "scrape-nowhere"; the jobs are: news' });
    expect((await t.service.http.inject({ method: 'GET', url: '/api/jobs/runs/999999', headers: auth })).statusCode).toBe(404);
  });
});
