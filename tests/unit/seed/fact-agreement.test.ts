import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { POWER_CLASSES } from '../../../scripts/seed-builder/power-classes.facts.js';
import { HARD_RULES } from '../../../src/service/features/blog/hard-rules.js';
import { POWER_PER_PORT_W } from '../../../src/service/features/blog/power-per-port.check.js';
import { powerBudget } from '../../../src/service/features/sales/datasheets/power-budget.rules.js';
import { COHERENT_OPTICS, GREY_OPTICS, LINE_DB_PER_KM } from '../../../src/service/features/sales/transport/transport.optics.js';
import { attenuationBand, FIBRE_ATTENUATION_BANDS } from '../../../src/shared/facts/fibre-attenuation.facts.js';
import { MODULE_POWER_CLASSES } from '../../../src/shared/facts/module-power.facts.js';
import { OPTICAL_PARAMETERS } from '../../../src/shared/facts/optical-parameters.facts.js';
import { byKey, loadCommittedDataset } from './seed-test-data.js';

/**
 * Every engineering fact has one home (src/shared/facts and the seed's fact tables); every feature that states one
 * (datasheets, transport planner, FAQ, search-seed datasheets, blog rules, the docs) must state the same value.
 * Each block walks one fact table and fails on the first feature that says otherwise.
 */
const ROOT = join(import.meta.dirname, '../../..');
const data = loadCommittedDataset();
const standards = byKey(data.standards, 'name');
const read = (path: string): string => readFileSync(join(ROOT, path), 'utf8');
const DOCS = [
  'README.md',
  ...readdirSync(join(ROOT, 'docs'))
    .filter((f) => f.endsWith('.md'))
    .map((f) => `docs/${f}`),
];
const FAQ = JSON.parse(read('resources/seed/content/faq.json')) as Array<{ id: string; answer: string }>;
const SEARCH_DATASHEETS = JSON.parse(read('resources/seed/content/datasheets.json')) as Array<{
  part_number: string;
  sections: Array<{ section: string; content: string }>;
}>;
const operatorProduct = (partNumber: string) => data.transceivers.find((t) => t.vendor_id === 'operator' && t.part_number === partNumber);

/** Markdown table rows as cells, with the header of their table. */
function markdownTables(text: string): Array<{ header: string[]; row: string[] }> {
  const out: Array<{ header: string[]; row: string[] }> = [];
  let header: string[] | null = null;
  for (const line of text.split('\n')) {
    if (!line.startsWith('|')) {
      header = null;
      continue;
    }
    const cells = line
      .split('|')
      .slice(1, -1)
      .map((c) => c.trim());
    if (header === null) header = cells;
    else if (!cells.every((c) => /^-+$/.test(c))) out.push({ header, row: cells });
  }
  return out;
}

describe('optical parameters (src/shared/facts/optical-parameters.facts.ts)', () => {
  it('name standards of the catalogue, and each cites its document', () => {
    for (const [name, params] of Object.entries(OPTICAL_PARAMETERS)) {
      expect(standards.has(name), name).toBe(true);
      expect(params.source.length, name).toBeGreaterThan(20);
      expect(params.basis === 'estimate', name).toBe(params.source.startsWith('Estimate:'));
    }
  });

  it('are the launch and receive levels, wavelength and reach the transport planner uses', () => {
    for (const optic of [...GREY_OPTICS, ...COHERENT_OPTICS]) {
      const params = OPTICAL_PARAMETERS[optic.standard]!;
      expect([optic.launchDbm, optic.rxSensitivityDbm], optic.standard).toEqual([params.txMinDbm, params.rxMinDbm]);
      const standard = standards.get(optic.standard)!;
      expect(optic.wavelengthNm, optic.standard).toBe(Math.min(...(JSON.parse(String(standard.wavelengths)) as number[])));
      if (optic.kind === 'grey') expect(optic.unamplifiedReachKm * 1000, optic.standard).toBe(standard.reach_meters);
    }
  });

  it('are what the search seed datasheets print for the operator products they describe', () => {
    let compared = 0;
    for (const sheet of SEARCH_DATASHEETS) {
      const text = sheet.sections.map((s) => s.content).join(' ');
      const launch = /launch power between (-?[\d.]+) dBm and \+?(-?[\d.]+) dBm/.exec(text);
      const receive = /minimum average receive power (-?[\d.]+) dBm/i.exec(text);
      if (launch === null && receive === null) continue;
      const params = OPTICAL_PARAMETERS[String(operatorProduct(sheet.part_number)!.standard)]!;
      if (launch !== null) expect([Number(launch[1]), Number(launch[2])], sheet.part_number).toEqual([params.txMinDbm, params.txMaxDbm]);
      if (receive !== null) expect(Number(receive[1]), sheet.part_number).toBe(params.rxMinDbm);
      compared++;
    }
    expect(compared).toBeGreaterThan(0);
  });

  it('are what the docs print in their launch and sensitivity tables', () => {
    let compared = 0;
    for (const doc of DOCS) {
      for (const { header, row } of markdownTables(read(doc))) {
        const params = OPTICAL_PARAMETERS[row[0]!];
        const launch = header.findIndex((h) => /^Launch/i.test(h));
        const sensitivity = header.findIndex((h) => /^(Sensitivity|RX)/i.test(h));
        if (params === undefined || launch < 0 || sensitivity < 0) continue;
        expect([Number(row[launch]), Number(row[sensitivity])], `${doc}: ${row[0]}`).toEqual([params.txMinDbm, params.rxMinDbm]);
        compared++;
      }
    }
    expect(compared).toBeGreaterThan(5);
  });

  it('give the margins the docs quote for a standard over a distance', () => {
    let compared = 0;
    for (const doc of DOCS) {
      for (const m of read(doc).matchAll(/\b([\w.+-]+) over (\d+(?:\.\d+)?) km\b(?:[^.\n]|\.\d)*?\bmargin\b(?:[^.\n]|\.\d)*?(-?\d+\.\d+) dB(?!\/)/g)) {
        if (OPTICAL_PARAMETERS[m[1]!] === undefined) continue;
        const standard = standards.get(m[1]!)!;
        const wavelengths = JSON.parse(String(standard.wavelengths)) as number[];
        const { budget } = powerBudget({ standard: m[1]!, fiber_type: 'SMF', wavelengths, reach_meters: Number(m[2]) * 1000, lanes: Number(standard.lanes) });
        expect(Number(m[3]), `${doc}: "${m[0]}"`).toBe(budget!.margin_db);
        compared++;
      }
    }
    expect(compared).toBeGreaterThan(0);
  });
});

