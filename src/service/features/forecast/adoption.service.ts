import type { AppDatabase } from '../../db/database.js';
import { bassPeakTime } from './bass.model.js';
import type { AdoptionDetail, AdoptionRoadmap } from '../../../shared/api/forecast/adoption.schemas.js';
import { technologyFactors } from './forecast.factors.js';
import { allFactors } from './forecast.service.js';
import { findTechnology, type ForecastSnapshot, loadSnapshot, round, shareAt, type TechnologyState, unitsInYear } from './forecast.state.js';
import { nortonBassAt } from './norton-bass.model.js';

const CROSSOVER_SEARCH_YEARS = 40;

/** The calendar time at which a share s of m has adopted: F(t) = s solved in closed form. */
export function yearAtShare(tech: TechnologyState, s: number): number {
  const { p, q } = tech.params;
  const t = -Math.log((1 - s) / (1 + (q / p) * s)) / (p + q);
  return tech.launchYear + t;
}

function milestones(snapshot: ForecastSnapshot, tech: TechnologyState) {
  return {
    adoption_share_now: round(shareAt(tech, snapshot.decimalYear)),
    year_10pct: round(yearAtShare(tech, 0.1), 1),
    year_50pct: round(yearAtShare(tech, 0.5), 1),
    year_90pct: round(yearAtShare(tech, 0.9), 1),
    peak_year: round(tech.launchYear + bassPeakTime(tech.params), 1),
  };
}

export async function adoptionRoadmap(db: AppDatabase, nowMs: number): Promise<AdoptionRoadmap> {
  const snapshot = await loadSnapshot(db, nowMs);
  const factors = await allFactors(db, snapshot);
  return {
    as_of: new Date(nowMs).toISOString(),
    technologies: snapshot.technologies.map((tech, i) => {
      const f = factors[i] as (typeof factors)[number];
      return {
        name: tech.name,
        category: tech.row.category,
        phase: f.classification.phase,
        score: round(f.classification.score),
        ...milestones(snapshot, tech),
        maturity_indicators: f.factors,
      };
    }),
  };
}

/** The successor chain of a lineage, oldest first (links form a path; a branch keeps the first successor). */
export function lineageChain(snapshot: ForecastSnapshot, lineage: string): string[] {
  const links = snapshot.generations.filter((g) => g.lineage === lineage && g.relation === 'successor');
  const successors = new Set(links.map((l) => l.successor));
  const root = links.find((l) => !successors.has(l.predecessor))?.predecessor;
  const chain: string[] = [];
  for (let at = root; at !== undefined && !chain.includes(at); at = links.find((l) => l.predecessor === at)?.successor) chain.push(at);
  return chain;
}

const medianOf = (values: number[]) => {
  const s = [...values].sort((a, b) => a - b);
  const mid = Math.floor(s.length / 2);
  return s.length % 2 ? (s[mid] as number) : ((s[mid - 1] as number) + (s[mid] as number)) / 2;
};

/**
 * Norton-Bass over a lineage's chain, sharing p and q (the median of the members' own), each generation launched in
 * its launch year with its own m: the first year the newer generation's installed base exceeds the older one's.
 */
export function crossoverYear(snapshot: ForecastSnapshot, chain: string[], older: string, newer: string): number | null {
  const members = chain.map((name) => snapshot.technologies.find((t) => t.name === name)).filter((t): t is TechnologyState => t !== undefined);
  const i = members.findIndex((t) => t.name === older);
  const j = members.findIndex((t) => t.name === newer);
  if (i < 0 || j < 0 || members.length < 2) return null;
  const start = Math.min(...members.map((t) => t.launchYear));
  const params = { p: medianOf(members.map((t) => t.params.p)), q: medianOf(members.map((t) => t.params.q)) };
  const generations = members.map((t) => ({ m: t.m, launch: t.launchYear - start }));
  const newerLaunch = (members[j] as TechnologyState).launchYear;
  for (let year = newerLaunch; year <= newerLaunch + CROSSOVER_SEARCH_YEARS; year += 1) {
    const s = nortonBassAt(params, generations, year + 1 - start);
    if ((s[j] as number) > (s[i] as number)) return year;
  }
  return null;
}

