import { CURRENCIES, type Currency } from '../../../shared/vocabulary/catalogue.vocabulary.js';

const SYMBOLS: Array<[RegExp, Currency]> = [
  [/£|\bGBP\b/i, 'GBP'],
  [/€|\bEUR\b/i, 'EUR'],
  [/US\$|\$|\bUSD\b/i, 'USD'],
];

/**
 * A price as shops print it: "£1,234.56", "1.234,56 €", "USD 99", "From $4.95". The last of "." and "," before two
 * trailing digits is the decimal mark; a lone separator before exactly three digits groups thousands.
 */
export function parsePriceText(text: string): { price: number | null; currency: Currency | null } {
  const currency = SYMBOLS.find(([pattern]) => pattern.test(text))?.[1] ?? null;
  const match = /\d[\d.,\s\u00a0\u202f']*/.exec(text);
  if (!match) return { price: null, currency };
  let digits = match[0].replace(/[\s\u00a0\u202f']/g, '').replace(/[.,]$/, '');
  const lastDot = digits.lastIndexOf('.');
  const lastComma = digits.lastIndexOf(',');
  const decimalAt = Math.max(lastDot, lastComma);
  if (decimalAt >= 0 && digits.length - decimalAt - 1 !== 3) {
    digits = `${digits.slice(0, decimalAt).replace(/[.,]/g, '')}.${digits.slice(decimalAt + 1)}`;
  } else {
    digits = digits.replace(/[.,]/g, '');
  }
  const price = Number(digits);
  return { price: Number.isFinite(price) && price > 0 ? price : null, currency };
}

/** An ISO code the catalogue stores, from a page's currency text ("gbp", "£"); null for anything else. */
export function currencyOf(text: string | null): Currency | null {
  if (!text) return null;
  const code = text.trim().toUpperCase();
  if ((CURRENCIES as readonly string[]).includes(code)) return code as Currency;
  return SYMBOLS.find(([pattern]) => pattern.test(text))?.[1] ?? null;
}

/** Stock text ("In stock", "3 available", "Out of stock", "Sold out", "Auf Lager"): 1, 0 or unknown. */
export function stockOf(text: string | null): { inStock: 0 | 1 | null; qty: number | null } {
  if (!text) return { inStock: null, qty: null };
  if (/out of stock|sold out|unavailable|not available|nicht (auf lager|verf)/i.test(text)) return { inStock: 0, qty: 0 };
  const qty = /(\d+)\s*(?:pcs|pieces|units|available|in stock|auf lager|stk)/i.exec(text);
  if (qty) return { inStock: Number(qty[1]) > 0 ? 1 : 0, qty: Number(qty[1]) };
  if (/in stock|available|auf lager|lieferbar/i.test(text)) return { inStock: 1, qty: null };
  return { inStock: null, qty: null };
}
