import { describe, expect, it } from 'vitest';
import { byKey, loadCommittedDataset, numbers } from './seed-test-data.js';

const standards = byKey(loadCommittedDataset().standards, 'name');
const CWDM4 = [1271, 1291, 1311, 1331];
const LAN_WDM4 = [1295.56, 1300.05, 1304.58, 1309.14];
const LAN_WDM8 = [1273.54, 1277.89, 1282.26, 1286.66, 1295.56, 1300.05, 1304.58, 1309.14];

/** Published values: IEEE 802.3 clauses, ITU-T G.98x, OIF and MSA documents. */
const FACTS: Array<{
  name: string;
  speed: number;
  lanes: number;
  medium: string;
  reach: number | null;
  wavelengths: number[];
  body: string;
  label?: string;
  connector?: string;
}> = [
  { name: '1000BASE-SX', speed: 1, lanes: 1, medium: 'multimode', reach: 550, wavelengths: [850], body: 'Clause 38' },
  { name: '1000BASE-LX', speed: 1, lanes: 1, medium: 'single-mode', reach: 5000, wavelengths: [1310], body: 'Clause 38' },
  { name: '1000BASE-T', speed: 1, lanes: 4, medium: 'copper', reach: 100, wavelengths: [], body: 'Clause 40', connector: 'RJ45' },
  { name: '10GBASE-SR', speed: 10, lanes: 1, medium: 'multimode', reach: 300, wavelengths: [850], body: 'Clause 52', label: '300 m (OM3)' },
  { name: '10GBASE-LR', speed: 10, lanes: 1, medium: 'single-mode', reach: 10000, wavelengths: [1310], body: 'Clause 52' },
  { name: '10GBASE-ER', speed: 10, lanes: 1, medium: 'single-mode', reach: 40000, wavelengths: [1550], body: 'Clause 52' },
  { name: '10GBASE-LRM', speed: 10, lanes: 1, medium: 'multimode', reach: 220, wavelengths: [1310], body: 'Clause 68' },
  { name: '25GBASE-SR', speed: 25, lanes: 1, medium: 'multimode', reach: 100, wavelengths: [850], body: 'Clause 112', label: '70 m (OM3)' },
  { name: '25GBASE-LR', speed: 25, lanes: 1, medium: 'single-mode', reach: 10000, wavelengths: [1310], body: 'Clause 114' },
  {
    name: '40GBASE-SR4',
    speed: 40,
    lanes: 4,
    medium: 'multimode',
    reach: 150,
    wavelengths: [850],
    body: 'Clause 86',
    label: '100 m (OM3)',
    connector: 'MPO-12',
  },
  { name: '40GBASE-LR4', speed: 40, lanes: 4, medium: 'single-mode', reach: 10000, wavelengths: CWDM4, body: 'Clause 87' },
  {
    name: '100GBASE-SR4',
    speed: 100,
    lanes: 4,
    medium: 'multimode',
    reach: 100,
    wavelengths: [850],
    body: 'Clause 95',
    label: '70 m (OM3) / 100 m (OM4)',
    connector: 'MPO-12',
  },
  { name: '100GBASE-LR4', speed: 100, lanes: 4, medium: 'single-mode', reach: 10000, wavelengths: LAN_WDM4, body: 'Clause 88', connector: 'LC' },
  { name: '100GBASE-ER4', speed: 100, lanes: 4, medium: 'single-mode', reach: 40000, wavelengths: LAN_WDM4, body: 'Clause 88' },
  { name: '100G-CWDM4', speed: 100, lanes: 4, medium: 'single-mode', reach: 2000, wavelengths: CWDM4, body: 'CWDM4 MSA' },
  { name: '100G-PSM4', speed: 100, lanes: 4, medium: 'single-mode', reach: 500, wavelengths: [1310], body: 'PSM4 MSA', connector: 'MPO-12' },
  { name: '100GBASE-DR', speed: 100, lanes: 1, medium: 'single-mode', reach: 500, wavelengths: [1311], body: 'Clause 140' },
  { name: '100GBASE-FR1', speed: 100, lanes: 1, medium: 'single-mode', reach: 2000, wavelengths: [1311], body: 'Clause 140' },
  { name: '200GBASE-SR4', speed: 200, lanes: 4, medium: 'multimode', reach: 100, wavelengths: [850], body: 'Clause 138' },
  { name: '200GBASE-DR4', speed: 200, lanes: 4, medium: 'single-mode', reach: 500, wavelengths: [1311], body: 'Clause 121' },
  { name: '200GBASE-FR4', speed: 200, lanes: 4, medium: 'single-mode', reach: 2000, wavelengths: CWDM4, body: 'Clause 122' },
  { name: '200GBASE-LR4', speed: 200, lanes: 4, medium: 'single-mode', reach: 10000, wavelengths: LAN_WDM4, body: 'Clause 122' },
  { name: '200GBASE-ER4', speed: 200, lanes: 4, medium: 'single-mode', reach: 40000, wavelengths: LAN_WDM4, body: 'Clause 122' },
  { name: '200GBASE-CR4', speed: 200, lanes: 4, medium: 'copper', reach: 3, wavelengths: [], body: 'Clause 136', connector: 'direct-attach' },
  {
    name: '400GBASE-SR8',
    speed: 400,
    lanes: 8,
    medium: 'multimode',
    reach: 100,
    wavelengths: [850],
    body: 'Clause 138',
    label: '100 m (OM4 and OM5)',
    connector: 'MPO-16',
  },
  { name: '400GBASE-DR4', speed: 400, lanes: 4, medium: 'single-mode', reach: 500, wavelengths: [1311], body: 'Clause 124', connector: 'MPO-12' },
  { name: '400GBASE-FR4', speed: 400, lanes: 4, medium: 'single-mode', reach: 2000, wavelengths: CWDM4, body: 'Clause 151' },
  { name: '400GBASE-LR4-6', speed: 400, lanes: 4, medium: 'single-mode', reach: 6000, wavelengths: CWDM4, body: 'Clause 151' },
  { name: '800GBASE-SR8', speed: 800, lanes: 8, medium: 'multimode', reach: 100, wavelengths: [850], body: '802.3df', connector: 'MPO-16' },
  { name: '800GBASE-DR8', speed: 800, lanes: 8, medium: 'single-mode', reach: 500, wavelengths: [1311], body: '802.3df', connector: 'MPO-16' },
  { name: '1.6TBASE-DR8', speed: 1600, lanes: 8, medium: 'single-mode', reach: 500, wavelengths: [1311], body: '802.3dj' },
  { name: '400GBASE-SR4.2', speed: 400, lanes: 8, medium: 'multimode', reach: 100, wavelengths: [850, 910], body: '802.3cm', label: '150 m (OM5)' },
  { name: '400GBASE-LR8', speed: 400, lanes: 8, medium: 'single-mode', reach: 10000, wavelengths: LAN_WDM8, body: '802.3bs', connector: 'LC' },
  { name: '400GBASE-ER8', speed: 400, lanes: 8, medium: 'single-mode', reach: 40000, wavelengths: LAN_WDM8, body: '802.3cn', connector: 'LC' },
  { name: '400GBASE-SR16', speed: 400, lanes: 16, medium: 'multimode', reach: 100, wavelengths: [850], body: '802.3bs', connector: 'MPO-32' },
  { name: '100GBASE-SR2', speed: 100, lanes: 2, medium: 'multimode', reach: 100, wavelengths: [850], body: '802.3cd' },
  { name: '100GBASE-CR1', speed: 100, lanes: 1, medium: 'copper', reach: 2, wavelengths: [], body: '802.3ck', connector: 'direct-attach' },
  { name: '200GBASE-CR2', speed: 200, lanes: 2, medium: 'copper', reach: 2, wavelengths: [], body: '802.3ck', connector: 'direct-attach' },
  { name: '100GBASE-VR1', speed: 100, lanes: 1, medium: 'multimode', reach: 50, wavelengths: [850], body: '802.3db', label: '50 m (OM4)' },
  { name: '100GBASE-SR1', speed: 100, lanes: 1, medium: 'multimode', reach: 100, wavelengths: [850], body: '802.3db', label: '100 m (OM4)' },
  { name: '400GBASE-VR4', speed: 400, lanes: 4, medium: 'multimode', reach: 50, wavelengths: [850], body: '802.3db' },
  { name: '800GBASE-VR8', speed: 800, lanes: 8, medium: 'multimode', reach: 50, wavelengths: [850], body: '802.3df', connector: 'MPO-16' },
  { name: '400GBASE-DR4-2', speed: 400, lanes: 4, medium: 'single-mode', reach: 2000, wavelengths: [1311], body: '802.3df' },
  { name: '800GBASE-DR8-2', speed: 800, lanes: 8, medium: 'single-mode', reach: 2000, wavelengths: [1311], body: '802.3df' },
  { name: '800GBASE-DR4', speed: 800, lanes: 4, medium: 'single-mode', reach: 500, wavelengths: [1311], body: '802.3dj' },
  { name: '800GBASE-FR4', speed: 800, lanes: 4, medium: 'single-mode', reach: 2000, wavelengths: CWDM4, body: '802.3dj', connector: 'LC' },
  { name: '200GBASE-DR1', speed: 200, lanes: 1, medium: 'single-mode', reach: 500, wavelengths: [1311], body: '802.3dj' },
  { name: '1.6TBASE-DR8-2', speed: 1600, lanes: 8, medium: 'single-mode', reach: 2000, wavelengths: [1311], body: '802.3dj' },
  {
    name: '400G-CWDM8',
    speed: 400,
    lanes: 8,
    medium: 'single-mode',
    reach: 2000,
    wavelengths: [1271, 1291, 1311, 1331, 1351, 1371, 1391, 1411],
    body: 'CWDM8 MSA',
  },
  { name: '800G-FR4', speed: 800, lanes: 4, medium: 'single-mode', reach: 2000, wavelengths: CWDM4, body: '800G Pluggable MSA' },
  { name: '400ZR', speed: 400, lanes: 1, medium: 'single-mode', reach: 120000, wavelengths: [1528.77, 1567.13], body: 'OIF' },
  { name: 'GPON', speed: 2.488, lanes: 1, medium: 'single-mode', reach: 20000, wavelengths: [1490, 1310], body: 'G.984' },
  { name: 'XG-PON1', speed: 9.953, lanes: 1, medium: 'single-mode', reach: 20000, wavelengths: [1577, 1270], body: 'G.987' },
  { name: 'NG-PON2', speed: 40, lanes: 4, medium: 'single-mode', reach: 40000, wavelengths: [1524, 1544, 1596, 1603], body: 'G.989' },
  { name: '25G-PON', speed: 25, lanes: 1, medium: 'single-mode', reach: 20000, wavelengths: [1358, 1270], body: '25GS-PON MSA' },
];

