import { InvalidError } from '../../../errors.js';

/**
 * Speeds as people write them: 1600, "1600", "1.6T", "400G", "100M" (0.1). Terabit values are multiplied out,
 * so a 1.6T product carries 1600 everywhere (the API, the database and the search filters agree).
 */
export function parseSpeedGbps(raw: string | number, field = 'speed_gbps'): number {
  if (typeof raw === 'number') {
    if (Number.isFinite(raw) && raw > 0) return raw;
    throw new InvalidError(`${field} must be a positive number of Gb/s`);
  }
  const match = /^\s*([0-9]+(?:\.[0-9]+)?)\s*([MmGgTt])?\s*$/.exec(raw);
  if (!match) throw new InvalidError(`${field} must be a number of Gb/s or carry a unit such as "400G" or "1.6T" (got "${raw}")`);
  const value = Number(match[1]);
  const unit = (match[2] ?? 'G').toUpperCase();
  // Round away binary floating-point noise (1.6 * 1000 = 1600.0000000000002).
  const gbps = Math.round((unit === 'T' ? value * 1000 : unit === 'M' ? value / 1000 : value) * 1e6) / 1e6;
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
