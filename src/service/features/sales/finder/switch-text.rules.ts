import type { SWITCH_MATCH_KINDS } from '../../../../shared/api/sales/finder.schemas.js';

/**
 * Tolerant matching of what a customer calls their switch ("N9K-C93180YC-FX", "93180yc", "7280R3") to the catalogue's
 * switches. Pure functions over the switch list; docs/sales-finder.md lists the rules.
 */

export type MatchKind = (typeof SWITCH_MATCH_KINDS)[number];

export interface SwitchNames {
  id: string;
  slug: string;
  vendor_id: string;
  vendor_name: string;
  model: string;
  series: string | null;
}

export interface SwitchMatch<T extends SwitchNames> {
  item: T;
  kind: MatchKind;
}

const RANK: Record<MatchKind, number> = { id: 0, slug: 1, exact: 2, prefix: 3, substring: 4, words: 5 };

/** Case, spaces, dashes, dots and slashes do not matter: "N9K-C93180YC-FX" and "n9k c93180yc fx" are the same text. */
export function normaliseText(text: string): string {
  return text.toLowerCase().replace(/[^a-z0-9]/g, '');
}

/*
 * Names a model is ordered or spoken by besides its catalogue name. The makers' orderable product ids prefix the model
 * number: Cisco Nexus 9000 "N9K-C" + number (N9K-C93180YC-FX), Cisco Catalyst "C" + number (C9500-32C), Arista "DCS-"
 * (DCS-7280SR3-48YC8), NVIDIA Spectrum "MSN" (MSN2700).
 */
function orderingNames(s: SwitchNames): string[] {
  const names: string[] = [];
  const nexus = /^Nexus\s+(.+)$/i.exec(s.model);
  if (s.vendor_id === 'cisco' && nexus) names.push(`n9kc${normaliseText(nexus[1] ?? '')}`, normaliseText(nexus[1] ?? ''));
  const catalyst = /^Catalyst\s+(.+)$/i.exec(s.model);
  if (s.vendor_id === 'cisco' && catalyst) names.push(`c${normaliseText(catalyst[1] ?? '')}`, normaliseText(catalyst[1] ?? ''));
  if (s.vendor_id === 'arista') names.push(`dcs${normaliseText(s.model)}`);
  if (s.vendor_id === 'nvidia' && /^SN/i.test(s.model)) names.push(`m${normaliseText(s.model)}`);
  return names;
}

/** The whole names a text may equal or start with: the model, the maker plus the model, the ordering names. */
export function namesOf(s: SwitchNames): string[] {
  const maker = normaliseText(s.vendor_name.split(/\s+/)[0] ?? '');
  const model = normaliseText(s.model);
  return [...new Set([model, `${maker}${model}`, `${normaliseText(s.vendor_id)}${model}`, ...orderingNames(s)])];
}

function matchOne(s: SwitchNames, raw: string, text: string): MatchKind | null {
  if (raw === s.id) return 'id';
  if (raw.toLowerCase() === s.slug) return 'slug';
  const names = namesOf(s);
  if (names.includes(text)) return 'exact';
  if (names.some((n) => n.startsWith(text))) return 'prefix';
  const series = s.series === null ? '' : normaliseText(s.series);
  if (names.some((n) => n.includes(text)) || (series !== '' && series.includes(text))) return 'substring';
  const words = raw
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter((w) => w !== '');
  const haystack = normaliseText(`${s.vendor_name} ${s.vendor_id} ${s.series ?? ''} ${s.model} ${s.slug}`);
  if (words.length > 1 && words.every((w) => haystack.includes(w))) return 'words';
  return null;
}

/**
 * Every switch the text matches, best first: by kind (id, slug, exact, prefix, substring, words), then the model whose
 * length is closest to the text's (the least extra), then by model. Empty when nothing matches.
 */
export function matchSwitches<T extends SwitchNames>(switches: readonly T[], raw: string): SwitchMatch<T>[] {
  const trimmed = raw.trim();
  const text = normaliseText(trimmed);
  const matches: SwitchMatch<T>[] = [];
  for (const item of switches) {
    const kind = matchOne(item, trimmed, text);
    if (kind !== null) matches.push({ item, kind });
  }
  const extra = (m: SwitchMatch<T>) => Math.abs(normaliseText(m.item.model).length - text.length);
  return matches.sort((a, b) => RANK[a.kind] - RANK[b.kind] || extra(a) - extra(b) || a.item.model.localeCompare(b.item.model));
}

/** Levenshtein distance (insertions, deletions, substitutions), two rows of memory. */
export function editDistance(a: string, b: string): number {
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      current[j] = Math.min((previous[j] ?? 0) + 1, (current[j - 1] ?? 0) + 1, (previous[j - 1] ?? 0) + cost);
    }
    previous = current;
  }
  return previous[b.length] ?? 0;
}

/** The `count` switches whose names are nearest to the text by edit distance (ties by model), for a 404's suggestions. */
export function closestSwitches<T extends SwitchNames>(switches: readonly T[], raw: string, count = 5): T[] {
  const text = normaliseText(raw);
  const scored = switches.map((item) => ({ item, distance: Math.min(...namesOf(item).map((n) => editDistance(text, n))) }));
  scored.sort((a, b) => a.distance - b.distance || a.item.model.localeCompare(b.item.model));
  return scored.slice(0, count).map((s) => s.item);
}

/** A port group's speeds_gbps column (a JSON list of numbers); anything else is no speed at all. */
export function parseSpeeds(json: string): number[] {
  try {
    const value: unknown = JSON.parse(json);
    return Array.isArray(value) ? value.filter((v): v is number => typeof v === 'number') : [];
  } catch {
    return [];
  }
}
