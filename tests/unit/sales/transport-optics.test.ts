import { describe, expect, it } from 'vitest';
import { parseCapacity } from '../../../src/service/features/sales/transport/transport.capacity.js';
import { powerBudget } from '../../../src/service/features/sales/datasheets/power-budget.rules.js';
import {
  amplifiedSections,
  chooseSpanOptics,
  COHERENT_OPTICS,
  GREY_OPTICS,
  LINE_SECTION,
  opticLink,
  PLANNING,
  sectionBudget,
  splicesIn,
} from '../../../src/service/features/sales/transport/transport.optics.js';

const ALL = new Set([...GREY_OPTICS, ...COHERENT_OPTICS].map((o) => o.standard));
const choose = (spanKm: number, speedGbps: number, count = 1, preferCoherent = false, sellable: ReadonlySet<string> = ALL, crossesWater = false) =>
  chooseSpanOptics({ spanKm, count, speedGbps, preferCoherent, sellable, crossesWater });
const optic = (standard: string) => [...GREY_OPTICS, ...COHERENT_OPTICS].find((o) => o.standard === standard)!;

describe('optical budget arithmetic', () => {
  it("loses 0.4 dB/km at 1310 nm on a grey optic link, with its standard's 2 dB connection allocation: 100GBASE-ER4 over 40 km closes at 0.0 dB, as on its datasheet", () => {
    const b = sectionBudget(40, -2.9, -20.9, 'optic', opticLink(optic('100GBASE-ER4'), 40));
    expect(b).toMatchObject({ attenuation_db_per_km: 0.4, fiber_loss_db: 16, connector_loss_db: 2, splice_loss_db: 0, total_loss_db: 18, margin_db: 0 });
    const datasheet = powerBudget({ standard: '100GBASE-ER4', fiber_type: 'SMF', wavelengths: [1295.56], reach_meters: 40_000, lanes: 4 }).budget!;
    expect(b.margin_db).toBe(datasheet.margin_db);
  });

  it("reads launch and sensitivity from the datasheets' table: 25GBASE-LR receives down to -13.3 dBm", () => {
    expect(optic('25GBASE-LR')).toMatchObject({ launchDbm: -7, rxSensitivityDbm: -13.3 });
    for (const o of [...GREY_OPTICS, ...COHERENT_OPTICS]) {
      const datasheet = powerBudget({ standard: o.standard, fiber_type: 'SMF', wavelengths: [o.wavelengthNm], reach_meters: null, lanes: 1 }).budget!;
      expect([o.launchDbm, o.rxSensitivityDbm], o.standard).toEqual([datasheet.tx_power_min_dbm, datasheet.rx_sensitivity_dbm]);
    }
  });

  it('adds C-band fibre at 0.25 dB/km, two 0.5 dB connectors and a 0.1 dB splice every 4 km on an amplifier section', () => {
    const b = sectionBudget(40, -2.9, -20.9, 'amplifier', LINE_SECTION);
    expect(b.fiber_loss_db).toBe(10);
    expect(b.connector_loss_db).toBe(1);
    expect(splicesIn(40)).toBe(9);
    expect(b.splice_loss_db).toBe(0.9);
    expect(b.total_loss_db).toBe(11.9);
    expect(b.margin_db).toBe(6.1); // -2.9 - 11.9 - (-20.9)
    expect(b.required_margin_db).toBe(PLANNING.requiredMarginDb);
  });

  it('counts no splice on a section shorter than one cable reel', () => {
    expect(splicesIn(3.5)).toBe(0);
    expect(splicesIn(4)).toBe(0);
    expect(splicesIn(4.1)).toBe(1);
    expect(sectionBudget(2, 0, -10, 'amplifier', LINE_SECTION).total_loss_db).toBe(1.5);
  });
});

describe('optic choice by span length and rate', () => {
  it('picks the shortest-reach grey optic of the client speed that still leaves the 3 dB margin', () => {
    expect(choose(3, 100)!.optic.standard).toBe('100GBASE-LR4');
    // 5 km leaves 6.3 - 2 - 2 = 2.3 dB on LR4, under the margin: ER4 takes it, up to 32.5 km (18 - 13 - 2 = 3 dB).
    expect(choose(5, 100)!.optic.standard).toBe('100GBASE-ER4');
    expect(choose(32.5, 100)!.optic.standard).toBe('100GBASE-ER4');
    expect(choose(33, 100)!.optic.kind).toBe('coherent');
    expect(choose(3, 10)!.optic.standard).toBe('10GBASE-LR');
    expect(choose(60, 10)!.optic.standard).toBe('10GBASE-ZR');
    expect(choose(30, 25)!.optic.standard).toBe('25GBASE-ER');
    expect(choose(3, 400)!.optic.standard).toBe('400G-LR4-10');
  });

  it('sends each client over its own pair of grey optics', () => {
    const span = choose(20, 100, 4)!;
    expect(span.optic.kind).toBe('grey');
    expect(span.modules).toBe(8);
    expect(span.wavelengths).toBeNull();
    expect(span.amplified).toBe(false);
  });

  it('goes coherent where no grey optic reaches: 400ZR unamplified, 400ZR amplified to 120 km, then OpenZR+', () => {
    const short = choose(20, 400)!;
    expect(short.budget!.attenuation_db_per_km).toBe(0.25);
    expect(short.optic.standard).toBe('400ZR');
    expect(short.amplified).toBe(false);
    expect(short.budget!.levels_from).toBe('optic');

    const metro = choose(100, 100, 4)!;
    expect(metro.optic.standard).toBe('400ZR');
    expect(metro.amplified).toBe(true);
    expect(metro.wavelengths).toBe(1);
    expect(metro.modules).toBe(2);

    const regional = choose(300, 100, 4)!;
    expect(regional.optic.standard).toBe('OpenZR+');
    expect(regional.regenerationSites).toBe(0);
  });

  it('sizes coherent wavelengths as the aggregate over 400G', () => {
    expect(choose(300, 100, 5)!.wavelengths).toBe(2);
    expect(choose(300, 800, 1)!.wavelengths).toBe(2);
    expect(choose(300, 10, 8)!.wavelengths).toBe(1);
  });

  it('prefers coherent on request even where grey reaches', () => {
    expect(choose(5, 100, 1, true)!.optic.kind).toBe('coherent');
  });

  it('never chooses an optic the operator does not sell', () => {
    const noEr4 = new Set([...ALL].filter((s) => s !== '100GBASE-ER4'));
    expect(choose(30, 100, 1, false, noEr4)!.optic.standard).toBe('400ZR');
    expect(choose(300, 100, 1, false, new Set(['100GBASE-LR4']))).toBeNull();
  });
});

