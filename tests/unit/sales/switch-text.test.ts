import { describe, expect, it } from 'vitest';
import { closestSwitches, editDistance, matchSwitches, normaliseText } from '../../../src/service/features/sales/finder/switch-text.rules.js';

const sw = (slug: string, vendor_id: string, vendor_name: string, model: string, series: string | null = null) => ({
  id: `id-${slug}`,
  slug,
  vendor_id,
  vendor_name,
  model,
  series,
});
const SWITCHES = [
  sw('cisco-nexus-93180yc-ex', 'cisco', 'Cisco', 'Nexus 93180YC-EX', 'Nexus 9300-EX'),
  sw('cisco-nexus-93180yc-fx', 'cisco', 'Cisco', 'Nexus 93180YC-FX', 'Nexus 9300-FX'),
  sw('cisco-catalyst-9500-32c', 'cisco', 'Cisco', 'Catalyst 9500-32C', 'Catalyst 9500'),
  sw('arista-7280sr3-48yc8', 'arista', 'Arista Networks', '7280SR3-48YC8', '7280R3'),
  sw('juniper-qfx5120-48y', 'juniper', 'Juniper Networks', 'QFX5120-48Y', 'QFX5120'),
  sw('nvidia-sn2700', 'nvidia', 'NVIDIA', 'SN2700', 'Spectrum SN2000'),
];
const best = (text: string) => matchSwitches(SWITCHES, text)[0];

describe('switch text matching', () => {
  it('ignores case, spaces, dashes, dots and slashes', () => {
    expect(normaliseText(' N9K-C93180YC.FX / ')).toBe('n9kc93180ycfx');
  });

  it("matches the makers' ordering ids exactly", () => {
    expect(best('N9K-C93180YC-FX')).toMatchObject({ kind: 'exact', item: { slug: 'cisco-nexus-93180yc-fx' } });
    expect(best('C9500-32C')).toMatchObject({ kind: 'exact', item: { slug: 'cisco-catalyst-9500-32c' } });
    expect(best('DCS-7280SR3-48YC8')).toMatchObject({ kind: 'exact', item: { slug: 'arista-7280sr3-48yc8' } });
    expect(best('MSN2700')).toMatchObject({ kind: 'exact', item: { slug: 'nvidia-sn2700' } });
    expect(best('cisco nexus 93180yc-ex')).toMatchObject({ kind: 'exact', item: { slug: 'cisco-nexus-93180yc-ex' } });
  });

  it('ranks id and slug over text, then exact, prefix, substring (model or series) and words', () => {
    expect(best('id-juniper-qfx5120-48y')?.kind).toBe('id');
    expect(best('JUNIPER-QFX5120-48Y')?.kind).toBe('slug');
    expect(best('qfx5120')?.kind).toBe('prefix');
    expect(best('7280R3')).toMatchObject({ kind: 'substring', item: { slug: 'arista-7280sr3-48yc8' } });
    expect(best('networks 48yc8')).toMatchObject({ kind: 'words', item: { slug: 'arista-7280sr3-48yc8' } });
    const ambiguous = matchSwitches(SWITCHES, '93180YC').map((m) => m.item.slug);
    expect(ambiguous).toEqual(['cisco-nexus-93180yc-ex', 'cisco-nexus-93180yc-fx']);
    expect(matchSwitches(SWITCHES, 'Nexus 93180ZZ')).toEqual([]);
  });

  it('names the closest models by edit distance', () => {
    expect(editDistance('kitten', 'sitting')).toBe(3);
    expect(editDistance('', 'abc')).toBe(3);
    expect(editDistance('same', 'same')).toBe(0);
    expect(closestSwitches(SWITCHES, 'Nexus 93180ZZ-FX', 2).map((s) => s.slug)).toEqual(['cisco-nexus-93180yc-fx', 'cisco-nexus-93180yc-ex']);
    expect(closestSwitches(SWITCHES, 'QFX5102', 1)[0]?.slug).toBe('juniper-qfx5120-48y');
  });
});
