import { PROTECTED_ERRORS, withErrors } from '../../../http/error-responses.js';
import type { FeatureRoutes } from '../../../http/typed-app.js';
import { CurrencyRateList, CurrencyRatesBody, StoredRates } from '../../../../shared/api/catalogue/currency-rates.schemas.js';
import { getCurrencyRates, storeCurrencyRates } from './currency-rates.service.js';

export const currencyRateRoutes: FeatureRoutes = async (app, { ctx }) => {
  app.get(
    '/api/currency-rates',
    {
      schema: {
        tags: ['prices'],
        summary: 'Exchange rates entered by the operator (value of one unit in USD, dated, with source); the latest per currency is in use',
        response: withErrors({ 200: CurrencyRateList }, PROTECTED_ERRORS),
      },
    },
    async () => getCurrencyRates(ctx.db),
  );

  app.put(
    '/api/currency-rates',
    {
      schema: {
        tags: ['prices'],
        summary: 'Store exchange rates, all or nothing: [{currency, rate_to_usd, as_of, source}]; a rate for a stored currency and day replaces it',
        description:
          'The service ships no exchange rates: comparables priced in a currency without a rate stay unconverted. Refused with 400 naming the field: ' +
          'an unknown currency, a rate <= 0, a malformed or future as_of, an empty source, or two rates for one currency and day.',
        body: CurrencyRatesBody,
        response: withErrors({ 200: StoredRates }, [...PROTECTED_ERRORS, 413]),
      },
    },
    async (request) => storeCurrencyRates(ctx.db, request.body, ctx.now),
  );
};
