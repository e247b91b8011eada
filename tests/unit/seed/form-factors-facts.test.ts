import { describe, expect, it } from 'vitest';
import { byKey, loadCommittedDataset } from './seed-test-data.js';

const formFactors = byKey(loadCommittedDataset().form_factors, 'name');

/** Lanes and top speed as defined by the SFF/QSFP/OSFP/CFP multi-source agreements. */
const FACTS: Array<[name: string, channels: number, maxGbps: number, supersedes: string | null]> = [
  ['SFP', 1, 4.25, null],
  ['SFP+', 1, 10, 'SFP'],
  ['SFP28', 1, 25, 'SFP+'],
  ['SFP56', 1, 50, 'SFP28'],
  ['SFP112', 1, 100, 'SFP56'],
  ['XFP', 1, 10, null],
  ['QSFP+', 4, 40, null],
  ['QSFP28', 4, 100, 'QSFP+'],
  ['QSFP56', 4, 200, 'QSFP28'],
  ['QSFP112', 4, 400, 'QSFP56'],
  ['QSFP-DD', 8, 400, 'QSFP56'],
  ['QSFP-DD800', 8, 800, 'QSFP-DD'],
  ['OSFP', 8, 800, null],
  ['OSFP224', 8, 1600, 'OSFP'],
  ['CFP', 10, 100, null],
  ['CFP2', 4, 400, 'CFP'],
  ['CFP4', 4, 100, 'CFP2'],
  ['CFP8', 16, 400, 'CFP4'],
  ['CXP', 12, 120, null],
];

describe('form factors in the data set', () => {
  it('has about 20 entries with bilingual descriptions and a status', () => {
    expect(formFactors.size).toBe(20);
    for (const f of formFactors.values()) {
      expect(String(f.description_en).length).toBeGreaterThan(15);
      expect(String(f.description_de).length).toBeGreaterThan(15);
      expect(['emerging', 'mainstream', 'mature', 'legacy']).toContain(f.status);
      expect(f.full_name).not.toBe('');
    }
  });

  it.each(FACTS)('%s has %i channels, up to %i Gb/s, predecessor %s', (name, channels, maxGbps, supersedes) => {
    const f = formFactors.get(name);
    expect(f, name).toBeDefined();
    expect(f!.channels).toBe(channels);
    expect(f!.max_speed_gbps).toBe(maxGbps);
    expect(f!.supersedes).toBe(supersedes);
  });

  it('has predecessors that exist, without cycles', () => {
    for (const start of formFactors.values()) {
      const seen = new Set<string>();
      let current: string | null = String(start.name);
      while (current !== null) {
        expect(seen.has(current), `cycle at ${current}`).toBe(false);
        seen.add(current);
        const f = formFactors.get(current);
        expect(f, current).toBeDefined();
        current = f!.supersedes === null ? null : String(f!.supersedes);
      }
    }
  });

  it('marks the legacy parts as legacy', () => {
    for (const name of ['XFP', 'CFP', 'CFP4', 'CFP8', 'CXP']) expect(formFactors.get(name)?.status).toBe('legacy');
  });
});
