import { describe, expect, it } from 'vitest';
import { formattersFor } from '../../../src/renderer/src/format/format.utils.js';
import { MESSAGES_DE } from '../../../src/renderer/src/i18n/messages.de.js';
import { MESSAGES_EN } from '../../../src/renderer/src/i18n/messages.en.js';
import { LOCALES, translate } from '../../../src/renderer/src/i18n/translate.js';

/** Words German shares with English: technical terms, names and units. */
const SAME_IN_BOTH = new Set<string>([
  'field.wdm',
  'filter.text',
  'vendorKind.oem',
  'load.ok',
  'collection.faq_embeddings',
  'detail.standard',
  'region.region',
  'detail.transceiver',
  'facts.standard',
  'prices.shop',
  'documents.status',
  'comparables.inUsd',
]);

const placeholders = (text: string) => [...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();

describe('the message catalogue', () => {
  it('has the same keys in both languages, and German text for each (not the English left in place)', () => {
    expect(Object.keys(MESSAGES_DE).sort()).toEqual(Object.keys(MESSAGES_EN).sort());
    const same = Object.keys(MESSAGES_EN).filter((key) => MESSAGES_DE[key as keyof typeof MESSAGES_EN] === MESSAGES_EN[key as keyof typeof MESSAGES_EN]);
    expect(same.filter((key) => !SAME_IN_BOTH.has(key))).toEqual([]);
  });

  it('uses the same placeholders in both languages', () => {
    const differing = Object.entries(MESSAGES_EN).filter(
      ([key, en]) => placeholders(en).join() !== placeholders(MESSAGES_DE[key as keyof typeof MESSAGES_EN]).join(),
    );
    expect(differing.map(([key]) => key)).toEqual([]);
  });

  it('fills placeholders and leaves an unknown one visible', () => {
    expect(translate('en', 'pagination.page', { page: 2, pages: 7 })).toBe('Page 2 of 7');
    expect(translate('de', 'pagination.page', { page: 2, pages: 7 })).toBe('Seite 2 von 7');
    expect(translate('de', 'pagination.page', { page: 2 })).toBe('Seite 2 von {pages}');
  });
});

describe('locale-aware formatting', () => {
  const en = formattersFor(LOCALES.en);
  const de = formattersFor(LOCALES.de);
  it('writes numbers, percentages and prices in each locale', () => {
    expect(en.number(1234567.891, 2)).toBe('1,234,567.89');
    expect(de.number(1234567.891, 2)).toBe('1.234.567,89');
    expect(de.percent(0.123, 1)).toBe('12,3 %');
    expect(de.price(1299.5, 'EUR')).toMatch(/^1\.299,50\s€$/);
    expect(en.price(1299.5, 'EUR')).toBe('€1,299.50');
    expect(de.bytes(1536)).toBe('1,5 KB');
    expect(de.year(2025.84)).toBe('2025,8');
    expect(en.year(2025.84)).toBe('2025.8');
  });
  it('writes dates in each locale, and leaves a value it cannot read as it is', () => {
    expect(de.date('2026-03-01T12:00:00Z')).toBe('1. März 2026');
    expect(en.date('2026-03-01T12:00:00Z')).toBe('1 Mar 2026');
    expect(de.month(2025, 6)).toBe('Juni 2025');
    expect(de.date('2025-Q3')).toBe('2025-Q3');
  });
});
