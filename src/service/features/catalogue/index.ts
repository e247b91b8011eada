// Public entry of the catalogue feature. Code outside this folder imports the feature through this file only
// (.dependency-cruiser.cjs enforces it), so the rest of the folder can change without breaking its users.
export { catalogueRoutes } from './catalogue.routes.js';
export { parseSpeedGbps } from './common/catalogue.values.js';
// Internal demand (owned here): the row-level-secured reads and the formulas the sales analysis and the forecast share.
export { demandByVelocity, demandBySpeed, type DemandGroupTotals, type DemandRow, demandRows, visibleDemand } from './demand/demand.repository.js';
export {
  coverageDays,
  CRITICAL_BELOW_DAYS,
  dailyRunRate,
  DAYS_PER_MONTH,
  LOW_BELOW_DAYS,
  momentumRatio,
  OVERSTOCK_ABOVE_DAYS,
  reorderUrgency,
  roundOrNull,
} from './demand/demand.rules.js';
