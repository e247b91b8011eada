import { Type } from '@sinclair/typebox';
import { ErrorBody } from '../../../shared/api/common.schemas.js';

const Redirect = Type.Null({ description: 'Redirect to /dashboard/ (Location header)' });
const NotBuilt = { ...ErrorBody, description: 'The renderer bundle is missing: run npm run build:app (browsers get the same message as HTML)' };

export const dashboardRedirectSchema = {
  tags: ['dashboard'],
  summary: 'The dashboard (no authentication); redirects to /dashboard/',
  security: [],
  response: { 302: Redirect, 503: NotBuilt },
};
