import { describe, expect, it } from 'vitest';
import {
  bassAdoptionInPeriod,
  bassCumulative,
  bassCumulativeGradient,
  bassCurve,
  bassDensity,
  bassPeakRate,
  bassPeakTime,
} from '../../../src/service/features/forecast/bass.model.js';

const P = { p: 0.03, q: 0.38 };

describe('Bass closed forms against hand-worked values (p = 0.03, q = 0.38, m = 1000)', () => {
  it('F(1): E = e^-0.41 = 0.663650; F = (1 - E) / (1 + 12.6667 E) = 0.336350 / 9.406237 = 0.0357582', () => {
    expect(bassCumulative(P, 1)).toBeCloseTo(0.0357582, 6);
  });

  it('F is 0 at and before launch and tends to 1', () => {
    expect(bassCumulative(P, 0)).toBe(0);
    expect(bassCumulative(P, -3)).toBe(0);
    expect(bassCumulative(P, 200)).toBeCloseTo(1, 12);
  });

  it('f(0) = p: ((p+q)^2/p) / (1 + q/p)^2 = p', () => {
    expect(bassDensity(P, 0)).toBeCloseTo(0.03, 12);
  });

  it('peak time ln(q/p)/(p+q) = ln(12.6667)/0.41 = 2.538974/0.41 = 6.19262', () => {
    expect(bassPeakTime(P)).toBeCloseTo(6.19262, 5);
  });

  it('at the peak F = (1 - p/q)/2 = 0.460526 and the rate is m (p+q)^2 / 4q = 1000 x 0.1681 / 1.52 = 110.592', () => {
    const t = bassPeakTime(P);
    expect(bassCumulative(P, t)).toBeCloseTo(0.460526, 6);
    expect(bassPeakRate(P, 1000)).toBeCloseTo(110.5921, 4);
    expect(bassDensity(P, t - 0.01)).toBeLessThan(bassDensity(P, t));
    expect(bassDensity(P, t + 0.01)).toBeLessThan(bassDensity(P, t));
  });

  it('q <= p: the density only falls, the peak is at launch with rate m p', () => {
    expect(bassPeakTime({ p: 0.2, q: 0.1 })).toBe(0);
    expect(bassPeakRate({ p: 0.2, q: 0.1 }, 50)).toBeCloseTo(10, 12);
  });

  it('adopters per period m[F(t) - F(t-1)]: period 1 = 35.758, period 5 = 98.048', () => {
    expect(bassAdoptionInPeriod(P, 1000, 1)).toBeCloseTo(35.758164, 5);
    expect(bassAdoptionInPeriod(P, 1000, 5)).toBeCloseTo(98.048171, 5);
  });

  it('bassCurve: cumulative from t = 0, per_period from t = 1, and the periods add up to the cumulative', () => {
    const curve = bassCurve(P, 1000, 10);
    expect(curve.cumulative).toHaveLength(11);
    expect(curve.per_period).toHaveLength(10);
    expect(curve.cumulative[0]).toBe(0);
    expect(curve.cumulative[10]).toBeCloseTo(812.8032, 3);
    const sum = curve.per_period.reduce((s, v) => s + v, 0);
    expect(sum).toBeCloseTo(curve.cumulative[10] as number, 9);
  });

  it('the analytic gradient of F matches central differences', () => {
    for (const t of [0.5, 1, 3, 7, 15]) {
      const h = 1e-7;
      const g = bassCumulativeGradient(P, t);
      const dp = (bassCumulative({ p: P.p + h, q: P.q }, t) - bassCumulative({ p: P.p - h, q: P.q }, t)) / (2 * h);
      const dq = (bassCumulative({ p: P.p, q: P.q + h }, t) - bassCumulative({ p: P.p, q: P.q - h }, t)) / (2 * h);
      expect(g.dp).toBeCloseTo(dp, 5);
      expect(g.dq).toBeCloseTo(dq, 5);
    }
  });
});
