import { PROTECTED_ERRORS, withErrors } from '../../../http/common.schemas.js';
import type { FeatureRoutes } from '../../../http/typed-app.js';
import { describeValidationErrors } from '../../../http/schema-helpers.js';
import { LangQuery, NameParams } from '../form-factors/form-factors.schemas.js';
import { Standard, StandardList, StandardQuery } from './standards.schemas.js';
import { getStandard, getStandards } from './standards.service.js';

export const standardRoutes: FeatureRoutes = async (app, { ctx }) => {
  app.get(
    '/api/standards',
    {
      schemaErrorFormatter: describeValidationErrors,
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
      schemaErrorFormatter: describeValidationErrors,
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
