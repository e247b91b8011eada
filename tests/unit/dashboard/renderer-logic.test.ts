import { describe, expect, it } from 'vitest';
import type { PriceObservation } from '../../../src/shared/api/catalogue/prices.schemas.js';
import type { HypeCycleEntry } from '../../../src/shared/api/forecast/forecast.schemas.js';
import { withParams, withQuery } from '../../../src/renderer/src/api/query-string.js';
import { failedStepOutput, rulesKeepingDraft } from '../../../src/renderer/src/blog/pipeline-notes.utils.js';
import { expectation, PHASE_SPANS, placeTechnologies } from '../../../src/renderer/src/hype/hype-curve.js';
import { newestFirst, toArticle } from '../../../src/renderer/src/news/news-article.js';
import { searchEndpoint } from '../../../src/renderer/src/search/search-request.js';
import type { SearchRequest } from '../../../src/renderer/src/state/queries.js';
import { EMPTY_TRANSCEIVER_QUERY } from '../../../src/renderer/src/state/queries.js';
import { currenciesOf, seriesFor } from '../../../src/renderer/src/transceivers/price-series.js';
import { filterParams, pageParams } from '../../../src/renderer/src/transceivers/transceiver-query.js';

function tech(name: string, phaseIndex: number, progress: number): HypeCycleEntry {
  return {
    name,
    category: 'ethernet',
    speed_gbps: null,
    phase: `phase ${phaseIndex}`,
    phase_index: phaseIndex,
    score: 0.5,
    progress_in_phase: progress,
    phase_rule: null,
    factors: [],
    adoption_share_now: 0,
    forecast_5y: [],
    model: {
      method: 'prior',
      p: 0.03,
      q: 0.4,
      m: 100,
      launch_year: 2020,
      r2: null,
      converged: null,
      points: 0,
      reason: '',
      source: '',
      renewal: { share: 0, life_years: 5, source: null },
      last_point_year: null,
      level: 1,
      points_kind: 'none',
    },
  };
}

function price(vendor: string, currency: 'GBP' | 'USD', observedAt: string, value: number): PriceObservation {
  return {
    id: 0,
    transceiver_id: 't',
    vendor_id: vendor,
    vendor_name: vendor,
    price: value,
    currency,
    observed_at: observedAt,
    in_stock: null,
    stock_qty: null,
    source: 'seed',
    url: null,
  };
}

describe('hype-curve placement', () => {
  it('keeps each technology inside its phase, in order, and spreads a pile-up at the phase end', () => {
    const entries = [tech('1G', 4, 0.99), tech('10G', 4, 0.98), tech('40G', 4, 1), tech('100G', 4, 0.97), tech('1.6T', 1, 0.5), tech('800G', 2, 0.9)];
    const placed = placeTechnologies(entries);
    expect(placed.map((p) => p.name).sort()).toEqual(entries.map((e) => e.name).sort());
    for (const p of placed) {
      const entry = entries.find((e) => e.name === p.name)!;
      const [from, to] = PHASE_SPANS[entry.phase_index]!;
      expect(p.x, p.name).toBeGreaterThanOrEqual(from);
      expect(p.x, p.name).toBeLessThanOrEqual(to);
      expect(p.y).toBeCloseTo(expectation(p.x), 10);
    }
    const plateau = placed.filter((p) => p.phase === 'phase 4').sort((a, b) => a.x - b.x);
    expect(plateau.map((p) => p.name)).toEqual(['100G', '10G', '1G', '40G']);
    for (let i = 1; i < plateau.length; i++) expect(plateau[i]!.x - plateau[i - 1]!.x).toBeGreaterThanOrEqual(3.2 - 1e-9);
  });

  it('draws the peak higher than the trough and the plateau above the trough', () => {
    const peak = expectation((PHASE_SPANS[1]![0] + PHASE_SPANS[1]![1]) / 2);
    const trough = expectation(PHASE_SPANS[2]![1]);
    expect(peak).toBeGreaterThan(trough);
    expect(expectation(95)).toBeGreaterThan(trough);
  });
});

describe('price series', () => {
  const observations = [
    price('Shop A', 'GBP', '2026-03-01T00:00:00Z', 12),
    price('Shop A', 'GBP', '2026-01-01T00:00:00Z', 10),
    price('Shop B', 'GBP', '2026-02-01T00:00:00Z', 11),
    price('Shop A', 'USD', '2026-02-01T00:00:00Z', 14),
  ];
  it('puts the most observed currency first', () => {
    expect(currenciesOf(observations)).toEqual(['GBP', 'USD']);
  });
  it('draws one time-ordered line per shop in the chosen currency only', () => {
    const series = seriesFor(observations, 'GBP');
    expect(series.map((s) => s.shop)).toEqual(['Shop A', 'Shop B']);
    expect(series[0]!.points.map((p) => p.price)).toEqual([10, 12]);
    expect(seriesFor(observations, 'USD')).toEqual([{ shop: 'Shop A', points: [{ time: Date.parse('2026-02-01T00:00:00Z'), price: 14 }], demo: true }]);
  });
  it('labels a line demo when any of its points is a generated seed price, per shop and currency', () => {
    const imported = observations.map((o) => ({ ...o, source: 'import' }));
    const mixed = [...imported, price('Shop B', 'GBP', '2026-04-01T00:00:00Z', 9)];
    expect(seriesFor(mixed, 'GBP').map((s) => [s.shop, s.demo])).toEqual([
      ['Shop A', false],
      ['Shop B', true],
    ]);
    expect(seriesFor(mixed, 'USD').map((s) => s.demo)).toEqual([false]);
  });
});

