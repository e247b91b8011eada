import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { POWER_CLASSES } from '../../../scripts/seed-builder/power-classes.facts.js';
import { FORM_FACTOR_SPEED, MARKETED_SMF_REACH, MULTIMODE_REACH, STATED_REACH } from './dataset-fact-tables.js';
import { byKey, loadCommittedDataset, numbers, RESOURCES_DIR, type TableRow } from './seed-test-data.js';

const data = loadCommittedDataset();
const standards = byKey(data.standards, 'name');
const formFactors = byKey(data.form_factors, 'name');
const power = new Map(POWER_CLASSES.map((p) => [p.formFactor, p]));
const label = (t: TableRow) => String(t.slug);

describe('every transceiver against the fact tables', () => {
  it('reaches no further than its standard allows on its fibre (multimode: the best fibre class the clause names)', () => {
    for (const t of data.transceivers) {
      const reach = Number(t.reach_meters);
      if (!(reach > 0)) continue;
      const s = standards.get(String(t.standard))!;
      const mmf = MULTIMODE_REACH[String(t.standard)];
      if (mmf) expect(reach, label(t)).toBeLessThanOrEqual(Math.max(mmf.OM3, mmf.OM4, mmf.OM5));
      else if (t.fiber_type === 'SMF' && s.category !== 'coherent')
        expect(reach, label(t)).toBeLessThanOrEqual(MARKETED_SMF_REACH[String(t.standard)] ?? Number(s.reach_meters));
    }
  });

  it('has multimode standards whose reach and label agree with the per-fibre table', () => {
    for (const [name, reach] of Object.entries(MULTIMODE_REACH)) {
      const s = standards.get(name);
      if (!s) continue;
      expect([reach.OM3, reach.OM4, reach.OM5], name).toContain(s.reach_meters);
      const text = String(s.reach_label);
      // Every OM3/OM4/OM5 figure in the label is the one the table lists for that fibre class.
      for (const m of text.matchAll(/(\d+) m \((OM[345])/g)) expect(Number(m[1]), `${name}: ${text}`).toBe(reach[m[2] as 'OM3' | 'OM4' | 'OM5']);
      if (reach.OM5 > reach.OM4) expect(text, name).toContain(`${reach.OM5} m (OM5)`);
      else expect(text, name).not.toMatch(/\d+ m \(OM5\)/);
    }
  });

  it('sits in its form factor speed range, with no more lanes than the form factor has channels', () => {
    for (const t of data.transceivers) {
      const ff = FORM_FACTOR_SPEED[String(t.form_factor)];
      expect(ff, label(t)).toBeDefined();
      expect(Number(t.speed_gbps), label(t)).toBeGreaterThanOrEqual(ff!.min);
      expect(Number(t.speed_gbps), label(t)).toBeLessThanOrEqual(ff!.max);
      expect(Number(t.speed_gbps), label(t)).toBeLessThanOrEqual(Number(formFactors.get(String(t.form_factor))!.max_speed_gbps));
      if (t.lanes !== null && t.fiber_type !== 'copper') expect(Number(t.lanes), label(t)).toBeLessThanOrEqual(ff!.channels);
    }
  });

  it('stores each form factor top speed as the table gives it (SFP runs up to 4.25 Gb/s)', () => {
    for (const [name, ff] of Object.entries(FORM_FACTOR_SPEED)) expect(formFactors.get(name)?.max_speed_gbps, name).toBe(ff.max);
  });

  it('draws no more power than its form factor power class', () => {
    for (const t of data.transceivers) {
      if (t.power_w === null) continue;
      const cls = power.get(String(t.form_factor));
      expect(cls, label(t)).toBeDefined();
      expect(Number(t.power_w), label(t)).toBeLessThanOrEqual(cls!.maxW);
      expect(Number(t.power_w), label(t)).toBeGreaterThan(0);
    }
  });

  it('carries its standard lanes and wavelengths', () => {
    for (const t of data.transceivers) {
      const s = standards.get(String(t.standard))!;
      expect(t.lanes, label(t)).toBe(s.lanes);
      expect([...numbers(t.wavelengths)].sort(), label(t)).toEqual([...numbers(s.wavelengths)].sort());
    }
  });

  it('does not state a reach in its name when its reach label is blank', () => {
    const blanked = data.transceivers.filter((t) => t.reach_label === '');
    expect(blanked.length).toBeGreaterThan(20);
    for (const t of blanked) expect(String(t.name), label(t)).not.toMatch(STATED_REACH);
    // The others do state it, so the pattern is not vacuous.
    expect(data.transceivers.filter((t) => t.reach_label !== '' && STATED_REACH.test(String(t.name))).length).toBeGreaterThan(500);
  });
});

describe('datasheets of the search seed', () => {
  it('name part numbers the catalogue holds, so a datasheet hit leads to a product', () => {
    const sheets = JSON.parse(readFileSync(join(RESOURCES_DIR, 'seed', 'content', 'datasheets.json'), 'utf8')) as Array<{
      part_number: string;
      form_factor: string;
      speed_gbps: number;
    }>;
    const byPart = byKey(data.transceivers, 'part_number');
    expect(sheets.length).toBeGreaterThan(0);
    for (const d of sheets) {
      const product = byPart.get(d.part_number);
      expect(product, d.part_number).toBeDefined();
      expect([product!.form_factor, product!.speed_gbps], d.part_number).toEqual([d.form_factor, d.speed_gbps]);
    }
  });
});

describe('power-class facts', () => {
  it('cover every form factor and say whether each bound is published or an estimate', () => {
    for (const ff of formFactors.keys()) expect(power.get(ff), ff).toBeDefined();
    for (const p of POWER_CLASSES) expect(p.source.length, p.formFactor).toBeGreaterThan(10);
  });
});
