import { type BassParams, bassCumulative } from './bass.model.js';
import { RENEWAL_SPREAD } from './renewal.facts.js';

/**
 * Shipments of a technology in a calendar year = new adoption + renewal (the Bass model with repeat purchases of
 * Olson & Choi 1985 and Kamakura & Balasubramanian 1987):
 *
 *   adoption(y) = m [F(y + 1 - launch) - F(y - launch)]                         the installed base growing toward m
 *   renewal(y)  = share x sum_j RENEWAL_SPREAD[j] x units(y - (life - 2 + j))    retiring modules replaced like for like
 *
 * Years with a shipment point keep it; the years after the last point continue from it: the model is multiplied by
 * level = last point / model value of that year, so a forecast never jumps away from its own series.
 */
export interface Renewal {
  share: number;
  lifeYears: number;
}

export function renewalIn(units: (year: number) => number, renewal: Renewal, year: number): number {
  if (renewal.share === 0) return 0;
  return renewal.share * RENEWAL_SPREAD.reduce((sum, weight, j) => sum + weight * units(year - (renewal.lifeYears - 2 + j)), 0);
}

export function adoptionIn(params: BassParams, m: number, launchYear: number, year: number): number {
  return m * (bassCumulative(params, year + 1 - launchYear) - bassCumulative(params, year - launchYear));
}

/** The part of an observed series that is new adoption: each point minus the renewal its own history implies. */
export function adoptionPart(observed: ReadonlyArray<{ year: number; units: number }>, renewal: Renewal): number[] {
  const byYear = new Map(observed.map((s) => [s.year, s.units]));
  const at = (year: number) => byYear.get(year) ?? 0;
  return observed.map((s) => Math.max(0, s.units - renewalIn(at, renewal, s.year)));
}

export interface LifecycleInputs {
  params: BassParams;
  m: number;
  launchYear: number;
  renewal: Renewal;
  observed: ReadonlyArray<{ year: number; units: number }>;
  /** Last calendar year to compute. */
  toYear: number;
}

export interface LifecycleUnits {
  /** Modules per calendar year (millions), launch year .. toYear. */
  units: Map<number, number>;
  lastObservedYear: number | null;
  /** Last shipment point / model value of that year (1 without points). */
  level: number;
}

export function lifecycleUnits(inputs: LifecycleInputs): LifecycleUnits {
  const { params, m, launchYear, renewal, observed, toYear } = inputs;
  const points = new Map(observed.filter((s) => s.year >= launchYear).map((s) => [s.year, s.units]));
  const lastObservedYear = points.size > 0 ? Math.max(...points.keys()) : null;
  const units = new Map<number, number>();
  const at = (year: number) => units.get(year) ?? 0;
  const model = (year: number) => adoptionIn(params, m, launchYear, year) + renewalIn(at, renewal, year);
  let level = 1;
  for (let year = launchYear; year <= toYear; year += 1) {
    const point = points.get(year);
    if (lastObservedYear !== null && year <= lastObservedYear) {
      const value = point ?? model(year);
      if (year === lastObservedYear) {
        const expected = model(year);
        level = expected > 0 && value > 0 ? value / expected : 1;
      }
      units.set(year, value);
    } else {
      units.set(year, level * model(year));
    }
  }
  return { units, lastObservedYear, level };
}

/** Modules shipped between two decimal years, each calendar year's units spread evenly over it. */
export function unitsBetween(units: (year: number) => number, from: number, to: number): number {
  let sum = 0;
  for (let year = Math.floor(from); year < to; year += 1) {
    const overlap = Math.min(to, year + 1) - Math.max(from, year);
    if (overlap > 0) sum += units(year) * overlap;
  }
  return sum;
}
