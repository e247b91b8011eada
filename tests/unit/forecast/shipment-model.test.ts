import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { FORECAST_ANCHORS, GROWTH_ANCHORS } from '../../../scripts/seed-builder/shipments.facts.js';
import { fitBass } from '../../../src/service/features/forecast/bass-fit.js';
import { modelFor } from '../../../src/service/features/forecast/forecast.seed.js';
import { classifyPhase, type FactorInputs, PAST_TROUGH_SHARE } from '../../../src/service/features/forecast/phase-classifier.js';
import { PRICE_EROSION } from '../../../src/service/features/forecast/price-erosion.facts.js';
import { RENEWAL, RENEWAL_SPREAD, renewalOf } from '../../../src/service/features/forecast/renewal.facts.js';
import { adoptionIn, adoptionPart, lifecycleUnits, renewalIn, unitsBetween } from '../../../src/service/features/forecast/shipment-model.rules.js';
import { RESOURCES_DIR } from '../seed/seed-test-data.js';

const dir = join(RESOURCES_DIR, 'seed', 'technologies');
type Tech = Parameters<typeof modelFor>[0];
const technologies = (JSON.parse(readFileSync(join(dir, 'technologies.json'), 'utf8')) as { technologies: Tech[] }).technologies;
const shipments = (
  JSON.parse(readFileSync(join(dir, 'shipments.json'), 'utf8')) as {
    shipments: Array<{ technology: string; year: number; units: number; kind: 'published' | 'estimate'; source: string }>;
  }
).shipments;

/** The forecast the service makes for a technology from the committed data set. */
function forecastOf(name: string) {
  const tech = technologies.find((t) => t.name === name) as Tech;
  const model = modelFor(tech, shipments);
  const observed = shipments.filter((s) => s.technology === name);
  return lifecycleUnits({ params: { p: model.p, q: model.q }, m: model.m, launchYear: tech.launch.year, renewal: renewalOf(name), observed, toYear: 2035 });
}

