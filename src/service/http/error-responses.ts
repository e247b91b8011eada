import type { TSchema } from '@sinclair/typebox';
import { ErrorBody } from '../../shared/api/common.schemas.js';

const ERROR_DESCRIPTIONS: Record<number, string> = {
  400: 'Invalid request: the message names the field',
  401: 'Missing, malformed, expired or wrongly signed bearer token',
  404: 'No such record',
  409: 'Conflicts with the current state',
  413: 'Body larger than the configured limit',
  415: 'A body type or charset the service does not read',
  422: 'Well-formed but breaks a business rule',
  429: 'Too many requests; see Retry-After',
  503: 'A dependency is unavailable',
};

/** Adds the shared error body to a route's response map for each status it can answer, for the OpenAPI document. */
export function withErrors<R extends Record<number, TSchema>>(responses: R, codes: number[]): R & Record<number, TSchema> {
  const out: Record<number, TSchema> = { ...responses };
  for (const code of codes) {
    out[code] = { ...ErrorBody, description: ERROR_DESCRIPTIONS[code] ?? 'Error' };
  }
  return out as R & Record<number, TSchema>;
}

export const PROTECTED_ERRORS = [400, 401, 429];