describe('standards in the data set', () => {
  it('has 86 entries, each with an English and a German description', () => {
    expect(standards.size).toBe(86);
    for (const s of standards.values()) {
      expect(String(s.description_en).length, String(s.name)).toBeGreaterThan(30);
      expect(String(s.description_de).length, String(s.name)).toBeGreaterThan(30);
      expect(s.description_de).not.toBe(s.description_en);
    }
  });

  it.each(FACTS)('$name carries the published speed, lanes, medium, reach and wavelengths', (fact) => {
    const s = standards.get(fact.name);
    expect(s, fact.name).toBeDefined();
    expect(s!.speed_gbps).toBe(fact.speed);
    expect(s!.lanes).toBe(fact.lanes);
    expect(s!.medium).toBe(fact.medium);
    expect(s!.reach_meters).toBe(fact.reach);
    expect(numbers(s!.wavelengths)).toEqual(fact.wavelengths);
    expect(String(s!.body)).toContain(fact.body);
    if (fact.label) expect(String(s!.reach_label)).toContain(fact.label);
    if (fact.connector) expect(s!.connector).toBe(fact.connector);
  });

  it('includes the whole 200G tier, the PON family, a 1.6T entry and ZR/ZR+ coherent', () => {
    for (const name of ['200GBASE-SR4', '200GBASE-DR4', '200GBASE-FR4', '200GBASE-LR4', '200GBASE-ER4', '200GBASE-CR4'])
      expect(standards.get(name)?.speed_gbps).toBe(200);
    for (const name of ['GPON', 'XG-PON1', 'NG-PON2', '25G-PON']) expect(standards.get(name)?.category).toBe('pon');
    expect([...standards.values()].filter((s) => s.speed_gbps === 1600).length).toBeGreaterThanOrEqual(1);
    expect(standards.get('OpenZR+')?.category).toBe('coherent');
    expect(String(standards.get('400ZR')?.modulation)).toContain('16QAM');
  });

  it('marks the non-IEEE types (ZX, 10G ZR, MSAs) as such', () => {
    for (const name of ['1000BASE-ZX', '10GBASE-ZR', '100G-CWDM4', '100G-PSM4', '400G-LR4-10']) {
      const s = standards.get(name)!;
      expect(s.category, name).toBe('ethernet-msa');
      expect(String(s.body), name).not.toMatch(/^IEEE 802\.3 Clause/);
    }
  });

  it('uses PAM4 from 50G per lane and NRZ below, and gives copper types no wavelengths', () => {
    for (const s of standards.values()) {
      const perLane = Number(s.speed_gbps) / Number(s.lanes);
      if (s.category === 'ethernet' && s.medium !== 'copper' && perLane >= 50) expect(s.modulation, String(s.name)).toBe('PAM4');
      if (s.category === 'ethernet' && perLane <= 25 && s.medium !== 'copper') expect(s.modulation, String(s.name)).toBe('NRZ');
      if (s.medium === 'copper') expect(numbers(s.wavelengths), String(s.name)).toEqual([]);
    }
  });
});