export async function adoptionDetail(db: AppDatabase, nowMs: number, query: string): Promise<AdoptionDetail> {
  const snapshot = await loadSnapshot(db, nowMs);
  const tech = findTechnology(snapshot, query);
  const factors = await technologyFactors(db, snapshot, tech);
  const m = milestones(snapshot, tech);
  const thisYear = unitsInYear(tech, snapshot.year);
  const nextYear = unitsInYear(tech, snapshot.year + 1);
  const growth = thisYear > 0 ? nextYear / thisYear - 1 : 0;

  const migration_paths = snapshot.generations
    .filter((g) => g.predecessor === tech.name || g.successor === tech.name)
    .map((g) => {
      const chain = g.relation === 'successor' ? lineageChain(snapshot, g.lineage) : [g.predecessor, g.successor];
      return {
        lineage: g.lineage,
        relation: g.relation,
        direction: g.successor === tech.name ? ('to' as const) : ('from' as const),
        other: g.successor === tech.name ? g.predecessor : g.successor,
        note: g.note,
        chain,
        crossover_year: g.relation === 'successor' ? crossoverYear(snapshot, chain, g.predecessor, g.successor) : null,
      };
    });

  const value = (name: string) => factors.factors.find((f) => f.name === name);
  const risks = [...tech.risks];
  if (tech.row.standard_stage !== 'approved') risks.push(`Standard not yet approved: ${tech.row.standard_source}`);
  const vendors = value('vendor_trajectory');
  if (vendors && vendors.value < 0.3) risks.push(`Narrow supply: ${vendors.detail}`);
  const asp = value('asp_decline');
  if (asp && asp.value >= 0.25) risks.push(`Fast price erosion (${(asp.value * 100).toFixed(0)} % a year): inventory loses value quickly`);
  if (factors.classification.phase_index === 2) risks.push('In the Trough of Disillusionment: adoption may lag the earlier expectations');
  if (growth < 0) risks.push(`Demand past its peak: ${(growth * 100).toFixed(1)} % from ${snapshot.year} to ${snapshot.year + 1} (model)`);

  const timeline = [
    ...(tech.row.standard_year !== null
      ? [
          {
            year: tech.row.standard_year,
            event: `${tech.row.standard_name ?? 'standard'} ${tech.row.standard_stage === 'approved' ? 'approved' : 'approval expected'}`,
          },
        ]
      : []),
    { year: tech.launchYear, event: `first shipments (${tech.row.launch_kind})` },
    { year: m.year_10pct, event: '10 % of market potential adopted' },
    { year: m.peak_year, event: 'peak adoption rate' },
    { year: m.year_50pct, event: '50 % adopted' },
    { year: m.year_90pct, event: '90 % adopted' },
    ...migration_paths
      .filter((p) => p.crossover_year !== null)
      .map((p) => ({
        year: p.crossover_year as number,
        event: p.direction === 'from' ? `${p.other} installed base overtakes ${tech.name}` : `${tech.name} installed base overtakes ${p.other}`,
      })),
  ].sort((a, b) => a.year - b.year);

  return {
    technology: tech.name,
    as_of: new Date(nowMs).toISOString(),
    phase: factors.classification.phase,
    score: round(factors.classification.score),
    analysis: {
      ...m,
      market_potential_millions: round(tech.m, 3),
      units_this_year: round(thisYear, 3),
      units_next_year: round(nextYear, 3),
      growth_12m_pct: round(growth * 100, 2),
    },
    migration_paths,
    risks,
    timeline,
    factors: factors.factors,
  };
}