describe('requests the screens send', () => {
  it('leaves empty filters out of the query string', () => {
    expect(withQuery('/api/transceivers', { q: '', form_factor: 'QSFP28', limit: 25, vendor: undefined })).toBe(
      '/api/transceivers?form_factor=QSFP28&limit=25',
    );
    expect(withQuery('/api/x', {})).toBe('/api/x');
    expect(withParams('/api/transceivers/:id/prices', { id: 'a/b c' })).toBe('/api/transceivers/a%2Fb%20c/prices');
    expect(() => withParams('/api/standards/:name', {})).toThrow(':name');
  });

  it('sends the same filters and sort to the table and the CSV export, paging only to the table', () => {
    const query = { ...EMPTY_TRANSCEIVER_QUERY, form_factor: 'QSFP28', q: '  LR4 ', sort: 'speed_gbps' as const, order: 'desc' as const, offset: 50 };
    expect(filterParams(query)).toMatchObject({ form_factor: 'QSFP28', q: 'LR4', sort: 'speed_gbps', order: 'desc' });
    expect(filterParams(query)).not.toHaveProperty('offset');
    expect(pageParams(query)).toMatchObject({ limit: 25, offset: 50 });
  });

  it('searches products when a product filter is set, and across collections otherwise', () => {
    const base: SearchRequest = { q: 'lr4', collection: '', form_factor: '', speed_gbps: '', fiber_type: '', wdm_type: '' };
    expect(searchEndpoint(base)).toEqual({ path: '/api/search', query: { q: 'lr4', collections: undefined, limit: 20 } });
    expect(searchEndpoint({ ...base, collection: 'faq_embeddings' })).toMatchObject({ query: { collections: 'faq_embeddings' } });
    expect(searchEndpoint({ ...base, fiber_type: 'SMF' })).toMatchObject({ path: '/search/products', query: { q: 'lr4', fiber_type: 'SMF' } });
    expect(searchEndpoint({ ...base, collection: 'product_embeddings' }).path).toBe('/search/products');
  });
});

describe('news and formatting', () => {
  it('reads a news hit and orders articles newest first, month-only dates included', () => {
    const hit = (id: string, published: string, score: number) => ({
      collection: 'news_embeddings',
      id,
      score,
      title: id,
      snippet: '',
      record: { title: id, summary: 'text', url: 'https://example.org/a', source: 'IEEE', published_at: published, tags: '["400g","standard"]' },
    });
    const articles = [hit('a', '2024-02', 0.5), hit('b', '2025-06-12', 0.1), hit('c', '2024-02-20', 0.9)].map(toArticle);
    expect(articles[0]!.tags).toEqual(['400g', 'standard']);
    expect(newestFirst(articles).map((a) => a.id)).toEqual(['b', 'c', 'a']);
  });
});

describe('blog draft notes', () => {
  const step = { step: 1, name: 'topic_expansion' as const, started_at: '2026-05-04T09:00:00Z', duration_ms: 40, output_chars: 0 };
  it("shows a failed step's command output: exit code (else signal), stdout, stderr", () => {
    const details = { command: 'claude -p', exitCode: 3, signal: null, stdout: 'half an answer', stderr: 'quota exhausted' };
    expect(failedStepOutput({ steps: [{ ...step, status: 'failed', error: 'failed with exit code 3', details }] })).toEqual({
      step: 1,
      name: 'topic_expansion',
      exit: '3',
      stdout: 'half an answer',
      stderr: 'quota exhausted',
    });
    const killed = { exitCode: null, signal: 'SIGKILL', stdout: '', stderr: '' };
    expect(failedStepOutput({ steps: [{ ...step, status: 'failed', error: 'stopped', details: killed }] })?.exit).toBe('SIGKILL');
    expect(failedStepOutput({ steps: [{ ...step, status: 'succeeded', error: null, details: null }] })).toBeNull();
    const server = { host: 'http://127.0.0.1:11434', model: 'llama3.1:8b', code: 'ECONNREFUSED' };
    expect(failedStepOutput({ steps: [{ ...step, status: 'failed', error: 'Ollama is not running', details: server }] })).toBeNull();
  });

  it('names the rules that keep a finished pipeline article in draft, and none for the template or a draft in review', () => {
    const pipeline = { state: 'succeeded' as const } as Parameters<typeof rulesKeepingDraft>[0]['pipeline'];
    const issues = [
      { rule: 'max_sections', message: 'Has 8 sections' },
      { rule: 'min_words', message: 'Has 1040 words' },
    ];
    expect(rulesKeepingDraft({ status: 'draft', is_template: false, quality_issues: issues, pipeline })).toEqual(['max_sections', 'min_words']);
    expect(rulesKeepingDraft({ status: 'draft', is_template: true, quality_issues: issues, pipeline })).toEqual([]);
    expect(rulesKeepingDraft({ status: 'review', is_template: false, quality_issues: [], pipeline })).toEqual([]);
  });
});
