import { describe, expect, it } from 'vitest';
import { formatSpeed, parseSpeed, parseSpeedPrefix } from '../../../src/shared/speed.js';

describe('parseSpeed', () => {
  it('reads units: T is 1000 G, M is 1/1000 G, no unit is G, any case', () => {
    expect(parseSpeed('1.6T')).toBe(1600);
    expect(parseSpeed('1.6t')).toBe(1600);
    expect(parseSpeed('800G')).toBe(800);
    expect(parseSpeed('2.5G')).toBe(2.5);
    expect(parseSpeed('100M')).toBe(0.1);
    expect(parseSpeed('400')).toBe(400);
    expect(parseSpeed(' 25g ')).toBe(25);
    expect(parseSpeed('1.6 T')).toBe(1600);
  });

  it('refuses anything else, leaving the wording to the caller', () => {
    for (const text of ['', 'G', '1 6T', '400Gbps', '-1', '1e3', '400ZR']) expect(parseSpeed(text), text).toBeUndefined();
  });
});

describe('parseSpeedPrefix', () => {
  it('reads a speed that begins a name, with its unit spelled out or not', () => {
    expect(parseSpeedPrefix('400ZR')).toEqual({ gbps: 400, rest: 'ZR' });
    expect(parseSpeedPrefix('1.6T')).toEqual({ gbps: 1600, rest: '' });
    expect(parseSpeedPrefix('100GbE')).toEqual({ gbps: 100, rest: '' });
    expect(parseSpeedPrefix('CPO')).toBeUndefined();
  });
});

describe('formatSpeed', () => {
  it('writes speeds as the trade does: T from 1000 G, M below 1 G', () => {
    expect(formatSpeed(1600)).toBe('1.6T');
    expect(formatSpeed(1000)).toBe('1T');
    expect(formatSpeed(800)).toBe('800G');
    expect(formatSpeed(2.5)).toBe('2.5G');
    expect(formatSpeed(0.1)).toBe('100M');
  });

  it('formats every value so that it parses back to the same number', () => {
    for (const gbps of [0.1, 0.25, 1, 2.5, 10, 25, 40, 100, 400, 800, 1000, 1600, 3200]) expect(parseSpeed(formatSpeed(gbps)), String(gbps)).toBe(gbps);
  });
});
