import { PROTECTED_ERRORS, withErrors } from '../../../http/error-responses.js';
import type { FeatureRoutes } from '../../../http/typed-app.js';
import { FormFactor, FormFactorList, NameParams } from '../../../../shared/api/catalogue/form-factors.schemas.js';
import { LangQuery } from '../../../../shared/api/schema-helpers.js';
import { getFormFactor, getFormFactors } from './form-factors.service.js';

export const formFactorRoutes: FeatureRoutes = async (app, { ctx }) => {
  app.get(
    '/api/form-factors',
    {
      schema: {
        tags: ['catalogue'],
        summary: 'All form factors, each with its transceiver_count',
        querystring: LangQuery,
        response: withErrors({ 200: FormFactorList }, PROTECTED_ERRORS),
      },
    },
    async (request) => getFormFactors(ctx.db, request.query.lang),
  );

  app.get(
    '/api/form-factors/:name',
    {
      schema: {
        tags: ['catalogue'],
        summary: 'One form factor by name',
        params: NameParams,
        querystring: LangQuery,
        response: withErrors({ 200: FormFactor }, [...PROTECTED_ERRORS, 404]),
      },
    },
    async (request) => getFormFactor(ctx.db, request.params.name, request.query.lang),
  );
};
