import { Type } from '@sinclair/typebox';
import { ErrorBody } from '../../http/common.schemas.js';

export const LoginBody = Type.Object(
  { password: Type.String({ minLength: 1, description: 'The shared dashboard password (DASHBOARD_PASSWORD)' }) },
  { additionalProperties: true },
);

export const LoginResponse = Type.Object({
  token: Type.String({ description: '<expiresAt>.<base64url HMAC-SHA256 of expiresAt keyed with the password>' }),
  expiresAt: Type.Integer({ description: 'Expiry, integer milliseconds since the epoch (issue time + 7 days)' }),
});

export const AuthErrorBody = Type.Object({ error: Type.String(), message: Type.Optional(Type.String()) });

export const VerifyOk = Type.Object({ ok: Type.Literal(true), expiresAt: Type.Optional(Type.Integer()) });
export const VerifyFailed = Type.Object({ ok: Type.Literal(false), error: Type.Literal('Unauthorized') });

export const loginSchema = {
  tags: ['auth'],
  summary: 'Exchange the dashboard password for a 7-day bearer token',
  security: [],
  body: LoginBody,
  response: {
    200: LoginResponse,
    400: { ...AuthErrorBody, description: 'Password missing, empty or not a string' },
    401: { ...AuthErrorBody, description: 'Wrong password' },
    429: { ...ErrorBody, description: 'Too many login attempts from this address; see Retry-After' },
    500: { ...AuthErrorBody, description: 'DASHBOARD_PASSWORD is not configured' },
  },
};

export const verifySchema = {
  tags: ['auth'],
  summary: 'Check a bearer token',
  security: [{ bearerAuth: [] }],
  response: { 200: VerifyOk, 401: VerifyFailed },
};
