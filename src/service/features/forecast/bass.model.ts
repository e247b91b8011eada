/**
 * The Bass (1969) diffusion model in closed form. p is the coefficient of innovation, q of imitation, m the market
 * potential; t is time since launch in periods (F and f are zero before launch).
 *
 *   F(t) = (1 - e^{-(p+q)t}) / (1 + (q/p) e^{-(p+q)t})              cumulative share of m adopted by t
 *   f(t) = dF/dt = ((p+q)^2 / p) e^{-(p+q)t} / (1 + (q/p) e^{-(p+q)t})^2
 *   t*   = ln(q/p) / (p+q)                                            peak of f (0 when q <= p: f only falls)
 *   f(t*) = (p+q)^2 / (4q)                                            so the peak adoption rate is m (p+q)^2 / (4q)
 *   adopters in period t = m [F(t) - F(t-1)]
 */
export interface BassParams {
  p: number;
  q: number;
}

export function bassCumulative({ p, q }: BassParams, t: number): number {
  if (t <= 0) return 0;
  const e = Math.exp(-(p + q) * t);
  return (1 - e) / (1 + (q / p) * e);
}

export function bassDensity({ p, q }: BassParams, t: number): number {
  if (t < 0) return 0;
  const e = Math.exp(-(p + q) * t);
  const denominator = 1 + (q / p) * e;
  return (((p + q) ** 2 / p) * e) / (denominator * denominator);
}

/** Time of the steepest adoption; when q <= p the density is largest at launch, so the peak is at 0. */
export function bassPeakTime({ p, q }: BassParams): number {
  return q > p ? Math.log(q / p) / (p + q) : 0;
}

/** m f(t*): the largest adoption rate of the curve (m p at launch when q <= p). */
export function bassPeakRate(params: BassParams, m: number): number {
  return m * bassDensity(params, bassPeakTime(params));
}

/** m [F(t) - F(t-1)]: adopters during period t (t = 1 is the first period after launch). */
export function bassAdoptionInPeriod(params: BassParams, m: number, t: number): number {
  return m * (bassCumulative(params, t) - bassCumulative(params, t - 1));
}

export interface BassCurve {
  peak_time: number;
  peak_rate: number;
  /** m F(t) for t = 0..periods */
  cumulative: number[];
  /** m [F(t) - F(t-1)] for t = 1..periods */
  per_period: number[];
}

export function bassCurve(params: BassParams, m: number, periods: number): BassCurve {
  const cumulative = Array.from({ length: periods + 1 }, (_, t) => m * bassCumulative(params, t));
  const per_period = Array.from({ length: periods }, (_, i) => (cumulative[i + 1] as number) - (cumulative[i] as number));
  return { peak_time: bassPeakTime(params), peak_rate: bassPeakRate(params, m), cumulative, per_period };
}

/**
 * Partial derivatives of F(t) with respect to p and q, for the least-squares fit's Jacobian.
 * With b = p + q, a = q/p and E = e^{-bt}: dF/db = t E (1 + a) / (1 + aE)^2, dF/da = -E (1 - E) / (1 + aE)^2,
 * and db/dp = db/dq = 1, da/dp = -q/p^2, da/dq = 1/p.
 */
export function bassCumulativeGradient({ p, q }: BassParams, t: number): { dp: number; dq: number } {
  if (t <= 0) return { dp: 0, dq: 0 };
  const a = q / p;
  const e = Math.exp(-(p + q) * t);
  const d2 = (1 + a * e) ** 2;
  const dB = (t * e * (1 + a)) / d2;
  const dA = (-e * (1 - e)) / d2;
  return { dp: dB - dA * (q / (p * p)), dq: dB + dA / p };
}
