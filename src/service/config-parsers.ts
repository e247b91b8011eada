/**
 * Small parsers for environment values. Each one records a readable problem instead of throwing, so that
 * start-up can report every bad value at once rather than the first one only.
 */
export type Env = Record<string, string | undefined>;

export class ConfigProblems {
  readonly messages: string[] = [];
  add(name: string, message: string): void {
    this.messages.push(`${name}: ${message}`);
  }
}

function present(env: Env, name: string): string | undefined {
  const raw = env[name];
  if (raw === undefined) return undefined;
  const trimmed = raw.trim();
  return trimmed === '' ? undefined : trimmed;
}

export function readString(env: Env, name: string, fallback: string): string {
  return present(env, name) ?? fallback;
}

export function readOptionalString(env: Env, name: string): string | undefined {
  return present(env, name);
}

/** Secrets are taken verbatim (a trailing space may be part of a password); empty means unset. */
export function readSecret(env: Env, name: string): string | undefined {
  const raw = env[name];
  return raw === undefined || raw === '' ? undefined : raw;
}

export function readInteger(env: Env, problems: ConfigProblems, name: string, fallback: number, range: { min: number; max: number }): number {
  const raw = present(env, name);
  if (raw === undefined) return fallback;
  if (!/^-?\d+$/.test(raw)) {
    problems.add(name, `"${raw}" is not a whole number`);
    return fallback;
  }
  const value = Number(raw);
  if (value < range.min || value > range.max) {
    problems.add(name, `${value} is outside ${range.min}..${range.max}`);
    return fallback;
  }
  return value;
}

export function readNumber(env: Env, problems: ConfigProblems, name: string, fallback: number, range: { min: number; max: number }): number {
  const raw = present(env, name);
  if (raw === undefined) return fallback;
  const value = Number(raw);
  if (!Number.isFinite(value)) {
    problems.add(name, `"${raw}" is not a number`);
    return fallback;
  }
  if (value < range.min || value > range.max) {
    problems.add(name, `${value} is outside ${range.min}..${range.max}`);
    return fallback;
  }
  return value;
}

const TRUE_WORDS = new Set(['1', 'true', 'yes', 'on']);
const FALSE_WORDS = new Set(['0', 'false', 'no', 'off']);

export function readBoolean(env: Env, problems: ConfigProblems, name: string, fallback: boolean): boolean {
  const raw = present(env, name);
  if (raw === undefined) return fallback;
  const word = raw.toLowerCase();
  if (TRUE_WORDS.has(word)) return true;
  if (FALSE_WORDS.has(word)) return false;
  problems.add(name, `"${raw}" is not a yes/no value (use true or false)`);
  return fallback;
}

export function readEnum<T extends string>(env: Env, problems: ConfigProblems, name: string, fallback: T, allowed: readonly T[]): T {
  const raw = present(env, name);
  if (raw === undefined) return fallback;
  const match = allowed.find((value) => value === raw.toLowerCase());
  if (match === undefined) {
    problems.add(name, `"${raw}" is not one of ${allowed.join(', ')}`);
    return fallback;
  }
  return match;
}

export function readList(env: Env, name: string): string[] {
  const raw = present(env, name);
  if (raw === undefined) return [];
  return raw
    .split(',')
    .map((item) => item.trim())
    .filter((item) => item !== '');
}

/** host:port with a port in range; IPv6 hosts in brackets ([::1]:4321). */
export function readHostPort(env: Env, problems: ConfigProblems, name: string, fallback: string): string {
  const raw = present(env, name);
  if (raw === undefined) return fallback;
  const match = /^(\[[0-9a-fA-F:.]+\]|[A-Za-z0-9.-]+):(\d{1,5})$/.exec(raw);
  const port = match ? Number(match[2]) : NaN;
  if (!match || port < 1 || port > 65535) {
    problems.add(name, `"${raw}" is not host:port (for example 127.0.0.1:4321)`);
    return fallback;
  }
  return raw;
}

export function readUrl(env: Env, problems: ConfigProblems, name: string, fallback: string): string {
  const raw = present(env, name);
  if (raw === undefined) return fallback;
  try {
    const url = new URL(raw);
    if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new Error('protocol');
    return raw.replace(/\/+$/, '');
  } catch {
    problems.add(name, `"${raw}" is not an http(s) URL`);
    return fallback;
  }
}
