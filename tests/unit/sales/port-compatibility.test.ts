import { describe, expect, it } from 'vitest';
import {
  acceptedFormFactors,
  breakoutsOf,
  cagesTaking,
  codingForMaker,
  codingMatch,
  GENERIC_CODING,
  moduleFitsPort,
} from '../../../src/service/features/sales/finder/port-compatibility.js';

const port = (form_factor: string, speeds_gbps: number[]) => ({ form_factor, speeds_gbps });
const mod = (form_factor: string, speed_gbps: number) => ({ form_factor, speed_gbps });

describe('port compatibility rules', () => {
  it('fits a module natively in its own cage at a speed the port runs', () => {
    expect(moduleFitsPort(port('QSFP28', [40, 100]), mod('QSFP28', 100))?.kind).toBe('native');
    expect(moduleFitsPort(port('OSFP', [100, 200, 400, 800]), mod('OSFP', 800))?.kind).toBe('native');
  });

  it('takes older modules of the same family backwards compatibly, naming the MSA', () => {
    const qsfpPlusInQsfp28 = moduleFitsPort(port('QSFP28', [40, 100]), mod('QSFP+', 40));
    expect(qsfpPlusInQsfp28).toMatchObject({ kind: 'backward' });
    expect(qsfpPlusInQsfp28?.reason).toContain('SFF-8665');
    expect(moduleFitsPort(port('SFP28', [1, 10, 25]), mod('SFP+', 10))?.kind).toBe('backward');
    expect(moduleFitsPort(port('SFP28', [1, 10, 25]), mod('SFP', 1))?.kind).toBe('backward');
    expect(moduleFitsPort(port('QSFP-DD', [100, 200, 400]), mod('QSFP28', 100))?.reason).toContain('QSFP-DD MSA');
    expect(moduleFitsPort(port('QSFP-DD', [100, 200, 400]), mod('QSFP56', 200))?.kind).toBe('backward');
    expect(moduleFitsPort(port('QSFP-DD800', [100, 200, 400, 800]), mod('QSFP-DD', 400))?.kind).toBe('backward');
  });

  it('refuses a speed the port does not run, even in the right cage', () => {
    // A QSFP-DD port listed at 100/200/400G does not run 40G, so a QSFP+ module is no fit there.
    expect(moduleFitsPort(port('QSFP-DD', [100, 200, 400]), mod('QSFP+', 40))).toBeNull();
    expect(moduleFitsPort(port('SFP+', [1, 10]), mod('SFP28', 25))).toBeNull();
    expect(moduleFitsPort(port('QSFP28', [40, 100]), mod('QSFP56', 200))).toBeNull();
    // SONET rates are not Ethernet port speeds.
    expect(moduleFitsPort(port('SFP+', [1, 10]), mod('SFP+', 9.953))).toBeNull();
  });

  it('never fits across families: OSFP modules in QSFP-DD cages, QSFP modules in OSFP cages, newer modules in older cages', () => {
    expect(moduleFitsPort(port('QSFP-DD', [100, 200, 400]), mod('OSFP', 400))).toBeNull();
    expect(moduleFitsPort(port('OSFP', [100, 200, 400]), mod('QSFP-DD', 400))).toBeNull();
    expect(moduleFitsPort(port('OSFP', [100, 200, 400]), mod('QSFP28', 100))).toBeNull();
    expect(moduleFitsPort(port('QSFP28', [40, 100, 400]), mod('QSFP-DD', 400))).toBeNull();
    // A 400G QSFP-DD host runs 8 x 50G lanes, not the 4 x 100G of a QSFP112.
    expect(moduleFitsPort(port('QSFP-DD', [100, 200, 400]), mod('QSFP112', 400))).toBeNull();
    expect(moduleFitsPort(port('CFP2', [100]), mod('CFP', 100))).toBeNull();
  });

  it('lists the cages a module takes and the modules a cage takes consistently', () => {
    expect(acceptedFormFactors('QSFP28')).toEqual(['QSFP28', 'QSFP+']);
    expect(cagesTaking('QSFP28')).toEqual(expect.arrayContaining(['QSFP28', 'QSFP56', 'QSFP112', 'QSFP-DD', 'QSFP-DD800']));
    expect(cagesTaking('QSFP28')).not.toContain('OSFP');
    for (const cage of cagesTaking('SFP+')) expect(acceptedFormFactors(cage)).toContain('SFP+');
  });

  it('breaks 400G DR4 out to 4 x 100G DR and 100G PSM4 to 4 x 25G; WDM modules do not break out', () => {
    expect(breakoutsOf('400GBASE-DR4')).toEqual([expect.objectContaining({ count: 4, far_end_speed_gbps: 100, far_end_standards: ['100GBASE-DR'] })]);
    expect(breakoutsOf('100G-PSM4')).toEqual([expect.objectContaining({ count: 4, far_end_speed_gbps: 25, far_end_standards: ['25GBASE-LR'] })]);
    expect(breakoutsOf('800GBASE-DR8').map((b) => b.count)).toEqual([8, 2]);
    expect(breakoutsOf('100GBASE-LR4')).toEqual([]);
    expect(breakoutsOf('400GBASE-FR4')).toEqual([]);
    expect(breakoutsOf(null)).toEqual([]);
  });

  it('names the coding per switch maker and classifies a product coding against it', () => {
    expect(codingForMaker('cisco')).toBe('Cisco');
    expect(codingForMaker('hpe')).toBe('HPE Aruba');
    expect(codingForMaker('nvidia')).toBe('NVIDIA');
    expect(codingForMaker('some-white-box')).toBe(GENERIC_CODING);
    expect(codingMatch('Juniper', 'juniper')).toBe('maker');
    expect(codingMatch('Cisco', 'juniper')).toBe('other');
    expect(codingMatch(GENERIC_CODING, 'juniper')).toBe('generic');
    expect(codingMatch(null, 'some-white-box')).toBe('generic');
  });
});
