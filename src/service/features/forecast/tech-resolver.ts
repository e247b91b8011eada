import { parseSpeedPrefix } from '../../../shared/speed.js';

/**
 * Resolves the :tech path segment (spec rule 2): an exact name first (ignoring case, spaces, hyphens and
 * underscores), then a speed prefix with its unit parsed into Gb/s, so "1.6T" is 1600 and can never resolve to 1G,
 * "400" (no unit means G) finds 400G and "1600G" finds 1.6T. When several technologies share the speed, trailing
 * text narrows them by name prefix ("400ZR" finds "400ZR Coherent"); without trailing text the plain Ethernet
 * generation (the shortest name) wins.
 */
export interface ResolvableTechnology {
  name: string;
  speed_gbps: number | null;
}

const norm = (s: string) => s.toLowerCase().replace(/[\s_-]+/g, '');

export function resolveTechnology<T extends ResolvableTechnology>(query: string, technologies: readonly T[]): T | undefined {
  const wanted = norm(query);
  if (wanted === '') return undefined;
  const exact = technologies.find((t) => norm(t.name) === wanted);
  if (exact) return exact;
  const speed = parseSpeedPrefix(query);
  if (!speed) return undefined;
  // Compare in Mb/s integers so 1.6T (1600) and 1600G match exactly despite floating point.
  const same = technologies.filter((t) => t.speed_gbps !== null && Math.round(t.speed_gbps * 1000) === Math.round(speed.gbps * 1000));
  if (same.length === 0) return undefined;
  if (speed.rest !== '') {
    const byPrefix = same.filter((t) => norm(t.name).startsWith(wanted));
    return byPrefix.length === 1 ? byPrefix[0] : undefined;
  }
  return [...same].sort((a, b) => a.name.length - b.name.length)[0];
}
