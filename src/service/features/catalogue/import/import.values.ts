import { SLUG_MAX_LENGTH } from '../../../../shared/api/common.schemas.js';
import { parseSpeedGbps } from '../common/catalogue.values.js';

/** The bounds of a number field, both required: no number enters without a range. */
export interface NumberRange {
  min: number;
  max: number;
}

export interface FieldProblem {
  field: string;
  reason: string;
}

/** Control characters other than tab and line breaks: taken out of every text that enters (a NUL, an escape). */
const CONTROL_CHARACTERS = /(?![\t\n\r])\p{Cc}/gu;

function isAbsent(value: unknown): boolean {
  return value === undefined || value === null || (typeof value === 'string' && value.trim() === '');
}

/**
 * Reads one import record field by field, turning text (CSV) and JSON values into typed values and collecting
 * every problem instead of stopping at the first, so a report can list all that is wrong with a row.
 */
export class RowReader {
  readonly problems: FieldProblem[] = [];

  constructor(private readonly values: Record<string, unknown>) {}

  /** Whether the record carries the field at all (a CSV column, a JSON key), even if empty. */
  has(field: string): boolean {
    return Object.hasOwn(this.values, field);
  }

  /** The field as given, for structured values (a JSON array of port groups). */
  raw(field: string): unknown {
    return this.values[field];
  }

  fail(field: string, reason: string): undefined {
    this.problems.push({ field, reason });
    return undefined;
  }

  rejectUnknown(known: readonly string[]): void {
    const unknown = Object.keys(this.values).filter((k) => !known.includes(k));
    if (unknown.length > 0) this.fail(unknown[0]!, `unknown field${unknown.length > 1 ? 's' : ''} ${unknown.join(', ')}`);
  }

  private present(field: string, required: boolean): unknown {
    const value = this.values[field];
    if (isAbsent(value)) return required ? this.fail(field, 'is required') : undefined;
    return value;
  }

  text(field: string, opts: { required?: boolean; max?: number } = {}): string | undefined {
    const value = this.present(field, opts.required ?? false);
    if (value === undefined) return undefined;
    if (typeof value !== 'string' && typeof value !== 'number') return this.fail(field, 'must be text');
    const text = String(value).replace(CONTROL_CHARACTERS, '').trim();
    if (text === '') return opts.required ? this.fail(field, 'is required') : undefined;
    const max = opts.max ?? 500;
    if (text.length > max) return this.fail(field, `is longer than ${max} characters`);
    return text;
  }

  /** A web address: http or https only, so no stored link runs script (javascript:) or reads a file when opened. */
  url(field: string): string | undefined {
    const text = this.text(field, { max: 2000 });
    if (text === undefined) return undefined;
    if (!URL.canParse(text) || !/^https?:$/.test(new URL(text).protocol)) return this.fail(field, `must be an http or https URL (got "${text.slice(0, 80)}")`);
    return text;
  }

  /** Every number has its range: what enters the catalogue is finite, within it, and held exactly. */
  number(field: string, opts: NumberRange & { required?: boolean; positive?: boolean; integer?: boolean }): number | undefined {
    const value = this.present(field, opts.required ?? false);
    if (value === undefined) return undefined;
    const n = typeof value === 'number' ? value : typeof value === 'string' ? Number(value.trim()) : Number.NaN;
    if (!Number.isFinite(n)) return this.fail(field, `must be a number (got "${String(value)}")`);
    if (opts.integer && !Number.isInteger(n)) return this.fail(field, `must be a whole number (got ${n})`);
    if (opts.positive && n <= 0) return this.fail(field, `must be greater than 0 (got ${n})`);
    if (n < opts.min) return this.fail(field, `must be at least ${opts.min} (got ${String(value)})`);
    if (n > opts.max) return this.fail(field, `must be at most ${opts.max} (got ${String(value)})`);
    return n;
  }

  integer(field: string, opts: NumberRange & { required?: boolean }): number | undefined {
    return this.number(field, { ...opts, integer: true });
  }

  boolean(field: string): boolean | undefined {
    const value = this.present(field, false);
    if (value === undefined) return undefined;
    if (typeof value === 'boolean') return value;
    const word = String(value).trim().toLowerCase();
    if (['true', '1', 'yes', 'y'].includes(word)) return true;
    if (['false', '0', 'no', 'n'].includes(word)) return false;
    return this.fail(field, `must be true or false (got "${String(value)}")`);
  }

  oneOf<T extends string>(field: string, allowed: readonly T[], opts: { required?: boolean } = {}): T | undefined {
    const value = this.text(field, opts);
    if (value === undefined) return undefined;
    const found = allowed.find((a) => a === value) ?? allowed.find((a) => a.toLowerCase() === value.toLowerCase());
    return found ?? this.fail(field, `must be one of ${allowed.join(', ')} (got "${value}")`);
  }

  speed(field: string, opts: { required?: boolean } = {}): number | undefined {
    const value = this.present(field, opts.required ?? false);
    if (value === undefined) return undefined;
    try {
      return parseSpeedGbps(typeof value === 'number' ? value : String(value), field);
    } catch (error) {
      return this.fail(field, (error as Error).message.replace(`${field} `, ''));
    }
  }

  /** "1270;1290;1310", "1310", "[1310, 1550]" or a JSON array: a list of positive numbers within the range. */
  numberList(field: string, range: NumberRange): number[] | undefined {
    const value = this.present(field, false);
    if (value === undefined) return undefined;
    let items: unknown[];
    if (Array.isArray(value)) items = value;
    else if (typeof value === 'number') items = [value];
    else if (typeof value === 'string') {
      const text = value.trim().replace(/^\[|\]$/g, '');
      items = text === '' ? [] : text.split(/[;,\s]+/).filter(Boolean);
    } else return this.fail(field, 'must be a list of numbers');
    const numbers = items.map((item) => Number(item));
    if (numbers.some((n) => !Number.isFinite(n) || n <= 0)) return this.fail(field, `must be a list of positive numbers (got "${String(value)}")`);
    const outside = numbers.find((n) => n < range.min || n > range.max);
    if (outside !== undefined) return this.fail(field, `must hold numbers from ${range.min} to ${range.max} (got ${outside})`);
    return numbers;
  }

  /** An ISO-8601 date or date-time, returned as UTC ISO text. */
  timestamp(field: string, opts: { required?: boolean } = {}): string | undefined {
    const value = this.text(field, opts);
    if (value === undefined) return undefined;
    if (!/^\d{4}-\d{2}-\d{2}([T ]\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})?)?$/.test(value)) {
      return this.fail(field, `must be an ISO-8601 date or date-time (got "${value}")`);
    }
    const date = new Date(value.length === 10 ? `${value}T00:00:00Z` : value.replace(' ', 'T'));
    if (Number.isNaN(date.getTime())) return this.fail(field, `is not a real date (got "${value}")`);
    return date.toISOString();
  }
}

/**
 * The longest generated slug before its numbering suffix: room is kept for "-2" up to "-999999999", so a numbered
 * slug stays within SLUG_MAX_LENGTH.
 */
export const SLUG_ROOT_MAX_LENGTH = SLUG_MAX_LENGTH - 10;

/** URL-safe slug: lower case, runs of other characters become one dash. */
export function slugify(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, SLUG_ROOT_MAX_LENGTH)
    .replace(/-+$/, '');
}

export const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
