import { describe, expect, it } from 'vitest';
import { parseSpeedGbps } from '../../../src/service/features/catalogue/common/catalogue.values.js';
import { parseCsv, parseJson } from '../../../src/service/features/catalogue/import/import.parse.js';
import { RowReader, slugify } from '../../../src/service/features/catalogue/import/import.values.js';
import { portSummary } from '../../../src/service/features/catalogue/switches/switches.service.js';

describe('parseSpeedGbps', () => {
  it('reads plain numbers and G/T/M units, with 1.6T = 1600', () => {
    expect(parseSpeedGbps('1.6T')).toBe(1600);
    expect(parseSpeedGbps('1.6t')).toBe(1600);
    expect(parseSpeedGbps('800G')).toBe(800);
    expect(parseSpeedGbps('400')).toBe(400);
    expect(parseSpeedGbps(' 25 G ')).toBe(25);
    expect(parseSpeedGbps('100M')).toBe(0.1);
    expect(parseSpeedGbps(1600)).toBe(1600);
  });

  it('refuses what is not a speed, naming the field', () => {
    expect(() => parseSpeedGbps('fast')).toThrow(/speed_gbps/);
    expect(() => parseSpeedGbps('0')).toThrow(/greater than 0/);
    expect(() => parseSpeedGbps('1.6 Tbps')).toThrow();
  });
});

describe('parseCsv', () => {
  it('numbers rows among the records and lines as in the file, across quoted line breaks and blank lines', () => {
    const records = parseCsv('a,b\n1,2\n"x\ny",3\n\n4,5\n');
    expect(records.map((r) => [r.row, r.line, r.values])).toEqual([
      [1, 2, { a: '1', b: '2' }],
      [2, 3, { a: 'x\ny', b: '3' }],
      [3, 6, { a: '4', b: '5' }],
    ]);
  });

  it('flags a record with the wrong number of fields and strips a byte-order mark', () => {
    const records = parseCsv('\ufeffa,b\r\n1,2,3\r\n');
    expect(Object.keys(records[0]!.values)).toEqual(['a', 'b']);
    expect(records[0]!.problem).toBe('has 3 fields but the header has 2');
  });

  it('refuses a header naming a column twice, and an unclosed quote', () => {
    expect(() => parseCsv('a,a\n1,2')).toThrow(/twice/);
    expect(() => parseCsv('a,b\n"1,2\n')).toThrow(/not valid CSV/);
  });
});

describe('parseJson', () => {
  it('finds the line on which each array element starts, ignoring brackets inside strings', () => {
    const text = '[\n  {"a": "[{,"},\n  {"a": 2,\n   "b": {"c": [1, 2]}},\n\n  {"a": 3}\n]';
    expect(parseJson(text).map((r) => r.line)).toEqual([2, 3, 6]);
    expect(parseJson('[{"a":1},{"a":2}]').map((r) => r.line)).toEqual([1, 1]);
  });

  it('marks elements that are not objects and refuses what is not an array', () => {
    expect(parseJson('[1, {"a": 1}]')[0]!.problem).toBe('is not a JSON object');
    expect(() => parseJson('{"a": 1}')).toThrow(/JSON array/);
    expect(() => parseJson('[{')).toThrow(/not valid JSON/);
  });
});

describe('RowReader', () => {
  it('collects every problem of a row with its field', () => {
    const r = new RowReader({ n: 'x', b: 'maybe', e: 'blue', l: '1310;abc', d: '2026-13-45', extra: 1 });
    r.number('n', { min: 0, max: 10 });
    r.boolean('b');
    r.oneOf('e', ['red', 'green'] as const);
    r.numberList('l', { min: 1, max: 2000 });
    r.timestamp('d');
    r.text('missing', { required: true });
    r.rejectUnknown(['n', 'b', 'e', 'l', 'd']);
    expect(r.problems.map((p) => p.field)).toEqual(['n', 'b', 'e', 'l', 'd', 'missing', 'extra']);
  });

  it('refuses numbers outside their range, naming the value as written', () => {
    const r = new RowReader({ big: '9007199254740993', inf: '1e400', list: '850;1e308', ok: '12' });
    expect(r.integer('big', { min: 0, max: 1000 })).toBeUndefined();
    expect(r.number('inf', { min: 0, max: 1000 })).toBeUndefined();
    expect(r.numberList('list', { min: 1, max: 2000 })).toBeUndefined();
    expect(r.integer('ok', { min: 0, max: 1000 })).toBe(12);
    expect(r.problems).toEqual([
      { field: 'big', reason: 'must be at most 1000 (got 9007199254740993)' },
      { field: 'inf', reason: 'must be a number (got "1e400")' },
      { field: 'list', reason: 'must hold numbers from 1 to 2000 (got 1e+308)' },
    ]);
  });

  it('reads lists, booleans and dates in their usual spellings', () => {
    const r = new RowReader({ l: '[1271, 1291;1311]', j: [850], b: 'yes', d: '2026-02-01', t: '2026-02-01 10:00:00Z', e: 'mmf' });
    expect(r.numberList('l', { min: 1, max: 2000 })).toEqual([1271, 1291, 1311]);
    expect(r.numberList('j', { min: 1, max: 2000 })).toEqual([850]);
    expect(r.boolean('b')).toBe(true);
    expect(r.timestamp('d')).toBe('2026-02-01T00:00:00.000Z');
    expect(r.timestamp('t')).toBe('2026-02-01T10:00:00.000Z');
    expect(r.oneOf('e', ['SMF', 'MMF'] as const)).toBe('MMF');
    expect(r.problems).toEqual([]);
  });

  it('tells an absent field from an empty one', () => {
    const r = new RowReader({ empty: '' });
    expect(r.has('empty')).toBe(true);
    expect(r.has('absent')).toBe(false);
    expect(r.text('empty')).toBeUndefined();
  });
});

describe('slugify and portSummary', () => {
  it('makes URL-safe slugs', () => {
    expect(slugify('fx-shop-a-QSFP-100G-LR4/S')).toBe('fx-shop-a-qsfp-100g-lr4-s');
    expect(slugify('Äöü  Modul')).toBe('aou-modul');
  });

  it('writes port layouts as data sheets do', () => {
    expect(
      portSummary([
        { port_count: 48, max_speed_gbps: 25, form_factor: 'SFP28' },
        { port_count: 8, max_speed_gbps: 400, form_factor: 'QSFP-DD' },
      ]),
    ).toBe('48 x 25G SFP28 + 8 x 400G QSFP-DD');
    expect(portSummary([{ port_count: 64, max_speed_gbps: 1600, form_factor: 'OSFP224' }])).toBe('64 x 1.6T OSFP224');
  });
});
