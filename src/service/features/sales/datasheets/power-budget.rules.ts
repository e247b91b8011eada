import type { PowerBudget } from '../../../../shared/api/sales/datasheets.schemas.js';
import { attenuationBand } from '../../../../shared/facts/fibre-attenuation.facts.js';
import { connectionAllocation, OPTICAL_PARAMETERS, type OpticalParameters } from '../../../../shared/facts/optical-parameters.facts.js';

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

const km = (meters: number): string => (meters >= 1000 ? `${round2(meters / 1000)} km` : `${meters} m`);

/**
 * Why the margin at the rated reach is negative, in words a customer can act on: the reach the budget closes on
 * worst-case cable, and what the rated reach then asks of the link (the standard's engineered link where it rates one).
 */
function negativeMarginNote(standard: string, params: OpticalParameters, budget: Omit<PowerBudget, 'margin_note'>): string {
  const closes = Math.max(0, Math.floor(((budget.budget_db - budget.connection_allowance_db) / budget.attenuation_db_per_km) * 1000));
  const rated = km(budget.reach_meters!);
  const lossLimit = round2(budget.budget_db - budget.connection_allowance_db);
  const base = `On worst-case cable (${budget.attenuation_db_per_km} dB/km, ${budget.connection_allowance_db} dB connections) the ${standard} budget closes up to ${km(closes)}.`;
  if (params.amplifiedReachMeters !== undefined && budget.reach_meters! <= params.amplifiedReachMeters) {
    return `${base} The rated ${rated} is the reach of ${standard} over an amplified DWDM line, where the line amplifiers set the levels, not this unamplified budget.`;
  }
  if (params.engineered !== undefined && budget.reach_meters! > params.engineered.worstCaseReachMeters) {
    return `${base} ${params.engineered.clause} rates ${standard} beyond ${km(params.engineered.worstCaseReachMeters)} as an engineered link: at ${rated} the measured fibre loss must stay below ${lossLimit} dB.`;
  }
  if (params.basis === 'estimate') return `${base} The optical figures are estimates; confirm ${rated} against the module's own datasheet before quoting it.`;
  return `${base} The rated ${rated} holds only on a link whose measured fibre loss stays below ${lossLimit} dB.`;
}

/**
 * The optical power budget of one link at the product's rated reach, per lane:
 *   budget = TX average launch power (min) - RX minimum average receive power
 *   fiber loss = reach (km) x attenuation of the fibre type in the band of the (shortest) wavelength
 *   margin = budget - fiber loss - connection allowance (the clause's own for the reach and fibre grade)
 * A negative margin always carries its reason (margin_note), so no page prints one bare (docs/sales-datasheets.md).
 */
export function powerBudget(p: BudgetInput): BudgetResult {
  if (p.fiber_type !== 'SMF' && p.fiber_type !== 'MMF')
    return { budget: null, reason: `No optical budget: ${p.fiber_type} links are electrical or sealed cables` };
  const params = p.standard === null ? undefined : OPTICAL_PARAMETERS[p.standard];
  if (params === undefined) {
    return { budget: null, reason: `No published optical parameters on file for ${p.standard ?? 'a product without a standard'}` };
  }
  const wavelength = p.wavelengths.length > 0 ? Math.min(...p.wavelengths) : null;
  const band = attenuationBand(p.fiber_type, wavelength);
  // A reach of 0 means unknown, like NULL: no fiber loss is computed rather than a loss of zero.
  const reach = p.reach_meters !== null && p.reach_meters > 0 ? p.reach_meters : null;
  const budgetDb = round2(params.txMinDbm - params.rxMinDbm);
  const fiberLoss = reach === null ? null : round2((reach / 1000) * band.dbPerKm);
  const allowance = connectionAllocation(params, p.fiber_type, reach);
  const budget: Omit<PowerBudget, 'margin_note'> = {
    standard: p.standard!,
    per_lane: (p.lanes ?? 1) > 1,
    tx_power_min_dbm: params.txMinDbm,
    tx_power_max_dbm: params.txMaxDbm,
    rx_sensitivity_dbm: params.rxMinDbm,
    budget_db: budgetDb,
    fiber_type: p.fiber_type,
    wavelength_nm: wavelength,
    attenuation_db_per_km: band.dbPerKm,
    attenuation_source: band.source,
    reach_meters: reach,
    fiber_loss_db: fiberLoss,
    connection_allowance_db: allowance,
    margin_db: fiberLoss === null ? null : round2(budgetDb - fiberLoss - allowance),
    estimate: params.basis === 'estimate',
    source: params.source,
  };
  const marginNote = budget.margin_db !== null && budget.margin_db < 0 ? negativeMarginNote(p.standard!, params, budget) : null;
  return { reason: null, budget: { ...budget, margin_note: marginNote } };
}
