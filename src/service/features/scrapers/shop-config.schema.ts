import { type Static, Type } from '@sinclair/typebox';
import { CURRENCIES } from '../../../shared/vocabulary/catalogue.vocabulary.js';

/** A CSS selector, optionally ending in "@attribute" to read that attribute instead of the element's text. */
const Selector = Type.String({ minLength: 1, maxLength: 300 });

/**
 * Where a product page shows each field, for shops whose pages carry no (or incomplete) schema.org JSON-LD. The
 * readers try JSON-LD first; these selectors fill a product page's offer when JSON-LD gives none.
 */
export const ShopSelectors = Type.Object(
  {
    name: Selector,
    price: Selector,
    partNumber: Type.Optional(Selector),
    currency: Type.Optional(Selector),
    availability: Type.Optional(Selector),
    formFactor: Type.Optional(Selector),
    speed: Type.Optional(Selector),
    reach: Type.Optional(Selector),
    standard: Type.Optional(Selector),
    description: Type.Optional(Selector),
  },
  { additionalProperties: false },
);

/**
 * One shop's adapter: configuration, not code. resources/scrapers/<vendor-id>.json ships with the app; a file of the
 * same name in <DATA_DIR>/scrapers/ replaces it. A vendor with a scrape interval and no file is read by the generic
 * adapter (its website, sitemap.xml, rel="next" pagination and pages carrying Product JSON-LD).
 */
export const ShopConfig = Type.Object(
  {
    $comment: Type.Optional(Type.String()),
    /** The shop's root; listing paths are resolved against it (the CLI's --url replaces it). */
    baseUrl: Type.String({ pattern: '^https?://', maxLength: 500 }),
    listing: Type.Object(
      {
        /** First listing page(s), relative to baseUrl. */
        start: Type.Array(Type.String({ minLength: 1, maxLength: 500 }), { minItems: 1, maxItems: 20 }),
        /** Links on a listing page that lead to product pages. */
        productLinks: Selector,
        /** The next listing page; default: a[rel~=next], link[rel~=next]. */
        nextPage: Type.Optional(Selector),
      },
      { additionalProperties: false },
    ),
    selectors: Type.Optional(ShopSelectors),
    /** Used when neither JSON-LD nor the price text names a currency. */
    defaultCurrency: Type.Optional(Type.Union(CURRENCIES.map((c) => Type.Literal(c)))),
  },
  { additionalProperties: false },
);

export type ShopConfig = Static<typeof ShopConfig>;
export type ShopSelectors = Static<typeof ShopSelectors>;
