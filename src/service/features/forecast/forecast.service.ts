import type { AppDatabase } from '../../db/database.js';
import { bassPeakTime } from './bass.model.js';
import { type TechnologyFactors, technologyFactors } from './forecast.factors.js';
import type { HypeCycleDetail, HypeCycleEntry, HypeCycleList } from '../../../shared/api/forecast/forecast.schemas.js';
import { findTechnology, type ForecastSnapshot, loadSnapshot, round, shareAt, type TechnologyState, unitsInYear } from './forecast.state.js';
import { bassLogisticMaxGap, logisticFromBass } from './logistic.model.js';
import { FACTOR_WEIGHTS, PHASES } from './phase-classifier.js';
import { eventLoopTurns } from '../../event-loop-turns.js';

export const FORECAST_YEARS = 5;

export function adoptionPoints(tech: TechnologyState, fromYear: number, toYear: number) {
  const points = [];
  for (let year = fromYear; year <= toYear; year += 1) {
    points.push({ year, units_millions: round(unitsInYear(tech, year), 3), cumulative_share: round(shareAt(tech, year + 1)) });
  }
  return points;
}

function modelInfo(tech: TechnologyState) {
  return {
    method: tech.model.method,
    p: round(tech.params.p, 6),
    q: round(tech.params.q, 6),
    m: round(tech.m, 3),
    launch_year: tech.launchYear,
    r2: tech.model.r2 === null ? null : round(tech.model.r2, 6),
    converged: tech.model.converged === null ? null : tech.model.converged === 1,
    points: tech.model.points,
    reason: tech.model.reason,
    source: `${tech.row.model_source} (${tech.row.model_kind})`,
    renewal: { share: tech.renewal.share, life_years: tech.renewal.lifeYears, source: tech.renewal.source },
    last_point_year: tech.lifecycle.lastObservedYear,
    level: round(tech.lifecycle.level, 4),
    points_kind: pointsKind(tech),
  };
}

/** Whether the points a fit would use are published counts: an R² over estimated points is no evidence. */
function pointsKind(tech: TechnologyState): 'published' | 'estimate' | 'mixed' | 'none' {
  const kinds = new Set(tech.shipments.filter((s) => s.year >= tech.launchYear).map((s) => s.kind));
  if (kinds.size === 0) return 'none';
  if (kinds.size > 1) return 'mixed';
  return kinds.has('published') ? 'published' : 'estimate';
}

export function hypeCycleEntry(snapshot: ForecastSnapshot, tech: TechnologyState, factors: TechnologyFactors): HypeCycleEntry {
  const c = factors.classification;
  return {
    name: tech.name,
    category: tech.row.category,
    speed_gbps: tech.speed_gbps,
    phase: c.phase,
    phase_index: c.phase_index,
    score: round(c.score),
    progress_in_phase: round(c.progress_in_phase),
    phase_rule: c.phase_rule,
    factors: factors.factors,
    adoption_share_now: round(shareAt(tech, snapshot.decimalYear)),
    forecast_5y: adoptionPoints(tech, snapshot.year, snapshot.year + FORECAST_YEARS - 1),
    model: modelInfo(tech),
  };
}

export async function allFactors(db: AppDatabase, snapshot: ForecastSnapshot): Promise<TechnologyFactors[]> {
  // Sequential: better-sqlite3 is synchronous, so parallel promises would only interleave the same work; and with
  // turns of the event loop between technologies, as their evidence is read from a catalogue of any size.
  const out: TechnologyFactors[] = [];
  const turn = eventLoopTurns();
  for (const tech of snapshot.technologies) {
    await turn();
    out.push(await technologyFactors(db, snapshot, tech));
  }
  return out;
}

export async function listHypeCycle(db: AppDatabase, nowMs: number): Promise<HypeCycleList> {
  const snapshot = await loadSnapshot(db, nowMs);
  const factors = await allFactors(db, snapshot);
  return {
    as_of: new Date(nowMs).toISOString(),
    phases: [...PHASES],
    weights: { ...FACTOR_WEIGHTS },
    technologies: snapshot.technologies.map((tech, i) => hypeCycleEntry(snapshot, tech, factors[i] as TechnologyFactors)),
  };
}

export async function hypeCycleDetail(db: AppDatabase, nowMs: number, query: string): Promise<HypeCycleDetail> {
  const snapshot = await loadSnapshot(db, nowMs);
  const tech = findTechnology(snapshot, query);
  const factors = await technologyFactors(db, snapshot, tech);
  const row = tech.row;
  const logistic = logisticFromBass(tech.params, tech.m);
  return {
    ...hypeCycleEntry(snapshot, tech, factors),
    as_of: new Date(nowMs).toISOString(),
    description: row.description,
    standard: { name: row.standard_name, body: row.standard_body, stage: row.standard_stage, year: row.standard_year, source: row.standard_source },
    launch: { year: row.launch_year, kind: row.launch_kind, source: row.launch_source },
    shipments: tech.shipments.map((s) => ({ year: s.year, units_millions: s.units, kind: s.kind, source: s.source })),
    peak_year: round(tech.launchYear + bassPeakTime(tech.params), 2),
    logistic: {
      L: round(logistic.L, 3),
      k: round(logistic.k, 6),
      t0_year: round(tech.launchYear + logistic.t0, 2),
      max_gap_share: round(bassLogisticMaxGap(tech.params), 6),
    },
    curve: adoptionPoints(tech, tech.launchYear, snapshot.year + FORECAST_YEARS - 1),
    risks: tech.risks,
  };
}
