import { describe, expect, it } from 'vitest';
import { clipText, PRODUCT_TEXT_LIMITS } from '../../../src/service/features/catalogue/common/catalogue.values.js';
import { type CatalogueVocabulary, describeOffer } from '../../../src/service/features/scrapers/offer-describer.js';
import { type CatalogueLookup, decideOffer, type ProductMatch } from '../../../src/service/features/scrapers/offer-mapper.js';
import type { ScrapedOffer } from '../../../src/service/features/scrapers/scraped-offer.js';
import { scraperSchedules } from '../../../src/service/features/scrapers/scrapers.jobs.js';

/** Names and facts as the seed's catalogue has them (IEEE 802.3 reaches). */
const VOCABULARY: CatalogueVocabulary = {
  formFactors: ['SFP', 'SFP+', 'SFP28', 'QSFP28', 'QSFP-DD', 'QSFP-DD800', 'OSFP', 'OSFP224'],
  standards: [
    { name: '100GBASE-LR4', speed_gbps: 100, reach_meters: 10000, medium: 'single-mode' },
    { name: '400GBASE-SR4', speed_gbps: 400, reach_meters: 100, medium: 'multimode' },
    { name: '400GBASE-SR4.2', speed_gbps: 400, reach_meters: 100, medium: 'multimode' },
    { name: '800GBASE-DR8', speed_gbps: 800, reach_meters: 500, medium: 'single-mode' },
  ],
};

const offer = (over: Partial<ScrapedOffer>): ScrapedOffer => ({
  pageUrl: 'https://shop.test/p',
  productUrl: null,
  name: '',
  partNumber: null,
  gtin: null,
  brand: null,
  facts: {},
  price: 100,
  currency: 'GBP',
  inStock: null,
  stockQty: null,
  reader: 'json-ld',
  ...over,
});

describe('describing an offer from its words', () => {
  it('reads form factor (longest name first), standard, speed, reach and fibre from a product name', () => {
    expect(describeOffer(offer({ name: 'QSFP-DD800 800GBASE-DR8 1311nm 500m SMF MPO-16' }), VOCABULARY)).toEqual({
      formFactor: 'QSFP-DD800',
      speedGbps: 800,
      reachMeters: 500,
      standard: '800GBASE-DR8',
      fiberType: 'SMF',
    });
    expect(describeOffer(offer({ name: 'QSFP-DD 400GBASE-SR4.2 BiDi 100m' }), VOCABULARY)).toMatchObject({ formFactor: 'QSFP-DD', standard: '400GBASE-SR4.2' });
    expect(describeOffer(offer({ name: 'SFP+ 10G 1310nm 10km' }), VOCABULARY)).toEqual({
      formFactor: 'SFP+',
      speedGbps: 10,
      reachMeters: 10000,
      standard: null,
      fiberType: null,
    });
  });

  it('lets explicit facts win over the name, and falls back on the standard for speed and reach', () => {
    const described = describeOffer(offer({ name: 'Optic 100GBASE-LR4', facts: { 'form factor': 'QSFP28', reach: '2 km' } }), VOCABULARY);
    expect(described).toEqual({ formFactor: 'QSFP28', speedGbps: 100, reachMeters: 2000, standard: '100GBASE-LR4', fiberType: 'SMF' });
    expect(describeOffer(offer({ name: '1.6T OSFP224 DR8 active optical cable 3m' }), VOCABULARY)).toMatchObject({
      formFactor: 'OSFP224',
      speedGbps: 1600,
      reachMeters: 3,
      fiberType: 'AOC',
    });
  });
});

