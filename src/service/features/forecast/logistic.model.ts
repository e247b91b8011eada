import { type BassParams, bassPeakTime } from './bass.model.js';

/**
 * The logistic curve S(t) = L / (1 + e^{-k(t - t0)}): L the saturation level, k the growth rate, t0 the midpoint.
 *
 * Relation to Bass: with a = q/p and E = e^{-(p+q)t}, the Bass cumulative is F = (1 - E) / (1 + aE), while
 * 1 / (1 + aE) = 1 / (1 + e^{-(p+q)(t - ln(q/p)/(p+q))}) is exactly a logistic with k = p + q and t0 = the Bass peak
 * time. The two differ by E / (1 + aE), which is at most 1 / (1 + a) = p / (p + q) (at t = 0) and decays after.
 * So as p -> 0 the Bass curve becomes the logistic with k = q and t0 = ln(q/p)/(p+q): pure imitation is
 * logistic growth, and innovation (p) is what lets adoption start from zero at launch.
 */
export interface LogisticParams {
  L: number;
  k: number;
  t0: number;
}

export function logistic({ L, k, t0 }: LogisticParams, t: number): number {
  return L / (1 + Math.exp(-k * (t - t0)));
}

/** The logistic that the Bass curve (p, q, m) approaches; see the bound above. */
export function logisticFromBass(params: BassParams, m: number): LogisticParams {
  return { L: m, k: params.p + params.q, t0: bassPeakTime(params) };
}

/** Largest gap between m F(t) and its logistic, as a share of m: p / (p + q). */
export function bassLogisticMaxGap({ p, q }: BassParams): number {
  return p / (p + q);
}
