import { TransportNetwork, TransportPlan, TransportPlanRequest } from '../../../../shared/api/sales/transport.schemas.js';
import { PROTECTED_ERRORS, withErrors } from '../../../http/error-responses.js';
import type { FeatureRoutes } from '../../../http/typed-app.js';
import { planTransport, transportNetwork } from './transport.service.js';

/** The transport planner: a computation over the fibre graph and the catalogue that changes nothing. */
export const transportRoutes: FeatureRoutes = async (app, { ctx }) => {
  app.get(
    '/api/transport/network',
    {
      schema: {
        tags: ['sales'],
        summary: 'The fibre graph the planner uses: the 25 cities with coordinates, every route (provider or estimated) and the providers',
        response: withErrors({ 200: TransportNetwork }, PROTECTED_ERRORS),
      },
    },
    async () => transportNetwork(ctx.db),
  );
  app.post(
    '/api/transport/plan',
    {
      schema: {
        tags: ['sales'],
        summary: 'City-to-city transport plan: shortest (and 1+1 diverse) path, optics per span, optical budgets, bill of materials with fibre providers',
        description:
          'Unknown cities answer 404 naming the field; a capacity the planner cannot size or an unknown provider 400; no path, or no diverse second path for 1+1, 422. Rules and planning values: docs/sales-transport.md.',
        body: TransportPlanRequest,
        response: withErrors({ 200: TransportPlan }, [...PROTECTED_ERRORS, 404, 422]),
      },
    },
    async (request) => planTransport({ db: ctx.db, request: request.body }),
  );
};
