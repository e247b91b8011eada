import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ETHERNET, FORECAST_TOTAL, HISTORY_TOTAL, YEAR_ANCHORS } from '../../../scripts/seed-builder/shipments.facts.js';
import { buildShipmentSeries } from '../../../scripts/seed-builder/shipments.generator.js';
import { shipmentsFileText } from '../../../scripts/seed-builder/shipments.writer.js';
import { RESOURCES_DIR } from '../seed/seed-test-data.js';

const dir = join(RESOURCES_DIR, 'seed', 'technologies');
const committed = JSON.parse(readFileSync(join(dir, 'shipments.json'), 'utf8')) as {
  shipments: Array<{ technology: string; year: number; units: number; kind: string; source: string }>;
};
const technologies = (
  JSON.parse(readFileSync(join(dir, 'technologies.json'), 'utf8')) as { technologies: Array<{ name: string; model: { m: number; source: string } }> }
).technologies;
const units = (techs: string[], from: number, to: number) =>
  committed.shipments.filter((s) => techs.includes(s.technology) && s.year >= from && s.year <= to).reduce((acc, s) => acc + s.units, 0);

describe('technology shipment series', () => {
  it('are the generator output byte for byte (rebuild with npx tsx scripts/seed-builder/build.ts)', () => {
    expect(readFileSync(join(dir, 'shipments.json'), 'utf8').replace(/\r\n/g, '\n')).toBe(shipmentsFileText());
  });

  it('meet every published yearly count within rounding (3 significant digits per point), lower bounds from above', () => {
    for (const a of YEAR_ANCHORS) expect(units(a.group, a.year, a.year) / a.units, `${a.group.join('+')} ${a.year}`).toBeCloseTo(1, 1);
    expect(units(['100G'], 2017, 2017)).toBe(3);
    expect(units(['100G'], 2018, 2018)).toBe(7);
    expect(units(['400G', '800G', '1.6T'], 2023, 2023)).toBeCloseTo(6.4, 0);
    // TrendForce: "more than 31.9 million" 400G-and-above modules in 2025.
    expect(units(['400G', '800G', '1.6T'], 2025, 2025)).toBeGreaterThanOrEqual(31.9);
  });

  it('meet the LightCounting Ethernet totals for 2010-2019 and 2021-2025 within 2 %', () => {
    expect(Math.abs(units(ETHERNET, HISTORY_TOTAL.from, HISTORY_TOTAL.to) / HISTORY_TOTAL.units - 1)).toBeLessThan(0.02);
    expect(Math.abs(units(ETHERNET, FORECAST_TOTAL.from, FORECAST_TOTAL.to) / FORECAST_TOTAL.units - 1)).toBeLessThan(0.02);
  });

  it('keep 1G and 10G above a tenth of their peak while installed bases are replaced', () => {
    for (const tech of ['1G', '10G']) {
      const series = committed.shipments.filter((s) => s.technology === tech);
      const peak = Math.max(...series.map((s) => s.units));
      expect(series.find((s) => s.year === 2025)!.units, tech).toBeGreaterThan(peak / 10);
    }
  });

  it('label every row: published rows cite a count of their own technology, estimates say so', () => {
    for (const s of committed.shipments) {
      expect(['published', 'estimate']).toContain(s.kind);
      if (s.kind === 'estimate') expect(s.source).toMatch(/^Estimate of this data set/);
      else expect(s.source).toMatch(/LightCounting|TrendForce/);
    }
    expect(committed.shipments.filter((s) => s.kind === 'published').map((s) => `${s.technology} ${s.year}`)).toEqual(['40G 2016', '100G 2017', '100G 2018']);
  });

  it('give technologies.json the calibrated market potentials, and call p and q estimates for comparison with the meta-analysis', () => {
    const { marketPotential } = buildShipmentSeries();
    for (const t of technologies) {
      expect(t.model.m, t.name).toBe(marketPotential[t.name]);
      expect(t.model.source, t.name).toContain('for comparison with');
      expect(t.model.source, t.name).not.toContain('in the range');
    }
  });
});
