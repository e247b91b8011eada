import type { AppDatabase } from '../../db/database.js';
import { listHypeCycle } from '../forecast/index.js';
import { discoverHotTopics } from '../sales/index.js';
import { InvalidError } from '../../errors.js';
import { formatSpeed, parseSpeedPrefix } from '../../../shared/speed.js';
import { TOPIC_SOURCES } from '../../../shared/api/sales/hot-topics.schemas.js';
import type { BlogTopicType } from '../../../shared/vocabulary/blog.vocabulary.js';
import { pricesAtSpeed, productsAtSpeed, type ProductFactRow } from './blog-facts.repository.js';

/** The real data a draft is written from: the catalogue at one speed, the lifecycle forecast, the hot topic. */
export interface BlogFacts {
  speed_gbps: number;
  speed_label: string;
  products: number;
  currency: string | null;
  /** The prices are generated demo data (the seed), not observed in shops: the text must say so. */
  prices_are_demo: boolean;
  standards: StandardFacts[];
  technology: { name: string; phase: string; adoption_share_now: number; next_year_units_millions: number | null } | null;
  hot_topic: { id: string; title: string; summary: string; keywords: string[]; evidence: string[] } | null;
}

export interface StandardFacts {
  standard: string;
  fiber_type: string;
  reach_label: string;
  products: number;
  typical_power_w: number | null;
  /** Median of each product's latest price, original-vendor (OEM) parts and compatible parts kept apart. */
  original_vendor_price: number | null;
  compatible_price: number | null;
}

export interface BlogFactsDeps {
  db: AppDatabase;
  resourcesDir: string;
}

const DEFAULT_SPEED: Record<BlogTopicType, number> = { hype_cycle: 800, comparison: 400, new_product: 800, tutorial: 400 };
const MAX_STANDARDS = 6;

function median(values: number[]): number | null {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  const value = sorted.length % 2 === 1 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
  return Math.round(value * 100) / 100;
}

/** The first speed named in the texts ("800G", "1.6T"), if any. */
export function speedNamedIn(texts: readonly string[]): number | undefined {
  for (const text of texts) {
    for (const word of text.split(/[\s,/()]+/)) {
      const speed = parseSpeedPrefix(word);
      if (speed && speed.gbps >= 1 && /^[0-9.]+[GT]/i.test(word)) return speed.gbps;
    }
  }
  return undefined;
}

async function hotTopicFacts(deps: BlogFactsDeps, nowMs: number, id: string): Promise<NonNullable<BlogFacts['hot_topic']>> {
  const unknown = () => new InvalidError(`body/hot_topic: no hot topic "${id}" (GET /api/hot-topics lists them)`);
  // Every topic id starts with its source: any other id is refused before the sources are read.
  if (!TOPIC_SOURCES.some((source) => id.startsWith(`${source}:`))) throw unknown();
  const topic = (await discoverHotTopics(deps, nowMs)).find((t) => t.id === id);
  if (!topic) throw unknown();
  return { id: topic.id, title: topic.title, summary: topic.summary, keywords: topic.keywords, evidence: topic.evidence.map((e) => e.label) };
}

function standardFacts(products: ProductFactRow[], latest: Map<string, { price: number; currency: string }>, currency: string | null): StandardFacts[] {
  const groups = new Map<string, ProductFactRow[]>();
  for (const p of products) {
    if (p.standard === null) continue;
    const group = groups.get(p.standard);
    if (group) group.push(p);
    else groups.set(p.standard, [p]);
  }
  const priceOf = (rows: ProductFactRow[]) =>
    median(rows.map((r) => latest.get(r.id)).flatMap((l) => (l !== undefined && l.currency === currency ? [l.price] : [])));
  return [...groups.entries()]
    .sort((a, b) => b[1].length - a[1].length || a[0].localeCompare(b[0]))
    .slice(0, MAX_STANDARDS)
    .map(([standard, rows]) => ({
      standard,
      fiber_type: rows[0]!.fiber_type,
      reach_label: rows[0]!.reach_label,
      products: rows.length,
      typical_power_w: median(rows.flatMap((r) => (r.power_w === null ? [] : [r.power_w]))),
      original_vendor_price: priceOf(rows.filter((r) => r.vendor_kind === 'oem')),
      compatible_price: priceOf(rows.filter((r) => r.vendor_kind !== 'oem')),
    }));
}

/** Gathers the facts for a new draft; a hot topic id that does not exist is a 400 naming the field. */
export async function gatherBlogFacts(
  deps: BlogFactsDeps,
  nowMs: number,
  request: { topic_type: BlogTopicType; title?: string | undefined; hot_topic?: string | undefined },
): Promise<BlogFacts> {
  const hotTopic = request.hot_topic === undefined ? null : await hotTopicFacts(deps, nowMs, request.hot_topic);
  const named = speedNamedIn([request.title ?? '', hotTopic?.title ?? '', ...(hotTopic?.keywords ?? [])]);
  const speed = named ?? DEFAULT_SPEED[request.topic_type];
  const products = await productsAtSpeed(deps.db, speed);
  const latest = new Map<string, { price: number; currency: string; source: string }>();
  for (const p of await pricesAtSpeed(deps.db, speed)) latest.set(p.transceiver_id, p);
  const currencies = new Map<string, number>();
  for (const l of latest.values()) currencies.set(l.currency, (currencies.get(l.currency) ?? 0) + 1);
  const currency = [...currencies.entries()].sort((a, b) => b[1] - a[1])[0]?.[0] ?? null;
  const hype = await listHypeCycle(deps.db, nowMs);
  const tech = hype.technologies.find((t) => t.name === formatSpeed(speed)) ?? null;
  return {
    speed_gbps: speed,
    speed_label: formatSpeed(speed),
    products: products.length,
    currency,
    prices_are_demo: [...latest.values()].some((l) => l.source === 'seed'),
    standards: standardFacts(products, latest, currency),
    technology:
      tech === null
        ? null
        : {
            name: tech.name,
            phase: tech.phase,
            adoption_share_now: tech.adoption_share_now,
            next_year_units_millions: tech.forecast_5y[1]?.units_millions ?? null,
          },
    hot_topic: hotTopic,
  };
}
