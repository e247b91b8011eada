import { describe, expect, it } from 'vitest';
import { powerBudget } from '../../../src/service/features/sales/datasheets/power-budget.rules.js';
import { loadCommittedDataset } from '../seed/seed-test-data.js';

describe('optical power budget', () => {
  it('works the 100GBASE-LR4 example: -4.3 dBm TX min, -10.6 dBm RX, 10 km of SMF at 1295 nm', () => {
    const { budget } = powerBudget({ standard: '100GBASE-LR4', fiber_type: 'SMF', wavelengths: [1309.14, 1295.56], reach_meters: 10_000, lanes: 4 });
    expect(budget).toMatchObject({
      per_lane: true,
      tx_power_min_dbm: -4.3,
      tx_power_max_dbm: 4.5,
      rx_sensitivity_dbm: -10.6,
      budget_db: 6.3, // -4.3 - (-10.6)
      wavelength_nm: 1295.56,
      attenuation_db_per_km: 0.4,
      fiber_loss_db: 4, // 10 km x 0.4 dB/km
      connection_allowance_db: 2,
      margin_db: 0.3, // 6.3 - 4 - 2
    });
  });

  it('uses the multimode attenuation at 850 nm and the 1.5 dB multimode allowance', () => {
    const { budget } = powerBudget({ standard: '1000BASE-SX', fiber_type: 'MMF', wavelengths: [850], reach_meters: 550, lanes: 1 });
    // 7.5 dB budget; 0.55 km x 3.5 dB/km = 1.925 -> 1.93 dB; the margin uses the printed figures, so a reader can redo
    // the sum: 7.5 - 1.93 - 1.5 = 4.07 dB
    expect(budget).toMatchObject({
      per_lane: false,
      budget_db: 7.5,
      attenuation_db_per_km: 3.5,
      fiber_loss_db: 1.93,
      connection_allowance_db: 1.5,
      margin_db: 4.07,
    });
  });

  it('leaves the fiber loss and margin open when the reach is unknown (0 or null), keeping the budget', () => {
    for (const reach of [0, null]) {
      const { budget } = powerBudget({ standard: '10GBASE-LR', fiber_type: 'SMF', wavelengths: [1310], reach_meters: reach, lanes: 1 });
      expect(budget).toMatchObject({ budget_db: 6.2, reach_meters: null, fiber_loss_db: null, margin_db: null });
    }
  });

  it('gives a reason instead of a budget for copper and for types without published parameters on file', () => {
    expect(powerBudget({ standard: '10GSFP+Cu', fiber_type: 'copper', wavelengths: [], reach_meters: 3, lanes: 1 })).toMatchObject({
      budget: null,
      reason: expect.stringContaining('copper'),
    });
    expect(powerBudget({ standard: '1000BASE-T', fiber_type: 'SMF', wavelengths: [], reach_meters: 100, lanes: 1 })).toMatchObject({
      budget: null,
      reason: expect.stringContaining('1000BASE-T'),
    });
  });

  it("uses Clause 86's own 1.0 dB connection allocation for 40GBASE-SR4 at 150 m on OM4, so the rated reach closes", () => {
    const { budget } = powerBudget({ standard: '40GBASE-SR4', fiber_type: 'MMF', wavelengths: [850], reach_meters: 150, lanes: 4 });
    // 1.9 dB budget - 0.53 dB fibre (0.15 km x 3.5) - 1.0 dB = 0.37 dB (with 1.5 dB for every reach it printed -0.13)
    expect(budget).toMatchObject({ connection_allowance_db: 1, margin_db: 0.37, margin_note: null });
    const om3 = powerBudget({ standard: '40GBASE-SR4', fiber_type: 'MMF', wavelengths: [850], reach_meters: 100, lanes: 4 }).budget;
    expect(om3).toMatchObject({ connection_allowance_db: 1.5, margin_db: 0.05 });
  });

  it('reads the attenuation of the wavelength band: 0.4 dB/km at 1310 nm, 0.25 dB/km at 1550 nm', () => {
    const er4 = powerBudget({ standard: '100GBASE-ER4', fiber_type: 'SMF', wavelengths: [1295.56], reach_meters: 40_000, lanes: 4 }).budget;
    // 18 dB budget - 16 dB fibre - 2 dB = 0.0 dB: the IEEE engineered-link limit
    expect(er4).toMatchObject({ attenuation_db_per_km: 0.4, fiber_loss_db: 16, margin_db: 0 });
    const er = powerBudget({ standard: '10GBASE-ER', fiber_type: 'SMF', wavelengths: [1550], reach_meters: 40_000, lanes: 1 }).budget;
    expect(er).toMatchObject({ attenuation_db_per_km: 0.25, fiber_loss_db: 10 });
  });

  it('has figures, with their source, for the types the transport planner uses', () => {
    for (const [standard, nm, lanes] of [
      ['10GBASE-ER', 1550, 1],
      ['25GBASE-ER', 1310, 1],
      ['40GBASE-ER4', 1271, 4],
      ['400G-LR4-10', 1271, 4],
      ['400ZR', 1528.77, 1],
    ] as const) {
      const result = powerBudget({ standard, fiber_type: 'SMF', wavelengths: [nm], reach_meters: 10_000, lanes });
      expect(result.reason, standard).toBeNull();
      expect(result.budget!.source.length, standard).toBeGreaterThan(20);
    }
  });

  it('never leaves a negative margin without its reason: an engineered link, or an amplified reach', () => {
    const er = powerBudget({ standard: '10GBASE-ER', fiber_type: 'SMF', wavelengths: [1550], reach_meters: 40_000, lanes: 1 }).budget!;
    expect(er.margin_db).toBeLessThan(0);
    expect(er.margin_note).toContain('engineered link');
    const zr = powerBudget({ standard: '400ZR', fiber_type: 'SMF', wavelengths: [1528.77], reach_meters: 120_000, lanes: 1 }).budget!;
    expect(zr.margin_note).toContain('amplified DWDM line');
  });

  it('gives every seeded product with a negative margin at its rated reach the reason, and only those', () => {
    let negative = 0;
    for (const t of loadCommittedDataset().transceivers) {
      const { budget } = powerBudget({
        standard: t.standard as string | null,
        fiber_type: String(t.fiber_type),
        wavelengths: JSON.parse(String(t.wavelengths)) as number[],
        reach_meters: t.reach_meters as number | null,
        lanes: t.lanes as number | null,
      });
      if (budget === null || budget.margin_db === null) continue;
      if (budget.margin_db < 0) negative++;
      expect(budget.margin_note !== null, `${String(t.slug)}: margin ${budget.margin_db}`).toBe(budget.margin_db < 0);
    }
    expect(negative).toBeGreaterThan(0);
  });
});
