import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { discoverHotTopics } from '../../../src/service/features/sales/index.js';
import { conferenceTopics, nextEdition, newsTopicType } from '../../../src/service/features/sales/hot-topics/content-topics.sources.js';
import {
  alertGroupUrgency,
  conferenceUrgency,
  evergreenUrgency,
  hypeTransitionUrgency,
  newsUrgency,
  priceMovementUrgency,
  researchUrgency,
} from '../../../src/service/features/sales/hot-topics/hot-topics.rules.js';
import type { HotTopic, HotTopicsPage } from '../../../src/shared/api/sales/hot-topics.schemas.js';
import { TOPIC_SOURCES } from '../../../src/shared/api/sales/hot-topics.schemas.js';
import { startTestService, type TestService } from '../../helpers/test-service.js';

const NOW = Date.parse('2026-11-23T12:00:00Z');
const urgencyOf = (v: { urgency: string } | null) => v?.urgency ?? null;

describe('hot-topic urgency rules, per source', () => {
  it('price movements: BREAKING needs a 10% mean over 3+ changes within 2 days; HOT 5% within 7 days; TRENDING 3+ changes', () => {
    expect(urgencyOf(priceMovementUrgency(-10, 3, 1.5))).toBe('BREAKING');
    expect(urgencyOf(priceMovementUrgency(-10, 2, 1.5))).toBe('HOT');
    expect(urgencyOf(priceMovementUrgency(-10, 3, 3))).toBe('HOT');
    expect(urgencyOf(priceMovementUrgency(6, 1, 6.9))).toBe('HOT');
    expect(urgencyOf(priceMovementUrgency(6, 3, 8))).toBe('TRENDING');
    expect(urgencyOf(priceMovementUrgency(-4.9, 5, 0.5))).toBe('TRENDING');
    expect(urgencyOf(priceMovementUrgency(-4.9, 2, 0.5))).toBe('EMERGING');
  });

  it('competitor alerts: a critical one within 2 days is BREAKING, a warning within 7 HOT, any within 7 TRENDING', () => {
    const counts = (criticalBreaking: number, severeHot: number, withinHot: number) => ({ criticalBreaking, severeHot, withinHot });
    expect(urgencyOf(alertGroupUrgency(counts(1, 1, 1)))).toBe('BREAKING');
    expect(urgencyOf(alertGroupUrgency(counts(0, 1, 1)))).toBe('HOT');
    expect(urgencyOf(alertGroupUrgency(counts(0, 0, 1)))).toBe('TRENDING');
    expect(urgencyOf(alertGroupUrgency(counts(0, 0, 0)))).toBe('EMERGING');
  });

  it('hype-cycle transitions: a phase change within 30 days is HOT, within 90 TRENDING, near the next phase EMERGING, else no topic', () => {
    expect(urgencyOf(hypeTransitionUrgency(2, 1, 1, 0.05, 4))).toBe('HOT');
    expect(urgencyOf(hypeTransitionUrgency(2, 2, 1, 0.2, 4))).toBe('TRENDING');
    expect(urgencyOf(hypeTransitionUrgency(2, 2, 2, 0.9, 4))).toBe('EMERGING');
    expect(hypeTransitionUrgency(2, 2, 2, 0.5, 4)).toBeNull();
    expect(hypeTransitionUrgency(4, 4, 4, 0.95, 4)).toBeNull();
  });

  it('news: BREAKING within 2 days with strong sentiment, HOT within 7, TRENDING within 30, EMERGING within two years', () => {
    expect(urgencyOf(newsUrgency(1, -0.6))).toBe('BREAKING');
    expect(urgencyOf(newsUrgency(1, 0.2))).toBe('HOT');
    expect(urgencyOf(newsUrgency(20, 0.9))).toBe('TRENDING');
    expect(urgencyOf(newsUrgency(400, 0.9))).toBe('EMERGING');
    expect(newsUrgency(800, 0.9)).toBeNull();
    expect(newsTopicType(['800g', 'standard'])).toBe('hype_cycle');
    expect(newsTopicType(['cpo', 'ai'])).toBe('new_product');
    expect(newsTopicType(['industry', 'acquisition'])).toBe('comparison');
    expect(newsTopicType(['multimode'])).toBe('tutorial');
  });

  it('conferences: never BREAKING; HOT while on or within 14 days; an approximate date is never above TRENDING', () => {
    expect(urgencyOf(conferenceUrgency(-1, 2, false))).toBe('HOT');
    expect(urgencyOf(conferenceUrgency(10, 14, false))).toBe('HOT');
    expect(urgencyOf(conferenceUrgency(10, 14, true))).toBe('TRENDING');
    expect(urgencyOf(conferenceUrgency(40, 44, false))).toBe('TRENDING');
    expect(urgencyOf(conferenceUrgency(100, 104, true))).toBe('EMERGING');
    expect(conferenceUrgency(130, 134, false)).toBeNull();
    expect(conferenceUrgency(-10, -5, false)).toBeNull();
  });

  it('research trends: lifted by market activity at their speed; evergreen topics are always EMERGING', () => {
    expect(urgencyOf(researchUrgency({ alertsLastWeek: 3, alertsLastMonth: 3, priceChangesLastMonth: 0 }))).toBe('HOT');
    expect(urgencyOf(researchUrgency({ alertsLastWeek: 0, alertsLastMonth: 1, priceChangesLastMonth: 0 }))).toBe('TRENDING');
    expect(urgencyOf(researchUrgency({ alertsLastWeek: 0, alertsLastMonth: 0, priceChangesLastMonth: 5 }))).toBe('TRENDING');
    expect(urgencyOf(researchUrgency({ alertsLastWeek: 0, alertsLastMonth: 0, priceChangesLastMonth: 4 }))).toBe('EMERGING');
    expect(evergreenUrgency().urgency).toBe('EMERGING');
  });

  it('takes a listed conference edition when one lies ahead, else projects the usual month and says it is approximate', () => {
    const series = {
      id: 'demo-conf',
      name: 'Demo Conference',
      organisers: 'nobody',
      usual_month: 3,
      usual_place: 'somewhere',
      url: 'https://conference.example/',
      tags: [],
      editions: [{ year: 2026, start: '2026-12-01', end: '2026-12-03', place: 'Hall 1', source: 'https://conference.example/2026' }],
    };
    expect(nextEdition(series, NOW)).toMatchObject({ start: '2026-12-01', approximate: false });
    expect(nextEdition({ ...series, editions: [] }, NOW)).toMatchObject({ year: 2027, start: '2027-03-01', end: '2027-03-31', approximate: true });
    const [topic] = conferenceTopics([series], NOW);
    expect(topic).toMatchObject({ urgency: 'HOT', topic_type: 'new_product', at: '2026-12-01' });
    expect(topic!.evidence[0]).toMatchObject({ kind: 'conference', url: 'https://conference.example/2026' });
  });
});

