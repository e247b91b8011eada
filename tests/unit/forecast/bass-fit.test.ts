import { describe, expect, it } from 'vitest';
import { fitBass } from '../../../src/service/features/forecast/bass-fit.js';
import { bassCurve } from '../../../src/service/features/forecast/bass.model.js';

function prng(seed: number) {
  let s = seed;
  return () => {
    s = (s * 16807) % 2147483647;
    return s / 2147483647;
  };
}

describe('Bass fit by bounded non-linear least squares', () => {
  it('recovers p, q, m from a noiseless 30-point series', () => {
    const series = bassCurve({ p: 0.03, q: 0.38 }, 1000, 30).per_period;
    const fit = fitBass(series);
    expect(fit.converged).toBe(true);
    expect(fit.p).toBeCloseTo(0.03, 5);
    expect(fit.q).toBeCloseTo(0.38, 5);
    expect(fit.m).toBeCloseTo(1000, 2);
    expect(fit.r2).toBeCloseTo(1, 9);
    expect(fit.peak_time).toBeCloseTo(6.19262, 4);
  });

  it('recovers the parameters from a short series that ends before the peak (8 of 30 points)', () => {
    const series = bassCurve({ p: 0.01, q: 0.5 }, 250, 8).per_period;
    const fit = fitBass(series);
    expect(fit.converged).toBe(true);
    expect(fit.p).toBeCloseTo(0.01, 4);
    expect(fit.q).toBeCloseTo(0.5, 4);
    expect(fit.m / 250).toBeCloseTo(1, 3);
  });

  it('stays close under 10 % multiplicative noise, with a converged fit and a high r2', () => {
    const random = prng(7);
    for (const [p, q, m] of [
      [0.03, 0.38, 1000],
      [0.01, 0.6, 50],
      [0.005, 0.45, 20000],
    ] as const) {
      const noisy = bassCurve({ p, q }, m, 25).per_period.map((v) => v * (1 + 0.2 * (random() - 0.5)));
      const fit = fitBass(noisy);
      expect(fit.converged).toBe(true);
      expect(fit.r2).toBeGreaterThan(0.97);
      expect(Math.abs(fit.q - q) / q).toBeLessThan(0.1);
      expect(Math.abs(fit.m - m) / m).toBeLessThan(0.1);
      expect(Math.abs(fit.p - p) / p).toBeLessThan(0.35);
    }
  });

  it('keeps m within its bounds: never below half the observed total, never above 1000 times it', () => {
    const series = [1, 2, 4, 8, 16, 32];
    const fit = fitBass(series);
    expect(fit.m).toBeGreaterThanOrEqual(63 * 0.5 - 1e-9);
    expect(fit.m).toBeLessThanOrEqual(63 * 1000 + 1e-6);
    expect(fit.p).toBeGreaterThan(0);
    expect(fit.q).toBeGreaterThan(0);
  });
});
