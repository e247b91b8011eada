import type { AppDatabase } from '../../../db/database.js';
import { InvalidError } from '../../../errors.js';
import type { RequestViewer } from '../../auth/index.js';
import {
  coverageDays,
  CRITICAL_BELOW_DAYS,
  dailyRunRate,
  type DemandRow,
  demandRows,
  LOW_BELOW_DAYS,
  momentumRatio,
  OVERSTOCK_ABOVE_DAYS,
  reorderUrgency,
  roundOrNull,
} from '../../catalogue/index.js';
import type { StockAnalysis, StockAnalysisItem, StockAnalysisQuery } from '../../../../shared/api/sales/demand.schemas.js';
import { parseSpeed } from '../../../../shared/speed.js';
import { URGENCY_FILTERS, type UrgencyFilter } from '../../../../shared/vocabulary/demand.vocabulary.js';

/** Rank of each urgency in the list: the most pressing first, the SKUs without a judgement last. */
const RANK: Record<UrgencyFilter, number> = { critical: 0, low: 1, ok: 2, overstock: 3, unassessed: 4 };

export function analyseStock(row: DemandRow): StockAnalysisItem {
  const hasData = row.has_demand_data === 1;
  const daily = hasData ? dailyRunRate(row.run_rate_30d, row.run_rate_90d) : null;
  return {
    sku: row.sku,
    description: row.description,
    transceiver_id: row.transceiver_id,
    form_factor: row.form_factor,
    speed_gbps: row.speed_gbps,
    velocity_class: row.velocity_class,
    has_demand_data: hasData,
    is_internal: row.is_internal === 1,
    stock_de: row.stock_de,
    units_12m: row.units_12m,
    run_rate_30d: row.run_rate_30d,
    run_rate_90d: row.run_rate_90d,
    run_rate_365d: row.run_rate_365d,
    daily_run_rate: roundOrNull(daily, 3),
    coverage_days_de: roundOrNull(coverageDays(row.stock_de, daily), 1),
    momentum_ratio: hasData ? roundOrNull(momentumRatio(row.run_rate_30d, row.run_rate_365d), 3) : null,
    reorder_urgency: reorderUrgency(hasData, row.stock_de, daily),
  };
}

const urgencyOf = (item: StockAnalysisItem): UrgencyFilter => item.reorder_urgency ?? 'unassessed';

/** Urgency first, then the shortest coverage (unbounded coverage last), then the SKU, so paging is stable. */
export function compareStock(a: StockAnalysisItem, b: StockAnalysisItem): number {
  const byUrgency = RANK[urgencyOf(a)] - RANK[urgencyOf(b)];
  if (byUrgency !== 0) return byUrgency;
  const ca = a.coverage_days_de ?? Number.POSITIVE_INFINITY;
  const cb = b.coverage_days_de ?? Number.POSITIVE_INFINITY;
  if (ca !== cb) return ca < cb ? -1 : 1;
  return a.sku < b.sku ? -1 : a.sku > b.sku ? 1 : 0;
}

/**
 * GET /api/internal/demand/stock-analysis. SQL narrows by speed, form factor, velocity class and text; the formulas
 * (catalogue/demand/demand.rules.ts) then judge each SKU, and the list is ranked and paged here because the ranking
 * is computed, not stored. About 8,600 rows at most.
 */
export async function stockAnalysis(db: AppDatabase, viewer: RequestViewer, q: StockAnalysisQuery): Promise<StockAnalysis> {
  const limit = q.limit ?? 50;
  const offset = q.offset ?? 0;
  let speed: number | undefined;
  if (q.speed_gbps !== undefined) {
    speed = parseSpeed(q.speed_gbps);
    if (speed === undefined) throw new InvalidError(`querystring/speed_gbps: "${q.speed_gbps}" is not a speed (e.g. 100, "400G", "1.6T")`);
  }
  const rows = await demandRows(db, viewer, { speed_gbps: speed, form_factor: q.form_factor, velocity_class: q.velocity_class, text: q.q });
  const analysed = rows.map(analyseStock);
  const counts = Object.fromEntries(URGENCY_FILTERS.map((u) => [u, 0])) as Record<UrgencyFilter, number>;
  for (const item of analysed) counts[urgencyOf(item)] += 1;
  const matching = q.urgency === undefined ? analysed : analysed.filter((item) => urgencyOf(item) === q.urgency);
  matching.sort(compareStock);
  return {
    total: matching.length,
    limit,
    offset,
    internal_included: viewer.authenticated,
    thresholds: { critical_below_days: CRITICAL_BELOW_DAYS, low_below_days: LOW_BELOW_DAYS, overstock_above_days: OVERSTOCK_ABOVE_DAYS },
    counts,
    items: matching.slice(offset, offset + limit),
  };
}
