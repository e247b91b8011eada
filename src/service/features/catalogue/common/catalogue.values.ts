import { parseSpeed } from '../../../../shared/speed.js';
import { InvalidError } from '../../../errors.js';

/**
 * The longest texts a product may carry, in characters, whichever way it enters (import, a shop's page): the text query
 * keeps these fields of every product in its index, and an index entry has a size limit of its own.
 */
export const PRODUCT_TEXT_LIMITS = { part_number: 120, name: 300, platform_coding: 80 } as const;

/** The text cut to at most `max` UTF-16 units, never between the two halves of one character. */
export function clipText(text: string, max: number): string {
  if (text.length <= max) return text;
  const high = text.charCodeAt(max - 1);
  return text.slice(0, high >= 0xd800 && high <= 0xdbff ? max - 1 : max);
}

/**
 * A speed filter or import cell in Gb/s (the grammar and units of src/shared/speed.ts), or a 400 naming the field.
 */
export function parseSpeedGbps(raw: string | number, field = 'speed_gbps'): number {
  // A JSON number is read as its text, so it meets the same pattern (and bounds) as a typed speed.
  const gbps = parseSpeed(String(raw));
  if (gbps === undefined) throw new InvalidError(`${field} must be a number of Gb/s or carry a unit such as "400G" or "1.6T" (got "${raw}")`);
  if (gbps <= 0) throw new InvalidError(`${field} must be greater than 0`);
  return gbps;
}

/** JSON list text from the database to numbers; a malformed cell yields an empty list rather than a 500. */
export function parseNumberList(text: string | null | undefined): number[] {
  if (!text) return [];
  try {
    const value: unknown = JSON.parse(text);
    return Array.isArray(value) ? value.map(Number).filter((n) => Number.isFinite(n)) : [];
  } catch {
    return [];
  }
}

export function flag(value: number | null | undefined): boolean {
  return value === 1;
}

export function optionalFlag(value: number | null | undefined): boolean | null {
  return value === null || value === undefined ? null : value === 1;
}

/**
 * The plain-language description a reader gets: in the language asked for, else in both (English, then German, a blank
 * line between), so a client that knows nothing of `lang` still reads the whole text.
 */
export function pickDescription<T extends { description_en: string; description_de: string }>(row: T, lang: 'en' | 'de' | undefined) {
  if (lang === 'de') return { description: row.description_de };
  if (lang === 'en') return { description: row.description_en };
  return { description: [row.description_en, row.description_de].filter((text) => text !== '').join('\n\n') };
}
