import { PROTECTED_ERRORS, withErrors } from '../../../http/error-responses.js';
import type { FeatureRoutes } from '../../../http/typed-app.js';
import { IdParams } from '../../../../shared/api/catalogue/transceivers.schemas.js';
import { FinderQuery, FinderResult, SwitchDatasheet } from '../../../../shared/api/sales/finder.schemas.js';
import { findForSwitch, switchDatasheet } from './finder.service.js';

export const finderRoutes: FeatureRoutes = async (app, { ctx }) => {
  app.get(
    '/api/finder',
    {
      schema: {
        tags: ['sales'],
        summary: "From a customer's switch to the operator's transceivers that fit each port group, with the coding to order",
        description:
          "The switch is matched tolerantly (UUID, slug, whole model, prefix, part, series, or every word). Per port group and speed: native and backwards-compatible fits, breakouts, the coding for the switch maker (else MSA generic), latest price and stock, and the maker's own part kept apart. An unknown switch is a 404 whose details.closest lists the five nearest models.",
        querystring: FinderQuery,
        response: withErrors({ 200: FinderResult }, [...PROTECTED_ERRORS, 404]),
      },
    },
    async (request) => findForSwitch(ctx.db, request.query.switch),
  );

  app.get(
    '/api/datasheets/switch/:id',
    {
      schema: {
        tags: ['sales'],
        summary: 'Switch datasheet: its ports and the compatible operator transceivers per port group',
        description: ':id is looked up as a slug first, then as a UUID. An unknown id is a 404 whose details.closest lists the five nearest models.',
        params: IdParams,
        response: withErrors({ 200: SwitchDatasheet }, [...PROTECTED_ERRORS, 404]),
      },
    },
    async (request) => switchDatasheet(ctx.db, request.params.id, () => ctx.now()),
  );
};
