import { load } from 'cheerio';
import { describe, expect, it } from 'vitest';
import { hasProductJsonLd, readJsonLdOffers } from '../../../src/service/features/scrapers/json-ld.reader.js';
import { parsePriceText, stockOf } from '../../../src/service/features/scrapers/price-text.js';
import { pick, readSelectorOffer } from '../../../src/service/features/scrapers/selector.reader.js';
import { productPage } from '../../fixtures/shops/shop-pages.js';
import { FIXTURE_PRODUCTS } from '../../fixtures/shops/shop-products.js';

const PAGE = 'https://shop.test/products/x';
const ld = (...blocks: string[]) => load(`<html><head>${blocks.map((b) => `<script type="application/ld+json">${b}</script>`).join('')}</head></html>`);
const fixture = (style: string) => FIXTURE_PRODUCTS.find((p) => p.style === style)!;

describe('JSON-LD reader', () => {
  it('reads a Product with its Offer: part number (mpn before sku), GTIN, price, currency, stock, properties', () => {
    const $ = load(productPage(fixture('json-ld')));
    const { offers, problems } = readJsonLdOffers($, PAGE);
    expect(problems).toEqual([]);
    expect(offers).toEqual([
      expect.objectContaining({
        name: 'QSFP28 100GBASE-LR4 LAN-WDM 1295-1309nm 10km SMF LC',
        partNumber: 'LTO-Q28-100G-LR4',
        gtin: '0000000100014',
        brand: 'Lumen Test Optics',
        price: 289,
        currency: 'GBP',
        inStock: 1,
        productUrl: 'https://shop.test/products/q28-100g-lr4',
        reader: 'json-ld',
      }),
    ]);
    expect(offers[0]!.facts).toMatchObject({ 'form factor': 'QSFP28', reach: '10 km', standard: '100GBASE-LR4' });
  });

  it('reads every Product of an ItemList and of an @graph, one offer per Offer, AggregateOffer by its lowPrice', () => {
    const $ = ld(
      JSON.stringify({
        '@type': 'ItemList',
        itemListElement: [
          {
            '@type': 'ListItem',
            item: {
              '@type': 'Product',
              name: 'A',
              sku: 'A-1',
              offers: [
                { price: 10, priceCurrency: 'USD' },
                { price: '8.50', priceCurrency: 'GBP' },
              ],
            },
          },
          {
            '@type': 'ListItem',
            item: { '@type': ['Product', 'Thing'], name: 'B', mpn: 'B-1', offers: { '@type': 'AggregateOffer', lowPrice: 99, priceCurrency: 'EUR' } },
          },
        ],
      }),
      JSON.stringify({
        '@graph': [{ '@type': 'WebPage' }, { '@type': 'Product', name: 'C', offers: { priceSpecification: { price: 5, priceCurrency: 'USD' } } }],
      }),
    );
    const { offers } = readJsonLdOffers($, PAGE);
    expect(offers.map((o) => [o.name, o.partNumber, o.price, o.currency])).toEqual([
      ['A', 'A-1', 10, 'USD'],
      ['A', 'A-1', 8.5, 'GBP'],
      ['B', 'B-1', 99, 'EUR'],
      ['C', null, 5, 'USD'],
    ]);
  });

  it('gives an offer without a price when the Offer has none, and reports a broken block without losing the others', () => {
    const noPrice = readJsonLdOffers(load(productPage(fixture('no-price'))), PAGE);
    expect(noPrice.offers).toEqual([expect.objectContaining({ partNumber: 'LTO-SFP28-25G-SR', price: null, currency: 'GBP', inStock: null })]);
    const mixed = readJsonLdOffers(
      ld('{"@type":"Product","name":', JSON.stringify({ '@type': 'Product', name: 'ok', offers: { price: 1, priceCurrency: 'USD' } })),
      PAGE,
    );
    expect(mixed.problems).toEqual([`${PAGE}: JSON-LD block 1 is not valid JSON`]);
    expect(mixed.offers.map((o) => o.name)).toEqual(['ok']);
  });

  it('tells product pages from others', () => {
    expect(hasProductJsonLd(load(productPage(fixture('json-ld'))))).toBe(true);
    expect(hasProductJsonLd(load(productPage(fixture('selectors'))))).toBe(false);
    expect(hasProductJsonLd(load(productPage(fixture('broken'))))).toBe(false);
  });
});

describe('selector reader', () => {
  const selectors = {
    name: 'h1.product-title',
    price: '.price',
    partNumber: '.part-number',
    availability: '.stock',
    formFactor: 'td.form-factor',
    standard: 'td.standard',
  };

  it('reads a selector-only page, and a broken page the HTML parser still makes sense of', () => {
    expect(readSelectorOffer(load(productPage(fixture('selectors'))), PAGE, selectors, 'GBP')).toMatchObject({
      name: 'QSFP-DD 400GBASE-DR4 1311nm 500m SMF MPO-12',
      partNumber: 'LTO-QDD-400G-DR4',
      price: 699,
      currency: 'GBP',
      inStock: 1,
      facts: { formFactor: 'QSFP-DD', standard: '400GBASE-DR4' },
      reader: 'selectors',
    });
    expect(readSelectorOffer(load(productPage(fixture('broken'))), PAGE, selectors, null)).toMatchObject({
      partNumber: 'LTO-SFP-1G-SX',
      price: 9.5,
      currency: 'GBP',
      facts: { formFactor: 'SFP' },
    });
  });

  it('takes the first match, so a shipping line marked up as a price is what it reads (the mapper refuses it)', () => {
    expect(readSelectorOffer(load(productPage(fixture('shipping'))), PAGE, selectors, null)).toMatchObject({ price: 2.95, currency: 'GBP' });
  });

  it('reads attributes with "@attr", and finds no product where the name selector matches nothing', () => {
    const $ = load('<div itemprop="price" content="123.40"></div><h2>x</h2>');
    expect(pick($, '[itemprop=price]@content')).toBe('123.40');
    expect(pick($, 'h1')).toBeNull();
    expect(readSelectorOffer($, PAGE, { name: 'h1', price: '[itemprop=price]@content' }, 'EUR')).toBeNull();
  });
});

describe('price and stock text', () => {
  it.each([
    ['£1,234.56', 1234.56, 'GBP'],
    ['1.234,56 €', 1234.56, 'EUR'],
    ['USD 99', 99, 'USD'],
    ['From $4.95', 4.95, 'USD'],
    ['1,299', 1299, null],
    ['12,50 EUR', 12.5, 'EUR'],
    ['Price on request', null, null],
  ])('%s is %s %s', (text, price, currency) => {
    expect(parsePriceText(text)).toEqual({ price, currency });
  });

  it('reads stock words and quantities', () => {
    expect(stockOf('In stock')).toEqual({ inStock: 1, qty: null });
    expect(stockOf('12 pcs available')).toEqual({ inStock: 1, qty: 12 });
    expect(stockOf('Sold out')).toEqual({ inStock: 0, qty: 0 });
    expect(stockOf('Ships in 3 weeks')).toEqual({ inStock: null, qty: null });
  });
});
