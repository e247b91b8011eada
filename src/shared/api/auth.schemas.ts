import { Type } from '@sinclair/typebox';

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