describe('shipments = Bass adoption + renewal of retiring modules', () => {
  it('renewal replaces `share` of the modules retiring 2 years either side of the service life', () => {
    expect(RENEWAL_SPREAD.reduce((s, w) => s + w, 0)).toBeCloseTo(1, 12);
    const flat = () => 10;
    expect(renewalIn(flat, { share: 0.62, lifeYears: 7 }, 2030)).toBeCloseTo(6.2, 10);
    // One year of 9 M shipped in 2010 retires 2015..2019 with weights 1,2,3,2,1 / 9.
    const pulse = (year: number) => (year === 2010 ? 9 : 0);
    expect([2014, 2015, 2016, 2017, 2018, 2019, 2020].map((y) => renewalIn(pulse, { share: 1, lifeYears: 7 }, y))).toEqual([0, 1, 2, 3, 2, 1, 0]);
    expect(renewalIn(flat, { share: 0, lifeYears: 7 }, 2030)).toBe(0);
  });

  it('the adoption part of a series is what the renewal of its own history leaves, and a Bass fit recovers it', () => {
    const params = { p: 0.004, q: 0.45 };
    const units = new Map<number, number>();
    for (let year = 1999; year <= 2025; year += 1) {
      units.set(year, adoptionIn(params, 100, 1999, year) + renewalIn((y) => units.get(y) ?? 0, { share: 0.62, lifeYears: 7 }, year));
    }
    const series = [...units].map(([year, u]) => ({ year, units: u }));
    const fit = fitBass(adoptionPart(series, { share: 0.62, lifeYears: 7 }));
    expect(fit.r2).toBeGreaterThan(0.999);
    expect(fit.m).toBeCloseTo(100, 0);
    // The same series fitted without the renewal is no Bass curve: the fit the forecasts used to fall back from.
    expect(fitBass(series.map((s) => s.units)).r2).toBeLessThan(fit.r2);
  });

  it('a forecast continues its last shipment point (level) and adds renewal; units between decimal years prorate the calendar years', () => {
    const out = lifecycleUnits({
      params: { p: 0.01, q: 0.5 },
      m: 100,
      launchYear: 2000,
      renewal: { share: 0.8, lifeYears: 5 },
      observed: [
        { year: 2000, units: 1 },
        { year: 2001, units: 2 },
        { year: 2002, units: 6 },
      ],
      toYear: 2010,
    });
    expect(out.lastObservedYear).toBe(2002);
    expect(out.units.get(2002)).toBe(6);
    expect(out.level).toBeCloseTo(6 / adoptionIn({ p: 0.01, q: 0.5 }, 100, 2000, 2002), 10);
    // 2003: adoption plus 0.8 x the 1/9 of the 2000 modules that retire at age 3, scaled by the level.
    expect(out.units.get(2003)).toBeCloseTo(out.level * (adoptionIn({ p: 0.01, q: 0.5 }, 100, 2000, 2003) + (0.8 * 1) / 9), 10);
    expect(unitsBetween((y) => out.units.get(y) ?? 0, 2002.5, 2003.5)).toBeCloseTo(3 + (out.units.get(2003) as number) / 2, 10);
  });

  it('1G, 10G, 40G and 100G decline at most 15 % a year and never collapse after their last point (they used to fall 99 % in a year)', () => {
    for (const name of ['1G', '10G', '40G', '100G']) {
      const { units, lastObservedYear } = forecastOf(name);
      expect(lastObservedYear).toBe(2025);
      for (let year = 2026; year <= 2030; year += 1) {
        const ratio = (units.get(year) as number) / (units.get(year - 1) as number);
        expect(ratio, `${name} ${year}`).toBeGreaterThan(0.85);
        expect(ratio, `${name} ${year}`).toBeLessThan(1.15);
      }
    }
  });

  it('a series of estimates only is not fitted: 400G (points split from the TrendForce group counts) continues near its 2025 level instead of falling 22 % in 2026', () => {
    const model = modelFor(technologies.find((t) => t.name === '400G') as Tech, shipments);
    expect(model.method).toBe('prior');
    expect(model.reason).toContain('estimates');
    expect(modelFor(technologies.find((t) => t.name === '100G') as Tech, shipments).method).toBe('fitted');
    const { units } = forecastOf('400G');
    expect((units.get(2026) as number) / (units.get(2025) as number)).toBeGreaterThan(0.9);
  });

  it('every forecast anchor holds: 1.6T >= 10 M in 2026; 400ZR grows by more than 35 % in 2024 (Cignal AI)', () => {
    for (const a of FORECAST_ANCHORS) expect(forecastOf(a.technology).units.get(a.year), `${a.technology} ${a.year}`).toBeGreaterThanOrEqual(a.atLeast);
    for (const a of GROWTH_ANCHORS) {
      const at = (year: number) => shipments.find((s) => s.technology === a.technology && s.year === year)?.units as number;
      expect(at(a.year) / at(a.year - 1) - 1, `${a.technology} ${a.year}`).toBeGreaterThanOrEqual(a.atLeast);
    }
  });

  it('renewal and published price declines name known technologies, in range, with a source', () => {
    const names = new Set(technologies.map((t) => t.name));
    for (const r of RENEWAL) {
      expect(names.has(r.technology), r.technology).toBe(true);
      expect(r.share).toBeGreaterThanOrEqual(0);
      expect(r.share).toBeLessThanOrEqual(1.2);
      expect(r.source).toMatch(/^Estimate of this data set/);
    }
    for (const f of PRICE_EROSION) {
      expect(names.has(f.technology), f.technology).toBe(true);
      expect(f.rate).toBeGreaterThan(0);
      expect(f.rate).toBeLessThan(0.6);
      expect(f.source).toMatch(/LightCounting|Cignal AI/);
      expect(f.source).toMatch(/https:\/\//);
    }
  });
});

describe('the phase agrees with the shipments', () => {
  const early: FactorInputs = {
    adoptedShare: 0.05,
    aspDeclinePerYear: 0.3,
    standardStage: 'approved',
    yearsSinceStandard: 4,
    interopLevel: 3,
    vendorBreadth: 0.8,
    sentimentIntensity: 0.5,
  };

  it('a score in the trough stays there while little has shipped, and moves to the Slope once 16 % of m has shipped', () => {
    const trough = classifyPhase({ ...early, adoptedShare: 0.1 });
    expect(trough.phase).toBe('Trough of Disillusionment');
    expect(trough.phase_rule).toBeNull();
    const ramp = classifyPhase({ ...early, adoptedShare: PAST_TROUGH_SHARE + 0.29 });
    expect(ramp.score).toBeLessThan(0.6);
    expect(ramp.phase).toBe('Slope of Enlightenment');
    expect(ramp.phase_rule).toContain('past the trough');
  });
});
