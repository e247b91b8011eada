import { PROTECTED_ERRORS, withErrors } from '../../../http/error-responses.js';
import type { FeatureRoutes } from '../../../http/typed-app.js';
import { Vendor, VendorList, VendorParams, VendorQuery } from '../../../../shared/api/catalogue/vendors.schemas.js';
import { getVendor, getVendors } from './vendors.service.js';

export const vendorRoutes: FeatureRoutes = async (app, { ctx }) => {
  app.get(
    '/api/vendors',
    {
      schema: {
        tags: ['catalogue'],
        summary: "Vendors: the operator's brand, equipment makers and compatible-optics competitors",
        querystring: VendorQuery,
        response: withErrors({ 200: VendorList }, PROTECTED_ERRORS),
      },
    },
    async (request) => getVendors(ctx.db, request.query),
  );

  app.get(
    '/api/vendors/:id',
    {
      schema: { tags: ['catalogue'], summary: 'One vendor by id', params: VendorParams, response: withErrors({ 200: Vendor }, [...PROTECTED_ERRORS, 404]) },
    },
    async (request) => getVendor(ctx.db, request.params.id),
  );
};
