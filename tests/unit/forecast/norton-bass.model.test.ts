import { describe, expect, it } from 'vitest';
import { bassCumulative } from '../../../src/service/features/forecast/bass.model.js';
import { nortonBassAt, nortonBassSeries } from '../../../src/service/features/forecast/norton-bass.model.js';

/** Deterministic pseudo-random numbers, so the invariant runs over the same 300 cases every time. */
function prng(seed: number) {
  let s = seed;
  return () => {
    s = (s * 16807) % 2147483647;
    return s / 2147483647;
  };
}

describe('Norton-Bass substitution', () => {
  const params = { p: 0.03, q: 0.38 };

  it('follows the published form for three generations', () => {
    const gens = [
      { m: 100, launch: 0 },
      { m: 150, launch: 3 },
      { m: 200, launch: 7 },
    ];
    const t = 9;
    const F1 = bassCumulative(params, t);
    const F2 = bassCumulative(params, t - 3);
    const F3 = bassCumulative(params, t - 7);
    const [s1, s2, s3] = nortonBassAt(params, gens, t);
    expect(s1).toBeCloseTo(100 * F1 * (1 - F2), 10);
    expect(s2).toBeCloseTo(F2 * (150 + F1 * 100) * (1 - F3), 10);
    expect(s3).toBeCloseTo(F3 * (200 + F2 * (150 + F1 * 100)), 10);
  });

  it('a generation is zero before its launch, and a single generation is the Bass curve m F(t)', () => {
    const series = nortonBassSeries(
      params,
      [
        { m: 10, launch: 0 },
        { m: 20, launch: 5 },
      ],
      8,
    );
    expect(series[1]?.slice(0, 6)).toEqual([0, 0, 0, 0, 0, 0]);
    const single = nortonBassSeries(params, [{ m: 10, launch: 0 }], 8)[0] as number[];
    single.forEach((v, t) => expect(v).toBeCloseTo(10 * bassCumulative(params, t), 12));
  });

  it('invariants: generations always sum to sum m_i F(t - launch_i), and every value is non-negative', () => {
    const random = prng(42);
    for (let c = 0; c < 300; c += 1) {
      const p = 0.001 + random() * 0.2;
      const q = 0.01 + random() * 1.5;
      const count = 1 + Math.floor(random() * 6);
      let launch = 0;
      const gens = Array.from({ length: count }, () => {
        launch += random() * 6;
        return { m: 1 + random() * 1000, launch };
      });
      const series = nortonBassSeries({ p, q }, gens, 40);
      for (let t = 0; t <= 40; t += 1) {
        const total = series.reduce((s, g) => s + (g[t] as number), 0);
        const expected = gens.reduce((s, g) => s + g.m * bassCumulative({ p, q }, t - g.launch), 0);
        expect(Math.abs(total - expected)).toBeLessThanOrEqual(1e-9 * Math.max(1, expected));
        for (const g of series) expect(g[t]).toBeGreaterThanOrEqual(0);
      }
    }
  });
});
