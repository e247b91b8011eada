import { describe, expect, it } from 'vitest';
import { snapshotAge } from '../../../src/renderer/src/components/snapshot-age.js';
import { translate } from '../../../src/renderer/src/i18n/translate.js';

describe("the header's team snapshot age", () => {
  it('says minutes below two hours, hours below two days, then days', () => {
    expect(snapshotAge(0)).toEqual({ key: 'source.ageMinutes', count: 0 });
    expect(snapshotAge(7199)).toEqual({ key: 'source.ageMinutes', count: 119 });
    expect(snapshotAge(7200)).toEqual({ key: 'source.ageHours', count: 2 });
    expect(snapshotAge(172_799)).toEqual({ key: 'source.ageHours', count: 47 });
    expect(snapshotAge(3 * 86_400 + 5)).toEqual({ key: 'source.ageDays', count: 3 });
  });

  it('reads in both languages', () => {
    const age = snapshotAge(3 * 3600);
    expect(translate('en', 'source.snapshot', { age: translate('en', age.key, { count: age.count }) })).toBe('Team snapshot, 3 h old');
    expect(translate('de', 'source.snapshot', { age: translate('de', age.key, { count: age.count }) })).toBe('Team-Stand, 3 Std. alt');
  });
});