describe('fibre attenuation per band (src/shared/facts/fibre-attenuation.facts.ts)', () => {
  it('covers each fibre type without gaps, each band citing its source', () => {
    for (const fibre of ['SMF', 'MMF'] as const) {
      const bands = FIBRE_ATTENUATION_BANDS.filter((b) => b.fibre === fibre);
      for (let i = 1; i < bands.length; i++) expect(bands[i]!.fromNm, fibre).toBe(bands[i - 1]!.toNm);
    }
    for (const band of FIBRE_ATTENUATION_BANDS) expect(band.source.length).toBeGreaterThan(20);
  });

  it('is the loss the planner gives a DWDM line section', () => {
    expect(LINE_DB_PER_KM).toBe(attenuationBand('SMF', 1550).dbPerKm);
  });

  it('is what the FAQ and the docs say a band loses ("0.4 dB/km at 1310 nm")', () => {
    const texts = [...FAQ.map((f) => ({ where: `faq ${f.id}`, text: f.answer })), ...DOCS.map((d) => ({ where: d, text: read(d) }))];
    let compared = 0;
    for (const { where, text } of texts) {
      for (const m of text.matchAll(/(\d+(?:\.\d+)?) dB\/km at (\d{3,4}) nm/g)) {
        const nm = Number(m[2]);
        const fibre = nm < 1000 || /multimode|MMF/i.test(text.slice(Math.max(0, m.index - 80), m.index)) ? 'MMF' : 'SMF';
        expect(Number(m[1]), `${where}: "${m[0]}"`).toBe(attenuationBand(fibre, nm).dbPerKm);
        compared++;
      }
    }
    expect(compared).toBeGreaterThanOrEqual(2);
  });
});

describe('power per module class (src/shared/facts/module-power.facts.ts)', () => {
  it('names catalogue standards and form factors, within the form factor power class', () => {
    const formFactors = byKey(data.form_factors, 'name');
    for (const c of MODULE_POWER_CLASSES) {
      expect(standards.has(c.standard), c.standard).toBe(true);
      expect(formFactors.has(c.formFactor), c.formFactor).toBe(true);
      expect(c.rangeW[0] <= c.typicalW && c.typicalW <= c.rangeW[1], `${c.standard} ${c.formFactor}`).toBe(true);
      const ceiling = POWER_CLASSES.find((p) => p.formFactor === c.formFactor)!.maxW;
      expect(c.rangeW[1], `${c.standard} ${c.formFactor}`).toBeLessThanOrEqual(ceiling);
    }
  });

  it('stays within the maximum power the search seed datasheets print for the operator products', () => {
    let compared = 0;
    for (const sheet of SEARCH_DATASHEETS) {
      const text = sheet.sections.map((s) => s.content).join(' ');
      const stated = /(?:Maximum power|power consumption below) (\d+(?:\.\d+)?) W/i.exec(text);
      const power = operatorProduct(sheet.part_number)?.power_w;
      if (stated === null || power === null || power === undefined) continue;
      expect(Number(power), sheet.part_number).toBeLessThanOrEqual(Number(stated[1]));
      compared++;
    }
    expect(compared).toBeGreaterThan(3);
  });

  it("is judged by the blog's per-port rule with the figures the rule's text states", () => {
    const rule = HARD_RULES.find((r) => r.id === 'power_per_port')!.text;
    const [, lo400, hi400, lo800, hi800] = /(\d+) to (\d+) W at 400G and about (\d+) to (\d+) W at 800G/.exec(rule)!.map(Number);
    expect(POWER_PER_PORT_W).toEqual({ 400: [lo400, hi400], 800: [lo800, hi800] });
  });
});
