import type { AppDatabase } from '../../db/database.js';
import type { RequestViewer } from '../auth/index.js';
import { momentumRatio, roundOrNull } from '../catalogue/index.js';
import type { ForecastInput, TechnologyDemandInput } from '../../../shared/api/sales/demand.schemas.js';
import { type DemandTotals, demandTotalsFor } from './forecast.repository.js';
import { findTechnology, loadSnapshot, type TechnologyState } from './forecast.state.js';

/**
 * The base run-rate that calibrates a technology's sales forecast: the 90-day rate (recent, but smoothed over a
 * quarter), else the 30-day, else the 365-day. Calibrated when SKUs with demand data belong to the technology and
 * the base is above 0. The one implementation behind both GET /api/internal/demand/forecast-input and the sales
 * forecast's demand_calibrated flag.
 */
export function demandCalibration(totals: DemandTotals): { calibrated: boolean; base: number; basis: string } {
  if (totals.run_rate_90d > 0) return { calibrated: totals.skus > 0, base: totals.run_rate_90d, basis: '90-day run-rate' };
  if (totals.run_rate_30d > 0) return { calibrated: totals.skus > 0, base: totals.run_rate_30d, basis: '30-day run-rate' };
  return { calibrated: totals.skus > 0 && totals.run_rate_365d > 0, base: totals.run_rate_365d, basis: '365-day run-rate' };
}

export interface TechnologyDemand {
  totals: DemandTotals;
  input: TechnologyDemandInput;
}

export async function technologyDemand(db: AppDatabase, tech: TechnologyState, viewer: RequestViewer): Promise<TechnologyDemand> {
  const totals = await demandTotalsFor(db, tech.match, viewer);
  const { calibrated, base, basis } = demandCalibration(totals);
  return {
    totals,
    input: {
      technology: tech.name,
      speed_gbps: tech.speed_gbps,
      demand_calibrated: calibrated,
      ...totals,
      base_units_per_month: calibrated ? roundOrNull(base, 3) : null,
      basis: calibrated ? basis : null,
      momentum_ratio: roundOrNull(momentumRatio(totals.run_rate_30d, totals.run_rate_365d), 3),
    },
  };
}

/** GET /api/internal/demand/forecast-input: the calibration input of every technology (or of one). */
export async function forecastDemandInput(db: AppDatabase, nowMs: number, viewer: RequestViewer, technology?: string): Promise<ForecastInput> {
  const snapshot = await loadSnapshot(db, nowMs);
  const techs = technology === undefined ? snapshot.technologies : [findTechnology(snapshot, technology)];
  const items = [];
  for (const tech of techs) items.push((await technologyDemand(db, tech, viewer)).input);
  return { as_of: new Date(nowMs).toISOString(), internal_included: viewer.authenticated, items };
}
