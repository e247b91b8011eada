import type Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { CURRENT_PRICE_CACHE } from '../../../src/service/features/catalogue/prices/current-prices.cache.js';
import { PAGE_CACHE } from '../../../src/service/features/catalogue/transceivers/transceiver-page.cache.js';

// Neither slot touches the connection it is made for.
const connection = undefined as unknown as Database.Database;

describe("the catalogue list's kept pages (by the list's revision)", () => {
  it('answers a page only at the revision it was kept at, and forgets every page when the revision moves', () => {
    const pages = PAGE_CACHE.create(connection);
    pages.set('a', 1, { total: 3, rowids: [1, 2, 3] });
    pages.set('b', 1, { total: 1, rowids: [9] });
    expect(pages.get('a', 1)).toEqual({ total: 3, rowids: [1, 2, 3] });
    expect(pages.get('a', 2)).toBeUndefined();
    // Back at the old revision nothing is left: a revision is never trusted again once another was seen.
    expect(pages.get('b', 1)).toBeUndefined();
  });

  it('keeps the 256 most recently used pages', () => {
    const pages = PAGE_CACHE.create(connection);
    for (let i = 0; i < 256; i++) pages.set(`p${i}`, 7, { total: i, rowids: [i] });
    expect(pages.get('p0', 7)?.total).toBe(0);
    pages.set('p256', 7, { total: 256, rowids: [256] });
    expect(pages.get('p1', 7)).toBeUndefined();
    expect(pages.get('p0', 7)?.total).toBe(0);
    expect(pages.get('p256', 7)?.total).toBe(256);
  });
});

describe("the catalogue list's kept current prices (by the prices' and the list's revisions)", () => {
  const row = (price: number) => ({ transceiver_id: 't', price, currency: 'USD', observed_at: '2026-01-01T00:00:00.000Z', vendor_name: 'Shop', source: 'api' });

  it('tells a kept "no price" (null) from nothing kept (undefined), and forgets all at other revisions', () => {
    const prices = CURRENT_PRICE_CACHE.create(connection);
    prices.set('t1', '4:2', row(10));
    prices.set('t2', '4:2', null);
    expect(prices.get('t1', '4:2')).toEqual(row(10));
    expect(prices.get('t2', '4:2')).toBeNull();
    expect(prices.get('t3', '4:2')).toBeUndefined();
    expect(prices.get('t1', '5:2')).toBeUndefined();
    expect(prices.get('t2', '4:2')).toBeUndefined();
  });

  it('keeps at most 5,000 products, dropping the oldest first', () => {
    const prices = CURRENT_PRICE_CACHE.create(connection);
    for (let i = 0; i <= 5_000; i++) prices.set(`t${i}`, '1:1', row(i));
    expect(prices.get('t0', '1:1')).toBeUndefined();
    expect(prices.get('t1', '1:1')).toEqual(row(1));
    expect(prices.get('t5000', '1:1')).toEqual(row(5_000));
  });
});
