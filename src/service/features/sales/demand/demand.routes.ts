import { PROTECTED_ERRORS, withErrors } from '../../../http/error-responses.js';
import type { FeatureRoutes } from '../../../http/typed-app.js';
import { viewerOf } from '../../auth/index.js';
import { forecastDemandInput } from '../../forecast/index.js';
import {
  DemandBySpeed,
  ForecastInput,
  ForecastInputQuery,
  HypeWeights,
  StockAnalysis,
  StockAnalysisQuery,
  VelocityBreakdown,
} from '../../../../shared/api/sales/demand.schemas.js';
import { demandBySpeedReport, hypeWeights, velocityReport } from './demand.service.js';
import { stockAnalysis } from './stock-analysis.service.js';

const tags = ['demand'];
// The forecast-based answers need the technology data set (503 while it is missing); forecast-input also names one.
const FORECAST_ERRORS = [...PROTECTED_ERRORS, 503];

/**
 * Internal demand analysis. Each handler hands the request's viewer to the data layer, which includes rows with
 * is_internal = 1 only for a viewer the auth hook authenticated (every route here needs the bearer token anyway;
 * the row rule is the second barrier).
 */
export const demandRoutes: FeatureRoutes = async (app, { ctx }) => {
  app.get(
    '/api/internal/demand/by-speed',
    {
      schema: {
        tags,
        summary: 'Internal demand grouped by speed: SKUs, run-rates, stock and momentum',
        response: withErrors({ 200: DemandBySpeed }, PROTECTED_ERRORS),
      },
    },
    async (request) => demandBySpeedReport(ctx.db, viewerOf(request)),
  );
  app.get(
    '/api/internal/demand/velocity',
    {
      schema: {
        tags,
        summary: 'Velocity class breakdown (fast, medium, slow, non-moving, unknown) with the class rules',
        response: withErrors({ 200: VelocityBreakdown }, PROTECTED_ERRORS),
      },
    },
    async (request) => velocityReport(ctx.db, viewerOf(request)),
  );
  app.get(
    '/api/internal/demand/hype-weights',
    {
      schema: {
        tags,
        summary: 'Weights for the hype-cycle engine: each technology’s share of the internal run-rate',
        response: withErrors({ 200: HypeWeights }, FORECAST_ERRORS),
      },
    },
    async (request) => hypeWeights(ctx.db, ctx.now(), viewerOf(request)),
  );
  app.get(
    '/api/internal/demand/forecast-input',
    {
      schema: {
        tags,
        summary: 'Run-rates that calibrate the sales forecast, per technology, with the demand_calibrated flag the forecast uses',
        querystring: ForecastInputQuery,
        response: withErrors({ 200: ForecastInput }, [...FORECAST_ERRORS, 404]),
      },
    },
    async (request) => forecastDemandInput(ctx.db, ctx.now(), viewerOf(request), request.query.technology),
  );
  app.get(
    '/api/internal/demand/stock-analysis',
    {
      schema: {
        tags,
        summary: 'Demand against German stock per SKU: reorder_urgency, coverage_days_de, momentum_ratio; paged, most urgent first',
        querystring: StockAnalysisQuery,
        response: withErrors({ 200: StockAnalysis }, PROTECTED_ERRORS),
      },
    },
    async (request) => stockAnalysis(ctx.db, viewerOf(request), request.query),
  );
};
