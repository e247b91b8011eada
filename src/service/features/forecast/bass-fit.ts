import { levenbergMarquardt } from 'ml-levenberg-marquardt';
import { type BassParams, bassCumulative, bassCumulativeGradient, bassPeakTime } from './bass.model.js';

/**
 * Non-linear least squares fit of the Bass model to adopters per period (the first value at t = 1):
 * minimise sum_t (y_t - m [F(t) - F(t-1)])^2 over p, q, m within bounds, with Levenberg-Marquardt
 * (ml-levenberg-marquardt, analytic Jacobian).
 *
 * - The series is divided by its largest value and m is fitted as a multiple of its starting value, so that all
 *   three parameters are of order one and the solver's single damping term suits them all.
 * - Starting points: a grid over p and q with m solved linearly (m enters the model linearly); the best few grid
 *   points are polished and the best result wins, which avoids the flat valleys a single start can stall in.
 * - Convergence is judged like MINPACK's gtol test: at a least-squares minimum the residual is orthogonal to every
 *   Jacobian column, so the largest cosine between them (ignoring parameters held at a bound the gradient pushes
 *   against) must fall below GRADIENT_TOLERANCE; an exact fit counts as converged too.
 */
export const FIT_BOUNDS = {
  p: [1e-6, 1],
  q: [1e-6, 5],
  /**
   * m lies between these multiples of the observed total. Not below half of it: a market cannot have fewer
   * adopters than were observed, but noise in per-period counts can push their sum somewhat above the true m, and
   * a bound that is active at the optimum would stall the solver. Not above 1000 times: a series that shows only
   * early growth cannot tell m, and the bound keeps the answer finite.
   */
  mMinMultiple: 0.5,
  mMaxMultiple: 1000,
} as const;
export const MIN_FIT_POINTS = 5;
const GRID_P = [0.001, 0.003, 0.01, 0.03, 0.1, 0.3];
const GRID_Q = [0.05, 0.1, 0.2, 0.3, 0.45, 0.7, 1, 1.5];
const STARTS = 3;
const ROUND_ITERATIONS = 25;
const MAX_ROUNDS = 12;
const GRADIENT_TOLERANCE = 1e-4;

export interface BassFit {
  p: number;
  q: number;
  m: number;
  peak_time: number;
  r2: number;
  rmse: number;
  converged: boolean;
  iterations: number;
  points: number;
}

interface Problem {
  ts: number[];
  y: number[];
  /** Starting m (in the scaled units); the solver's third parameter is m / m0. */
  m0: number;
  lower: number[];
  upper: number[];
}

const increments = (params: BassParams, ts: number[]) => ts.map((t) => bassCumulative(params, t) - bassCumulative(params, t - 1));

function model(problem: Problem) {
  return ([p, q, mu]: number[]) => {
    const m = (mu as number) * problem.m0;
    const params = { p: p as number, q: q as number };
    return (t: number) => m * (bassCumulative(params, t) - bassCumulative(params, t - 1));
  };
}

function jacobian(problem: Problem) {
  return ([p, q, mu]: number[]) => {
    const params = { p: p as number, q: q as number };
    const m = (mu as number) * problem.m0;
    return (t: number) => {
      const now = bassCumulativeGradient(params, t);
      const before = bassCumulativeGradient(params, t - 1);
      return [m * (now.dp - before.dp), m * (now.dq - before.dq), problem.m0 * (bassCumulative(params, t) - bassCumulative(params, t - 1))];
    };
  };
}

function sumOfSquares(problem: Problem, theta: number[]): number {
  const f = model(problem)(theta);
  return problem.ts.reduce((sum, t, i) => sum + ((problem.y[i] as number) - f(t)) ** 2, 0);
}