describe('mapping an offer to the catalogue', () => {
  const product = (id: string, vendor_id: string, part_number: string, speed_gbps = 100): ProductMatch => ({ id, vendor_id, part_number, speed_gbps });
  const lookup = (byPart: ProductMatch[], byAttributes: ProductMatch[] = []): CatalogueLookup => ({
    byPartNumber: async () => byPart,
    byAttributes: async () => byAttributes,
  });
  const lr4 = { formFactor: 'QSFP28', speedGbps: 100, reachMeters: 10000, standard: '100GBASE-LR4', fiberType: 'SMF' };

  it("maps by part number: the shop's own product first, else the one product of another maker", async () => {
    const own = product('own', 'shop', 'X-1');
    const other = product('other', 'maker', 'X-1');
    expect(await decideOffer('shop', offer({ partNumber: 'X-1' }), lr4, lookup([own, other]))).toMatchObject({
      kind: 'observe',
      product: own,
      matchedBy: 'part_number',
    });
    expect(await decideOffer('shop', offer({ partNumber: 'X-1' }), lr4, lookup([other]))).toMatchObject({ kind: 'observe', product: other });
    expect(await decideOffer('shop', offer({ partNumber: 'X-1' }), lr4, lookup([other, product('third', 'maker2', 'X-1')]))).toMatchObject({
      kind: 'refuse',
      reason: expect.stringContaining('part number of 2 products'),
    });
  });

  it('creates a new product for an unknown part number the page describes, and refuses one it does not', async () => {
    expect(await decideOffer('shop', offer({ partNumber: 'NEW-1' }), lr4, lookup([]))).toMatchObject({ kind: 'create', partNumber: 'NEW-1', attributes: lr4 });
    expect(await decideOffer('shop', offer({ partNumber: 'NEW-2' }), { ...lr4, formFactor: null, fiberType: null }, lookup([]))).toEqual({
      kind: 'refuse',
      reason: 'NEW-2: a new part number, but the page does not say its form factor, fibre type',
    });
    // A page's text in the part number's place is no product the catalogue can hold.
    const long = `NEW-${'9'.repeat(PRODUCT_TEXT_LIMITS.part_number)}`;
    expect(await decideOffer('shop', offer({ partNumber: long }), lr4, lookup([]))).toMatchObject({
      kind: 'refuse',
      reason: expect.stringContaining(`a part number longer than ${PRODUCT_TEXT_LIMITS.part_number} characters`),
    });
  });

  it('clips a name to what the catalogue keeps, never between the halves of one character', () => {
    expect(clipText('QSFP28 LR4', 300)).toBe('QSFP28 LR4');
    expect(clipText('abcdef', 4)).toBe('abcd');
    expect(clipText('abc\u{1F600}d', 4)).toBe('abc');
    expect(clipText('x'.repeat(400), PRODUCT_TEXT_LIMITS.name)).toHaveLength(PRODUCT_TEXT_LIMITS.name);
  });

  it("without a part number, maps by form factor + speed + reach + standard among the shop's products when exactly one fits", async () => {
    const one = product('one', 'shop', 'A');
    expect(await decideOffer('shop', offer({ name: 'LR4' }), lr4, lookup([], [one]))).toMatchObject({ kind: 'observe', product: one, matchedBy: 'attributes' });
    expect(await decideOffer('shop', offer({ name: 'LR4' }), lr4, lookup([], [one, product('two', 'shop', 'B')]))).toMatchObject({ kind: 'refuse' });
    expect(await decideOffer('shop', offer({ name: 'LR4' }), { ...lr4, reachMeters: null }, lookup([], [one]))).toMatchObject({ kind: 'refuse' });
  });

  it('refuses offers without a price or with a currency the catalogue does not store', async () => {
    expect(await decideOffer('shop', offer({ partNumber: 'X', price: null }), lr4, lookup([]))).toEqual({
      kind: 'refuse',
      reason: 'X: no price on https://shop.test/p',
    });
    expect(await decideOffer('shop', offer({ partNumber: 'X', currency: 'JPY' }), lr4, lookup([]))).toMatchObject({
      reason: 'X: currency JPY is not one the catalogue stores',
    });
    expect(await decideOffer('shop', offer({ partNumber: 'X', currency: null }), lr4, lookup([]))).toMatchObject({ reason: 'X: the page names no currency' });
  });
});

describe('scraper schedules', () => {
  it('uses each vendor interval, spreads shops that share an interval over it, and gives every scraper its own minute', async () => {
    const schedules = scraperSchedules([
      { id: 'a', scrape_interval_hours: 4 },
      { id: 'b', scrape_interval_hours: 4 },
      { id: 'c', scrape_interval_hours: 8 },
      { id: 'd', scrape_interval_hours: 8 },
      { id: 'operator', scrape_interval_hours: 2 },
      { id: 'odd', scrape_interval_hours: 5 },
    ]);
    expect(Object.fromEntries(schedules)).toEqual({
      a: '2 0-23/4 * * *',
      b: '12 2-23/4 * * *',
      c: '22 0-23/8 * * *',
      d: '32 4-23/8 * * *',
      operator: '42 0-23/2 * * *',
      odd: 5 * 3_600_000,
    });
  });

  it('never gives a scraper the news minute (20 past) or a minute another scraper has', async () => {
    const many = Array.from({ length: 12 }, (_, i) => ({ id: `v${i}`, scrape_interval_hours: 4 }));
    const minutes = [...scraperSchedules(many).values()].map((cron) => String(cron).split(' ')[0]);
    expect(new Set(minutes).size).toBe(12);
    expect(minutes).not.toContain('20');
  });
});
