import type { AppDatabase } from '../../db/database.js';
import type { SalesForecast } from '../../../shared/api/forecast/adoption.schemas.js';
import { technologyFactors } from './forecast.factors.js';
import type { RequestViewer } from '../auth/index.js';
import { demandCalibration, technologyDemand } from './demand-input.service.js';
import { findTechnology, loadSnapshot, round, unitsInYear, unitsOver } from './forecast.state.js';

export const HORIZONS_MONTHS = [3, 9, 12, 18] as const;
/** Signal thresholds: market growth that justifies buying ahead, and price erosion that rewards waiting. */
export const BUY_GROWTH = 0.1;
export const HOLD_DECLINE = -0.05;
export const WAIT_ASP_DECLINE = 0.25;

const pct = (x: number) => `${x >= 0 ? '+' : ''}${(x * 100).toFixed(1)} %`;

/**
 * GET /api/forecast/:technology. The market forecast is the technology's yearly shipments (its shipment points, then
 * new adoption plus renewal, shipment-model.rules.ts). Where internal demand run-rates exist (internal_demand rows
 * with data), our own units are the run-rate carried along the market's shape:
 * units(h) = base x sum over months k of rate(t + k - 1/2) / rate(t), rate = the units of the calendar year;
 * demand_calibrated says which.
 * Signal: hold when the market is past its peak; wait when the technology is still at the Innovation Trigger or
 * prices fall fast (later purchases are cheaper); buy when demand grows; hold otherwise.
 */
export async function salesForecast(db: AppDatabase, nowMs: number, query: string, viewer: RequestViewer): Promise<SalesForecast> {
  const snapshot = await loadSnapshot(db, nowMs);
  const tech = findTechnology(snapshot, query);
  const [factors, { totals: demand, input }] = await Promise.all([technologyFactors(db, snapshot, tech), technologyDemand(db, tech, viewer)]);
  const t = snapshot.decimalYear;
  const nextYear = unitsOver(tech, t, t + 1);
  const lastYear = unitsOver(tech, t - 1, t);
  const growth = lastYear > 0 ? nextYear / lastYear - 1 : nextYear > 0 ? 1 : 0;

  // The same calibration as GET /api/internal/demand/forecast-input (demand-input.service.ts), never a second copy.
  const { calibrated, base, basis } = demandCalibration(demand);
  const rate = (at: number) => unitsInYear(tech, Math.floor(at));
  const nowRate = rate(t);
  const horizons = HORIZONS_MONTHS.map((months) => {
    let units: number | null = null;
    if (calibrated) {
      let sum = 0;
      for (let k = 1; k <= months; k += 1) sum += nowRate > 0 ? rate(t + (k - 0.5) / 12) / nowRate : 1;
      units = round(base * sum, 1);
    }
    return { months, market_ports_millions: round(unitsOver(tech, t, t + months / 12), 3), units };
  });

  const phase = factors.classification.phase;
  const asp = factors.factors.find((f) => f.name === 'asp_decline');
  const aspRate = asp?.value ?? 0;
  const reasons: string[] = [
    `market demand ${pct(growth)} over the next 12 months (new adoption on a Bass curve ${tech.model.method === 'fitted' ? 'fitted to shipments' : 'with data-set priors'}, plus renewal of retiring modules)`,
    `phase: ${phase} (score ${factors.classification.score.toFixed(2)})`,
    `ASP decline ${(aspRate * 100).toFixed(1)} % per year (${asp?.detail ?? 'no data'})`,
  ];
  if (calibrated) {
    const momentum = input.momentum_ratio === null ? 'n/a' : `${input.momentum_ratio.toFixed(2)}x`;
    reasons.push(`internal demand: ${demand.skus} SKUs, ${basis} ${round(base, 1)} units/month, 30-day vs 365-day run-rate ${momentum}`);
    // Our own units are part of the world market: a market smaller than them means the market model is wrong here.
    const exceeded = horizons.filter((h) => h.units !== null && h.units > h.market_ports_millions * 1e6);
    if (exceeded.length > 0) {
      reasons.push(
        `internal demand exceeds the modelled world market over ${exceeded.map((h) => h.months).join(', ')} months: the market model does not hold for this technology`,
      );
    }
  } else {
    reasons.push('no internal demand run-rates for this technology: market forecast only');
  }
  let signal: 'buy' | 'wait' | 'hold';
  if (growth <= HOLD_DECLINE) {
    signal = 'hold';
    reasons.unshift(`hold: the market is past its peak (${pct(growth)} a year); keep stock to current demand`);
  } else if (factors.classification.phase_index === 0) {
    signal = 'wait';
    reasons.unshift('wait: still at the Innovation Trigger; standards, interoperability and prices are not settled');
  } else if (aspRate >= WAIT_ASP_DECLINE) {
    signal = 'wait';
    reasons.unshift(`wait: prices fall ${(aspRate * 100).toFixed(0)} % a year (>= ${WAIT_ASP_DECLINE * 100} %); buy to demand, not ahead of it`);
  } else if (growth >= BUY_GROWTH) {
    signal = 'buy';
    reasons.unshift(`buy: demand grows ${pct(growth)} a year and prices fall less than ${WAIT_ASP_DECLINE * 100} % a year`);
  } else {
    signal = 'hold';
    reasons.unshift(`hold: demand is steady (${pct(growth)} a year)`);
  }
  return {
    technology: tech.name,
    as_of: new Date(nowMs).toISOString(),
    phase,
    demand_calibrated: calibrated,
    demand: calibrated ? { ...demand, base_units_per_month: round(base, 3), basis } : null,
    market_growth_12m_pct: round(growth * 100, 2),
    horizons,
    signal,
    reasons,
    factors: factors.factors,
  };
}
