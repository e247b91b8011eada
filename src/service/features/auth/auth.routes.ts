import { AuthErrorBody, LoginBody, LoginResponse, VerifyFailed, VerifyOk } from '../../../shared/api/auth.schemas.js';
import { ErrorBody } from '../../../shared/api/common.schemas.js';
import { AppError } from '../../errors.js';
import type { FeatureRoutes } from '../../http/typed-app.js';
import { bearerToken, login, verifyToken } from './auth.service.js';

const loginSchema = {
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

const verifySchema = {
  tags: ['auth'],
  summary: 'Check a bearer token',
  security: [{ bearerAuth: [] }],
  response: { 200: VerifyOk, 401: VerifyFailed },
};

export const authRoutes: FeatureRoutes = async (app, { ctx }) => {
  const deps = { password: ctx.config.dashboardPassword, now: ctx.now };

  app.post(
    '/api/auth/login',
    {
      schema: loginSchema,
      // The handler answers validation failures itself: the API answers "not configured" (500) before "missing" (400).
      attachValidation: true,
      config: { public: true, rateLimit: { max: ctx.config.rateLimit.loginMax, timeWindow: ctx.config.rateLimit.windowMs } },
    },
    async (request, reply) => {
      const body = request.body as { password?: unknown } | undefined;
      try {
        return login(deps, body?.password);
      } catch (error) {
        if (!(error instanceof AppError)) throw error;
        if (error.statusCode === 401) request.log.warn({ ip: request.ip }, 'login with a wrong password');
        return reply.code(error.statusCode as 400 | 401 | 500).send({ error: error.message, message: error.message });
      }
    },
  );

  app.get('/api/auth/verify', { schema: verifySchema, config: { public: true } }, async (request, reply) => {
    const check = verifyToken(deps, bearerToken(request.headers.authorization));
    if (!check.valid) return reply.code(401).send({ ok: false as const, error: 'Unauthorized' as const });
    return { ok: true as const, expiresAt: check.expiresAt };
  });
};
