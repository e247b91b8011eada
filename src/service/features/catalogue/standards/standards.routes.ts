import { PROTECTED_ERRORS, withErrors } from '../../../http/error-responses.js';
import type { FeatureRoutes } from '../../../http/typed-app.js';
import { NameParams } from '../../../../shared/api/catalogue/form-factors.schemas.js';
import { LangQuery } from '../../../../shared/api/schema-helpers.js';
import { Standard, StandardList, StandardQuery } from '../../../../shared/api/catalogue/standards.schemas.js';
import { getStandard, getStandards } from './standards.service.js';

export const standardRoutes: FeatureRoutes = async (app, { ctx }) => {
  app.get(
    '/api/standards',
    {
      schema: {
        tags: ['catalogue'],
        summary: 'Standards (IEEE, MSA, ITU-T) with bilingual descriptions, filterable by category, medium, speed and text',
        querystring: StandardQuery,
        response: withErrors({ 200: StandardList }, PROTECTED_ERRORS),
      },
    },
    async (request) => getStandards(ctx.db, request.query),
  );

  app.get(
    '/api/standards/:name',
    {
      schema: {
        tags: ['catalogue'],
        summary: 'One standard by name',
        params: NameParams,
        querystring: LangQuery,
        response: withErrors({ 200: Standard }, [...PROTECTED_ERRORS, 404]),
      },
    },
    async (request) => getStandard(ctx.db, request.params.name, request.query.lang),
  );
};
