import { describe, expect, it } from 'vitest';
import { bassCumulative } from '../../../src/service/features/forecast/bass.model.js';
import { bassLogisticMaxGap, logistic, logisticFromBass } from '../../../src/service/features/forecast/logistic.model.js';

describe('logistic S(t) = L / (1 + e^(-k(t - t0)))', () => {
  it('hand values: L/2 at t0, L/(1 + e^-1) one 1/k after it', () => {
    expect(logistic({ L: 200, k: 0.5, t0: 4 }, 4)).toBe(100);
    expect(logistic({ L: 200, k: 0.5, t0: 4 }, 6)).toBeCloseTo(200 / (1 + Math.exp(-1)), 12);
  });

  it('the Bass curve stays within p/(p+q) of m of its logistic (k = p+q, t0 = peak time)', () => {
    for (const [p, q] of [
      [0.03, 0.38],
      [0.01, 0.5],
      [0.1, 0.3],
      [0.002, 0.9],
    ] as const) {
      const l = logisticFromBass({ p, q }, 1);
      expect(l.k).toBeCloseTo(p + q, 12);
      const bound = bassLogisticMaxGap({ p, q });
      for (let t = 0; t <= 60; t += 0.25) {
        expect(Math.abs(bassCumulative({ p, q }, t) - logistic(l, t))).toBeLessThanOrEqual(bound + 1e-12);
      }
    }
  });

  it('as p -> 0 the Bass curve becomes the logistic with k -> q', () => {
    const params = { p: 1e-7, q: 0.5 };
    const l = logisticFromBass(params, 1);
    let worst = 0;
    for (let t = 0; t <= 80; t += 0.5) worst = Math.max(worst, Math.abs(bassCumulative(params, t) - logistic(l, t)));
    expect(worst).toBeLessThan(1e-6);
    expect(l.k).toBeCloseTo(0.5, 6);
  });
});
