import type { AppDatabase } from '../../db/database.js';
import { NotFoundError, UnavailableError } from '../../errors.js';
import { type BassParams, bassCumulative } from './bass.model.js';
import type { GenerationRow, ModelRow, RegionRow, ShipmentRow, TechnologyRow } from '../../db/tables/forecast.tables.js';
import { type CatalogueMatch, readDataset } from './forecast.repository.js';
import { renewalOf } from './renewal.facts.js';
import { type LifecycleUnits, lifecycleUnits, type Renewal, unitsBetween } from './shipment-model.rules.js';
import { resolveTechnology } from './tech-resolver.js';

/** Years past the request's year (and past launch) the yearly units are computed for. */
const UNITS_AHEAD_YEARS = 10;
const UNITS_LIFETIME_YEARS = 35;

/** One technology with its Bass model placed on the calendar: t = 0 is 1 January of the launch year. */
export interface TechnologyState {
  row: TechnologyRow;
  name: string;
  speed_gbps: number | null;
  match: CatalogueMatch;
  newsTags: string[];
  risks: string[];
  model: ModelRow;
  params: BassParams;
  m: number;
  launchYear: number;
  shipments: ShipmentRow[];
  renewal: Renewal & { source: string | null };
  /** Modules per calendar year: the shipment points, then adoption + renewal continued from the last point. */
  lifecycle: LifecycleUnits;
  /** Years since the start of the launch year, at the request's time. */
  tNow: number;
}

export interface ForecastSnapshot {
  nowMs: number;
  /** Calendar year of the request, and the request time as a decimal year (2026.89). */
  year: number;
  decimalYear: number;
  technologies: TechnologyState[];
  generations: GenerationRow[];
  regions: RegionRow[];
}

export function decimalYear(ms: number): number {
  const date = new Date(ms);
  const year = date.getUTCFullYear();
  const start = Date.UTC(year, 0, 1);
  const end = Date.UTC(year + 1, 0, 1);
  return year + (ms - start) / (end - start);
}

/** Share of m adopted by the end of calendar year `year` (or at a decimal year). */
export function shareAt(tech: TechnologyState, yearOrDecimal: number): number {
  return bassCumulative(tech.params, yearOrDecimal - tech.launchYear);
}

/** Modules (millions) shipped during calendar year `year`: its shipment point, else the model (shipment-model.rules.ts). */
export function unitsInYear(tech: TechnologyState, year: number): number {
  return tech.lifecycle.units.get(year) ?? 0;
}

/** Modules (millions) shipped between two decimal years. */
export function unitsOver(tech: TechnologyState, from: number, to: number): number {
  return unitsBetween((year) => unitsInYear(tech, year), from, to);
}

export async function loadSnapshot(db: AppDatabase, nowMs: number): Promise<ForecastSnapshot> {
  const data = await readDataset(db);
  if (data.technologies.length === 0) {
    throw new UnavailableError(
      'The technology data set (resources/seed/technologies) is not loaded; the service loads it at start, so restart it, and check the log if this persists',
    );
  }
  const now = decimalYear(nowMs);
  const technologies = data.technologies.map((row): TechnologyState => {
    const model =
      data.models.find((m) => m.technology === row.name) ??
      ({
        technology: row.name,
        method: 'prior',
        p: row.prior_p,
        q: row.prior_q,
        m: row.market_potential,
        r2: null,
        converged: null,
        iterations: null,
        points: 0,
        reason: 'no model stored',
      } satisfies ModelRow);
    const shipments = data.shipments.filter((s) => s.technology === row.name);
    const renewal = renewalOf(row.name);
    const params = { p: model.p, q: model.q };
    const lifecycle = lifecycleUnits({
      params,
      m: model.m,
      launchYear: row.launch_year,
      renewal,
      observed: shipments,
      toYear: Math.max(Math.floor(now) + UNITS_AHEAD_YEARS, row.launch_year + UNITS_LIFETIME_YEARS),
    });
    return {
      row,
      name: row.name,
      speed_gbps: row.speed_gbps,
      match: JSON.parse(row.catalogue_match) as CatalogueMatch,
      newsTags: JSON.parse(row.news_tags) as string[],
      risks: JSON.parse(row.risks) as string[],
      model,
      params,
      m: model.m,
      launchYear: row.launch_year,
      shipments,
      renewal,
      lifecycle,
      tNow: now - row.launch_year,
    };
  });
  return { nowMs, year: Math.floor(now), decimalYear: now, technologies, generations: data.generations, regions: data.regions };
}

/** Spec rule 2 on the loaded technologies; an unknown name is a 404 that lists the valid ones. */
export function findTechnology(snapshot: ForecastSnapshot, query: string): TechnologyState {
  const found = resolveTechnology(query, snapshot.technologies);
  if (!found) {
    const names = snapshot.technologies.map((t) => t.name);
    throw new NotFoundError(`Unknown technology "${query}". Valid technologies: ${names.join(', ')}`, { valid: names });
  }
  return found;
}

export const round = (value: number, digits = 4) => {
  const f = 10 ** digits;
  return Math.round(value * f) / f;
};
