import type { PowerBudget } from '../../../../shared/api/sales/datasheets.schemas.js';
import { CONNECTION_ALLOWANCE_DB, FIBER_ATTENUATION, OPTICAL_PARAMETERS } from './optical-parameters.facts.js';

/** What the budget reads from a product. */
export interface BudgetInput {
  standard: string | null;
  fiber_type: string;
  wavelengths: readonly number[];
  reach_meters: number | null;
  lanes: number | null;
}

/** dB and dBm to two decimals, so 0.1 + 0.2 prints as 0.3. */
const round2 = (value: number): number => Math.round(value * 100) / 100;

/** The budget, or the reason a product has none. */
export type BudgetResult = { budget: PowerBudget; reason: null } | { budget: null; reason: string };

/**
 * The optical power budget of one link at the product's rated reach, per lane:
 *   budget = TX average launch power (min) - RX minimum average receive power
 *   fiber loss = reach (km) x attenuation of the fibre type at the (shortest) wavelength
 *   margin = budget - fiber loss - connection allowance (from the rounded figures the datasheet prints)
 * A negative margin means the rated reach needs better than worst-case cabling (docs/sales-datasheets.md).
 */
export function powerBudget(p: BudgetInput): BudgetResult {
  if (p.fiber_type !== 'SMF' && p.fiber_type !== 'MMF')
    return { budget: null, reason: `No optical budget: ${p.fiber_type} links are electrical or sealed cables` };
  const params = p.standard === null ? undefined : OPTICAL_PARAMETERS[p.standard];
  if (params === undefined) {
    return { budget: null, reason: `No published optical parameters on file for ${p.standard ?? 'a product without a standard'}` };
  }
  const wavelength = p.wavelengths.length > 0 ? Math.min(...p.wavelengths) : null;
  const fiber = FIBER_ATTENUATION[p.fiber_type];
  const attenuation = wavelength !== null && wavelength >= fiber.belowNm ? fiber.longDbPerKm : fiber.shortDbPerKm;
  // A reach of 0 means unknown, like NULL: no fiber loss is computed rather than a loss of zero.
  const reach = p.reach_meters !== null && p.reach_meters > 0 ? p.reach_meters : null;
  const budgetDb = round2(params.txMinDbm - params.rxMinDbm);
  const fiberLoss = reach === null ? null : round2((reach / 1000) * attenuation);
  const allowance = CONNECTION_ALLOWANCE_DB[p.fiber_type];
  return {
    reason: null,
    budget: {
      standard: p.standard!,
      per_lane: (p.lanes ?? 1) > 1,
      tx_power_min_dbm: params.txMinDbm,
      tx_power_max_dbm: params.txMaxDbm,
      rx_sensitivity_dbm: params.rxMinDbm,
      budget_db: budgetDb,
      fiber_type: p.fiber_type,
      wavelength_nm: wavelength,
      attenuation_db_per_km: attenuation,
      attenuation_source: fiber.source,
      reach_meters: reach,
      fiber_loss_db: fiberLoss,
      connection_allowance_db: allowance,
      margin_db: fiberLoss === null ? null : round2(budgetDb - fiberLoss - allowance),
      source: params.source,
    },
  };
}
