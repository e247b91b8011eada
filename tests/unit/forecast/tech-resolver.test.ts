import { describe, expect, it } from 'vitest';
import { parseSpeedPrefix } from '../../../src/shared/speed.js';
import { resolveTechnology } from '../../../src/service/features/forecast/tech-resolver.js';

const TECHS = [
  { name: '1G', speed_gbps: 1 },
  { name: '10G', speed_gbps: 10 },
  { name: '25G', speed_gbps: 25 },
  { name: '40G', speed_gbps: 40 },
  { name: '100G', speed_gbps: 100 },
  { name: '400G', speed_gbps: 400 },
  { name: '800G', speed_gbps: 800 },
  { name: '1.6T', speed_gbps: 1600 },
  { name: 'CPO', speed_gbps: null },
  { name: 'LPO', speed_gbps: null },
  { name: '400ZR Coherent', speed_gbps: 400 },
];
const resolve = (q: string) => resolveTechnology(q, TECHS)?.name;

describe('technology resolution (exact name, then speed with unit)', () => {
  it('exact names, ignoring case, spaces, hyphens and underscores', () => {
    expect(resolve('400ZR Coherent')).toBe('400ZR Coherent');
    expect(resolve('400zr-coherent')).toBe('400ZR Coherent');
    expect(resolve('cpo')).toBe('CPO');
    expect(resolve('1.6t')).toBe('1.6T');
  });

  it('1.6T never resolves to 1G, whatever the spelling', () => {
    expect(resolve('1.6T')).toBe('1.6T');
    expect(resolve('1.6 T')).toBe('1.6T');
    expect(resolve('1.6Tb/s')).toBeUndefined();
    expect(resolve('1.6Tbps')).toBe('1.6T');
    expect(resolve('1600G')).toBe('1.6T');
    expect(resolve('1600')).toBe('1.6T');
    expect(resolve('1.6')).toBeUndefined();
    expect(resolve('1')).toBe('1G');
  });

  it('400 finds 400G, not the coherent 400ZR; trailing text narrows by name', () => {
    expect(resolve('400')).toBe('400G');
    expect(resolve('400GbE')).toBe('400G');
    expect(resolve('400ZR')).toBe('400ZR Coherent');
    expect(resolve('100')).toBe('100G');
    expect(resolve('10gbe')).toBe('10G');
  });

  it('unknown names and speeds resolve to nothing', () => {
    expect(resolve('3.2T')).toBeUndefined();
    expect(resolve('200G')).toBeUndefined();
    expect(resolve('banana')).toBeUndefined();
    expect(resolve('   ')).toBeUndefined();
  });

  it('parses units: T is 1000 G, no unit is G', () => {
    expect(parseSpeedPrefix('1.6T')).toEqual({ gbps: 1600, rest: '' });
    expect(parseSpeedPrefix('800')).toEqual({ gbps: 800, rest: '' });
    expect(parseSpeedPrefix('400ZR')).toEqual({ gbps: 400, rest: 'ZR' });
    expect(parseSpeedPrefix('CPO')).toBeUndefined();
  });
});
