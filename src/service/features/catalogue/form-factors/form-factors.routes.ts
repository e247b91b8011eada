import { PROTECTED_ERRORS, withErrors } from '../../../http/common.schemas.js';
import type { FeatureRoutes } from '../../../http/typed-app.js';
import { describeValidationErrors } from '../../../http/schema-helpers.js';
import { FormFactor, FormFactorList, LangQuery, NameParams } from './form-factors.schemas.js';
import { getFormFactor, getFormFactors } from './form-factors.service.js';

export const formFactorRoutes: FeatureRoutes = async (app, { ctx }) => {
  app.get(
    '/api/form-factors',
    {
      schemaErrorFormatter: describeValidationErrors,
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
      schemaErrorFormatter: describeValidationErrors,
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