describe('amplifier sites and regeneration', () => {
  it('places in-line amplifiers so every section keeps the margin and stays within 80 km', () => {
    // 76 km: 19 + 1 + 1.8 = 21.8 dB of the amplifier's 25 dB, 3.2 dB left; 77 km would leave 2.85 dB.
    expect(amplifiedSections(76)).toBe(1);
    expect(amplifiedSections(77)).toBe(2);
    const span = choose(414, 100, 4)!;
    expect(span.sections).toBe(6);
    expect(span.inlineAmplifierSites).toBe(5);
    expect(span.budget!.section_km).toBe(69);
    expect(span.budget!.margin_db).toBeGreaterThanOrEqual(PLANNING.requiredMarginDb);
    expect(span.budget!.levels_from).toBe('amplifier');
  });

  it('regenerates a span longer than the optic reaches amplified, with two modules per wavelength per piece', () => {
    const span = choose(1200, 100, 4)!;
    expect(span.optic.standard).toBe('OpenZR+');
    expect(span.regenerationSites).toBe(2); // three pieces of 400 km
    expect(span.modules).toBe(2 * 1 * 3);
    expect(span.sections % 3).toBe(0);
    expect(span.inlineAmplifierSites).toBe(span.sections - 3);
    expect(choose(500, 100, 4)!.regenerationSites).toBe(0);
    expect(choose(501, 100, 4)!.regenerationSites).toBe(1);
  });
});

describe('routes across water', () => {
  it('never puts an in-line amplifier or regenerator on a crossing: 414 km London-Amsterdam is a leased subsea wavelength', () => {
    const span = choose(414, 100, 4, false, ALL, true)!;
    expect(span).toMatchObject({ carriage: 'leased_wavelength', inlineAmplifierSites: 0, regenerationSites: 0, budget: null, leasedCircuits: 4 });
    expect(span.optic.standard).toBe('100GBASE-LR4');
    expect(span.modules).toBe(8);
    // 800G clients are handed off as two 400G circuits each
    expect(choose(500, 800, 1, false, ALL, true)).toMatchObject({ leasedCircuits: 2, optic: { standard: '400G-LR4-10' } });
  });

  it('plans a crossing the budget closes end to end as an unrepeatered span', () => {
    const grey = choose(20, 100, 1, false, ALL, true)!;
    expect(grey).toMatchObject({ carriage: 'own_fibre', sections: 1, inlineAmplifierSites: 0 });
    // 60 km: one amplified section, terminals at the landings only
    const coherent = choose(60, 100, 4, false, ALL, true)!;
    expect(coherent).toMatchObject({ carriage: 'own_fibre', amplified: true, sections: 1, inlineAmplifierSites: 0 });
  });
});

describe('capacity', () => {
  it('reads clients and speed in the ways people write them', () => {
    expect(parseCapacity('4x100G')).toEqual({ count: 4, speed: '100G', speed_gbps: 100, total_gbps: 400 });
    expect(parseCapacity(' 4 X 100g ')).toMatchObject({ count: 4, speed: '100G' });
    expect(parseCapacity('400G')).toMatchObject({ count: 1, speed: '400G' });
    expect(parseCapacity('2×800G')).toMatchObject({ count: 2, total_gbps: 1600 });
  });

  it('refuses speeds and sizes the planner cannot build, naming the field', () => {
    expect(() => parseCapacity('4x1G')).toThrow(/body\/capacity speed 1G/);
    expect(() => parseCapacity('0x100G')).toThrow(/body\/capacity must have 1 to 64 clients/);
    expect(() => parseCapacity('65x100G')).toThrow(/body\/capacity/);
    expect(() => parseCapacity('64x800G')).toThrow(/exceeds 25.6T/);
    expect(() => parseCapacity('lots')).toThrow(/body\/capacity "lots" must look like/);
  });
});