/** The largest |cos| between the residual and a Jacobian column whose parameter is free to move downhill. */
function gradientCosine(problem: Problem, theta: number[]): number {
  const f = model(problem)(theta);
  const jac = jacobian(problem)(theta);
  const residuals = problem.ts.map((t, i) => (problem.y[i] as number) - f(t));
  const rows = problem.ts.map((t) => jac(t));
  const residualNorm = Math.hypot(...residuals);
  const scale = Math.hypot(...problem.y);
  if (residualNorm <= 1e-12 * scale) return 0;
  let worst = 0;
  for (let k = 0; k < theta.length; k += 1) {
    const column = rows.map((row) => row[k] as number);
    const dot = column.reduce((sum, value, i) => sum + value * (residuals[i] as number), 0);
    const value = theta[k] as number;
    // dSSE/dtheta_k = -2 dot: at a lower bound a non-negative slope, at an upper bound a non-positive one, is optimal.
    const atLower = value <= (problem.lower[k] as number) * (1 + 1e-9) && -dot >= 0;
    const atUpper = value >= (problem.upper[k] as number) * (1 - 1e-9) && -dot <= 0;
    if (atLower || atUpper) continue;
    const columnNorm = Math.hypot(...column);
    if (columnNorm > 0) worst = Math.max(worst, Math.abs(dot) / (columnNorm * residualNorm));
  }
  return worst;
}

function gridStarts(ts: number[], y: number[], total: number): Array<{ p: number; q: number; m: number; sse: number }> {
  const candidates: Array<{ p: number; q: number; m: number; sse: number }> = [];
  for (const p of GRID_P) {
    for (const q of GRID_Q) {
      const g = increments({ p, q }, ts);
      const gg = g.reduce((s, v) => s + v * v, 0);
      if (gg === 0) continue;
      const linear = g.reduce((s, v, i) => s + v * (y[i] as number), 0) / gg;
      const m = Math.min(Math.max(linear, total * FIT_BOUNDS.mMinMultiple), total * FIT_BOUNDS.mMaxMultiple);
      const sse = g.reduce((s, v, i) => s + ((y[i] as number) - m * v) ** 2, 0);
      candidates.push({ p, q, m, sse });
    }
  }
  return candidates.sort((a, b) => a.sse - b.sse).slice(0, STARTS);
}

function polish(problem: Problem, start: number[]): { theta: number[]; sse: number; iterations: number; converged: boolean } {
  let theta = start;
  let iterations = 0;
  for (let round = 0; round < MAX_ROUNDS; round += 1) {
    if (gradientCosine(problem, theta) <= GRADIENT_TOLERANCE) return { theta, sse: sumOfSquares(problem, theta), iterations, converged: true };
    const result = levenbergMarquardt({ x: problem.ts, y: problem.y }, model(problem), {
      initialValues: theta,
      minValues: problem.lower,
      maxValues: problem.upper,
      maxIterations: ROUND_ITERATIONS,
      errorTolerance: 0,
      jacobianFunction: jacobian(problem),
    });
    iterations += result.iterations;
    theta = result.parameterValues;
  }
  return { theta, sse: sumOfSquares(problem, theta), iterations, converged: gradientCosine(problem, theta) <= GRADIENT_TOLERANCE };
}

/** Fits p, q and m to `series` (adopters per period, t = 1..n). The caller has checked length and values. */
export function fitBass(series: readonly number[]): BassFit {
  const scale = Math.max(...series);
  const y = series.map((v) => v / scale);
  const ts = y.map((_, i) => i + 1);
  const total = y.reduce((s, v) => s + v, 0);
  let best: { theta: number[]; sse: number; iterations: number; converged: boolean; m0: number } | undefined;
  let iterations = 0;
  for (const start of gridStarts(ts, y, total)) {
    const problem: Problem = {
      ts,
      y,
      m0: start.m,
      lower: [FIT_BOUNDS.p[0], FIT_BOUNDS.q[0], (total * FIT_BOUNDS.mMinMultiple) / start.m],
      upper: [FIT_BOUNDS.p[1], FIT_BOUNDS.q[1], (total * FIT_BOUNDS.mMaxMultiple) / start.m],
    };
    const result = polish(problem, [start.p, start.q, 1]);
    iterations += result.iterations;
    if (!best || result.sse < best.sse) best = { ...result, m0: start.m };
  }
  if (!best) throw new Error('fitBass: no starting point (series must contain a positive value)');
  const [p, q, mu] = best.theta as [number, number, number];
  const mean = y.reduce((s, v) => s + v, 0) / y.length;
  const sst = y.reduce((s, v) => s + (v - mean) ** 2, 0);
  return {
    p,
    q,
    m: mu * best.m0 * scale,
    peak_time: bassPeakTime({ p, q }),
    r2: sst > 0 ? 1 - best.sse / sst : best.sse === 0 ? 1 : 0,
    rmse: Math.sqrt(best.sse / y.length) * scale,
    converged: best.converged,
    iterations,
    points: y.length,
  };
}
