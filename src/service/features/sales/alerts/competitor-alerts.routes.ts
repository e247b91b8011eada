import { PROTECTED_ERRORS, withErrors } from '../../../http/error-responses.js';
import type { FeatureRoutes } from '../../../http/typed-app.js';
import { CompetitorAlertPage, CompetitorAlertsQuery } from '../../../../shared/api/sales/competitor-alerts.schemas.js';
import { getCompetitorAlerts } from './competitor-alerts.service.js';

export const competitorAlertRoutes: FeatureRoutes = async (app, { ctx }) => {
  app.get(
    '/api/competitor-alerts',
    {
      schema: {
        tags: ['sales'],
        summary: 'Competitor price changes, new products and stock changes, newest first; filters: vendor, kind, speed, severity, since, until',
        description:
          'Alerts are raised by the catalogue when a price observation or a product record comes in (POST /api/prices, the import, ' +
          'the scrapers): a competitor price change of at least PRICE_ALERT_THRESHOLD_PCT percent (default 5; critical from twice ' +
          'that), a competitor shop running out of or back into stock, and a competitor listing a new product (warning from 400G, ' +
          "else info). The operator's own prices never raise alerts. price carries before, after and percentage; stock the stock " +
          'state before and after. until before since answers 400.',
        querystring: CompetitorAlertsQuery,
        response: withErrors({ 200: CompetitorAlertPage }, PROTECTED_ERRORS),
      },
    },
    async (request) => getCompetitorAlerts(ctx.db, request.query),
  );
};
