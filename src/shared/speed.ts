/**
 * Line rates as the trade writes them, parsed and formatted in one place for the service (filters, imports, search
 * texts, port summaries, the :tech resolver) and the dashboard. A value is Gb/s: 1.6T products carry 1600 (spec).
 *
 * The display rule: terabits from 1000 Gb/s ("1.6T", "1T"), megabits below 1 Gb/s ("100M", as 100BASE-FX modules are
 * sold), gigabits otherwise ("2.5G", "800G"). Every formatted value parses back to the same number.
 */

/**
 * 1600, "1.6T", "400G", "100g", "100M" (0.1 Gb/s); the unit letter is optional (G) and case-insensitive. At most seven
 * digits before the point and six after, so every speed that enters is finite and held exactly.
 */
export const SPEED_PATTERN = '^[0-9]{1,7}(\\.[0-9]{1,6})?[MmGgTt]?$';

/** A speed at the start of a text, its unit optionally spelled out ("400Gbps", "100GbE", "1.6 Tbit/s"), then the rest. */
const SPEED_PREFIX = /^(\d+(?:\.\d+)?)\s*([mgt])?(?:b(?:ps|e|it\/s)?)?(.*)$/i;
const SPEED_EXACT = new RegExp(SPEED_PATTERN);

const FACTOR: Record<string, number> = { M: 0.001, G: 1, T: 1000 };

/** Rounds away binary floating-point noise (1.6 * 1000 = 1600.0000000000002); Mb/s precision is plenty. */
function tidy(value: number): number {
  return Math.round(value * 1e6) / 1e6;
}

function toGbps(digits: string, unit: string | undefined): number {
  return tidy(Number(digits) * FACTOR[(unit ?? 'G').toUpperCase()]!);
}

/** "1.6T" -> 1600, "400" -> 400, "100M" -> 0.1; undefined for anything else (callers word their own error). */
export function parseSpeed(text: string): number | undefined {
  // A cell may say "25 G": the space before the unit is tolerated, as people type it.
  const trimmed = text.trim().replace(/\s+(?=[MmGgTt]$)/, '');
  if (!SPEED_EXACT.test(trimmed)) return undefined;
  const unit = /[MmGgTt]$/.test(trimmed) ? trimmed.slice(-1) : undefined;
  return toGbps(unit === undefined ? trimmed : trimmed.slice(0, -1), unit);
}

/** "400ZR" -> {gbps: 400, rest: "ZR"}, "1.6T" -> {gbps: 1600, rest: ""}: a speed that begins a name. */
export function parseSpeedPrefix(text: string): { gbps: number; rest: string } | undefined {
  const match = SPEED_PREFIX.exec(text.trim());
  if (!match) return undefined;
  return { gbps: toGbps(match[1]!, match[2]), rest: (match[3] ?? '').trim() };
}

/** 1600 -> "1.6T", 800 -> "800G", 2.5 -> "2.5G", 0.1 -> "100M". */
export function formatSpeed(gbps: number): string {
  if (gbps >= 1000) return `${tidy(gbps / 1000)}T`;
  if (gbps > 0 && gbps < 1) return `${tidy(gbps * 1000)}M`;
  return `${tidy(gbps)}G`;
}
