import { PROTECTED_ERRORS, withErrors } from '../../../http/error-responses.js';
import type { FeatureRoutes } from '../../../http/typed-app.js';
import { Switch, SwitchPage, SwitchQuery } from '../../../../shared/api/catalogue/switches.schemas.js';
import { getSwitch, getSwitches } from './switches.service.js';
import { IdParams } from '../../../../shared/api/catalogue/transceivers.schemas.js';

export const switchRoutes: FeatureRoutes = async (app, { ctx }) => {
  app.get(
    '/api/switches',
    {
      schema: {
        tags: ['catalogue'],
        summary: 'Switch models with their port groups (count x form factor x speeds)',
        querystring: SwitchQuery,
        response: withErrors({ 200: SwitchPage }, PROTECTED_ERRORS),
      },
    },
    async (request) => getSwitches(ctx.db, request.query),
  );

  app.get(
    '/api/switches/:id',
    {
      schema: {
        tags: ['catalogue'],
        summary: 'One switch by slug, else UUID, with its port groups',
        params: IdParams,
        response: withErrors({ 200: Switch }, [...PROTECTED_ERRORS, 404]),
      },
    },
    async (request) => getSwitch(ctx.db, request.params.id),
  );
};