describe('GET /api/hot-topics on the seeded data set', () => {
  let t: TestService;
  let auth: Record<string, string>;
  let all: HotTopicsPage;
  const get = async (query: string) => t.service.http.inject({ method: 'GET', url: `/api/hot-topics${query}`, headers: auth });

  beforeAll(async () => {
    t = await startTestService({ env: { SEED_ON_START: 'true' } });
    auth = { authorization: `Bearer ${await t.login()}` };
    all = (await get('?limit=200')).json();
  }, 120_000);
  afterAll(async () => t?.close());

  it('draws topics from all seven sources, each with an urgency, a topic type, a rule and evidence', () => {
    expect(new Set(all.items.map((topic) => topic.source))).toEqual(new Set(TOPIC_SOURCES));
    for (const topic of all.items) {
      expect(topic.evidence.length, topic.id).toBeGreaterThan(0);
      expect(topic.urgency_rule.length).toBeGreaterThan(5);
    }
    expect(all.total).toBe(all.items.length);
    expect(all.counts.BREAKING + all.counts.HOT + all.counts.TRENDING + all.counts.EMERGING).toBe(all.total);
  });

  it('sorts the most urgent first', () => {
    const order = ['BREAKING', 'HOT', 'TRENDING', 'EMERGING'];
    const ranks = all.items.map((topic) => order.indexOf(topic.urgency));
    expect(ranks).toEqual([...ranks].sort((a, b) => a - b));
  });

  it('points its market evidence at real rows', async () => {
    const exists = async (table: 'price_changes' | 'competitor_alerts' | 'news_articles', id: string | number) =>
      (await sql`SELECT 1 AS found FROM ${sql.table(table)} WHERE id = ${id}`.execute(t.service.ctx.db.kysely)).rows.length === 1;
    const evidence = all.items.flatMap((topic: HotTopic) => topic.evidence);
    const changes = evidence.filter((e) => e.kind === 'price_change');
    const alerts = evidence.filter((e) => e.kind === 'competitor_alert');
    expect(changes.length).toBeGreaterThan(0);
    expect(alerts.length).toBeGreaterThan(0);
    for (const e of changes) expect(await exists('price_changes', Number(e.id)), e.id).toBe(true);
    for (const e of alerts) expect(await exists('competitor_alerts', Number(e.id)), e.id).toBe(true);
    const news = evidence.filter((e) => e.kind === 'news_article');
    for (const e of news) expect(await exists('news_articles', e.id), e.id).toBe(true);
  });

  it('filters by source, urgency and topic type, and pages', async () => {
    const evergreen: HotTopicsPage = (await get('?source=evergreen_topics')).json();
    expect(evergreen.total).toBe(5);
    expect(evergreen.items.every((topic) => topic.urgency === 'EMERGING')).toBe(true);
    const emerging: HotTopicsPage = (await get('?urgency=EMERGING&limit=200')).json();
    expect(emerging.total).toBe(all.counts.EMERGING);
    expect(emerging.counts).toEqual(all.counts);
    const tutorials: HotTopicsPage = (await get('?topic_type=tutorial&limit=200')).json();
    expect(tutorials.items.every((topic) => topic.topic_type === 'tutorial')).toBe(true);
    const page: HotTopicsPage = (await get('?limit=3&offset=3')).json();
    expect(page.items.map((topic) => topic.id)).toEqual(all.items.slice(3, 6).map((topic) => topic.id));
    expect((await get('?urgency=URGENT')).json().message).toContain('BREAKING, HOT, TRENDING, EMERGING');
  });

  it('serves seeded and newly produced competitor alerts in the same shape, with before, after and percentage', async () => {
    const list = async (query: string) => (await t.service.http.inject({ method: 'GET', url: `/api/competitor-alerts${query}`, headers: auth })).json();
    const seeded = await list('?kind=price_change&limit=200');
    expect(seeded.total).toBeGreaterThan(0);
    for (const a of seeded.items)
      expect(a.price).toMatchObject({ old_price: expect.any(Number), new_price: expect.any(Number), change_pct: expect.any(Number) });
    for (const a of (await list('?kind=stock_change')).items) expect(a.stock).toEqual({ was_in_stock: true, in_stock: false });
    const target = seeded.items[0];
    const response = await t.service.http.inject({
      method: 'POST',
      url: '/api/prices',
      headers: auth,
      payload: {
        transceiver_id: target.product.slug,
        vendor_id: target.vendor_id,
        price: Math.round(target.price.new_price * 0.8 * 100) / 100,
        currency: target.price.currency,
      },
    });
    expect(response.statusCode, response.body).toBe(201);
    const produced = (await list('?kind=price_change&limit=1')).items[0];
    expect(produced.id).toBeGreaterThan(Math.max(...seeded.items.map((a: { id: number }) => a.id)));
    expect(Object.keys(produced).sort()).toEqual(Object.keys(target).sort());
    expect(produced.price).toMatchObject({ old_price: target.price.new_price, change_pct: expect.closeTo(-20, 1) });
  });

  it('is the function the blog engine calls', async () => {
    const topics = await discoverHotTopics({ db: t.service.ctx.db, resourcesDir: t.service.ctx.config.resourcesDir }, t.service.ctx.now());
    expect(topics.map((topic) => topic.id).sort()).toEqual(all.items.map((topic) => topic.id).sort());
  });
});
