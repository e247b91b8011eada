import { parseSpeed } from '../../../../shared/speed.js';
import { InvalidError } from '../../../errors.js';

/**
 * A speed filter or import cell in Gb/s (the grammar and units of src/shared/speed.ts), or a 400 naming the field.
 */
export function parseSpeedGbps(raw: string | number, field = 'speed_gbps'): number {
  if (typeof raw === 'number') {
    if (Number.isFinite(raw) && raw > 0) return raw;
    throw new InvalidError(`${field} must be a positive number of Gb/s`);
  }
  const gbps = parseSpeed(raw);
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

export function pickDescription<T extends { description_en: string; description_de: string }>(row: T, lang: 'en' | 'de' | undefined) {
  return lang ? { description: lang === 'de' ? row.description_de : row.description_en } : {};
}
