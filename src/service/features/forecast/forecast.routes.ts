import { PROTECTED_ERRORS, withErrors } from '../../http/error-responses.js';
import type { FeatureRoutes } from '../../http/typed-app.js';
import { AdoptionDetail, AdoptionRoadmap, SalesForecast } from '../../../shared/api/forecast/adoption.schemas.js';
import { adoptionDetail, adoptionRoadmap } from './adoption.service.js';
import { FitRequest, FitResponse, ModelRequest, ModelResponse } from '../../../shared/api/forecast/what-if.schemas.js';
import { runFit, runModel } from './what-if.service.js';
import { enrichedHypeCycle, regionalAdoption, revenueLifecycle } from './forecast-market.service.js';
import {
  EnrichedList,
  HypeCycleDetail,
  HypeCycleList,
  LifecycleList,
  RegionalAdoption,
  TechnologyParams,
  TechParams,
} from '../../../shared/api/forecast/forecast.schemas.js';
import { hypeCycleDetail, listHypeCycle } from './forecast.service.js';
import { salesForecast } from './sales-forecast.service.js';
import { viewerOf } from '../auth/index.js';

const tags = ['forecast'];
const ONE = [...PROTECTED_ERRORS, 404, 503];
const ALL = [...PROTECTED_ERRORS, 503];

/**
 * Lifecycle forecasting and the sales-intelligence views built on it. The static /api/hype-cycle/* paths and the
 * parametric /api/hype-cycle/:tech coexist because find-my-way prefers static segments, so "enriched" and
 * "lifecycle" never reach the :tech handler (the route tests prove it).
 */
export const forecastRoutes: FeatureRoutes = async (app, { ctx }) => {
  app.get(
    '/api/hype-cycle',
    {
      schema: {
        tags,
        summary: 'All 11 technologies: phase, score, factor breakdown and 5-year adoption forecast',
        response: withErrors({ 200: HypeCycleList }, ALL),
      },
    },
    async () => listHypeCycle(ctx.db, ctx.now()),
  );
  app.get(
    '/api/hype-cycle/enriched',
    { schema: { tags, summary: 'The hype cycle with catalogue vendor and price data per technology', response: withErrors({ 200: EnrichedList }, ALL) } },
    async () => enrichedHypeCycle(ctx.db, ctx.now()),
  );
  app.get(
    '/api/hype-cycle/lifecycle',
    { schema: { tags, summary: 'Revenue lifecycle: peak year, decline, revenue index', response: withErrors({ 200: LifecycleList }, ALL) } },
    async () => revenueLifecycle(ctx.db, ctx.now()),
  );
  app.get(
    '/api/hype-cycle/regional/:tech',
    {
      schema: {
        tags,
        summary: 'Regional adoption of one technology (NA, China, APAC, Europe, RoW)',
        params: TechParams,
        response: withErrors({ 200: RegionalAdoption }, ONE),
      },
    },
    async (request) => regionalAdoption(ctx.db, ctx.now(), request.params.tech),
  );
  app.get(
    '/api/hype-cycle/:tech',
    {
      schema: {
        tags,
        summary: 'One technology: exact name first, then speed with unit (1.6T never matches 1G)',
        params: TechParams,
        response: withErrors({ 200: HypeCycleDetail }, ONE),
      },
    },
    async (request) => hypeCycleDetail(ctx.db, ctx.now(), request.params.tech),
  );
  app.post(
    '/api/hype-cycle/model',
    {
      schema: {
        tags,
        summary: 'What-if: Bass or Norton-Bass curves for given parameters',
        body: ModelRequest,
        response: withErrors({ 200: ModelResponse }, PROTECTED_ERRORS),
      },
    },
    async (request) => runModel(request.body),
  );
  app.post(
    '/api/hype-cycle/fit',
    {
      schema: {
        tags,
        summary: 'Fit p, q and m of the Bass model to adopters per period',
        body: FitRequest,
        response: withErrors({ 200: FitResponse }, PROTECTED_ERRORS),
      },
    },
    async (request) => runFit(request.body),
  );
  app.get(
    '/api/forecast/:technology',
    {
      schema: {
        tags,
        summary: 'Sales forecast for 3, 9, 12 and 18 months with a buy, wait or hold signal',
        params: TechnologyParams,
        response: withErrors({ 200: SalesForecast }, ONE),
      },
    },
    // The request's viewer decides whether internal demand rows count (row-level security, catalogue/demand).
    async (request) => salesForecast(ctx.db, ctx.now(), request.params.technology, viewerOf(request)),
  );
  app.get(
    '/api/adoption',
    { schema: { tags, summary: 'Technology roadmap with maturity indicators', response: withErrors({ 200: AdoptionRoadmap }, ALL) } },
    async () => adoptionRoadmap(ctx.db, ctx.now()),
  );
  app.get(
    '/api/adoption/:technology',
    {
      schema: {
        tags,
        summary: 'Adoption analysis, migration paths, risks and timeline of one technology',
        params: TechnologyParams,
        response: withErrors({ 200: AdoptionDetail }, ONE),
      },
    },
    async (request) => adoptionDetail(ctx.db, ctx.now(), request.params.technology),
  );
};
