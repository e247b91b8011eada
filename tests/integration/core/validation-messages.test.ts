import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { routeNeedsToken } from '../../../src/service/features/auth/auth.policy.js';
import { issueToken } from '../../../src/service/features/auth/auth.tokens.js';
import type { RegisteredRoute } from '../../../src/service/http/typed-app.js';
import { startTestService, TEST_PASSWORD, type TestService } from '../../helpers/test-service.js';

interface JsonSchema {
  type?: string | string[];
  enum?: unknown[];
  anyOf?: JsonSchema[];
  const?: unknown;
  format?: string;
  default?: unknown;
  properties?: Record<string, JsonSchema>;
  required?: string[];
}

const UNKNOWN = 'no-such-value';

/**
 * The values a parameter allows when it is a closed list, whether written as an enum (StringEnum) or as a union of
 * literals (anyOf of const): the second is what this test exists to catch, since Ajv words it as a cascade.
 */
function allowedValues(schema: JsonSchema): unknown[] | undefined {
  if (Array.isArray(schema.enum)) return schema.enum;
  if (Array.isArray(schema.anyOf) && schema.anyOf.every((s) => 'const' in s)) return schema.anyOf.map((s) => s.const);
  return undefined;
}

/** A value the schema accepts, for the parameters that are not under test. */
function validSample(schema: JsonSchema): string {
  const allowed = allowedValues(schema);
  if (allowed) return String(allowed.find((v) => v !== null));
  if (schema.format === 'uuid') return '00000000-0000-4000-8000-000000000000';
  return 'x';
}

function propertiesOf(schema: unknown): Record<string, JsonSchema> {
  return ((schema ?? {}) as JsonSchema).properties ?? {};
}

function requiredQuery(route: RegisteredRoute, except: string): URLSearchParams {
  const query = new URLSearchParams();
  const schema = (route.querystring ?? {}) as JsonSchema;
  for (const name of schema.required ?? []) {
    const property = propertiesOf(schema)[name]!;
    // Ajv fills a default before checking "required", so only parameters without one need a value.
    if (name !== except && !('default' in property)) query.set(name, validSample(property));
  }
  return query;
}

function pathWith(route: RegisteredRoute, override?: [string, string]): string {
  const params = propertiesOf(route.params);
  return route.url.replace(/:([A-Za-z_]+)/g, (_match, name: string) =>
    encodeURIComponent(override?.[0] === name ? override[1] : params[name] ? validSample(params[name]) : 'x'),
  );
}

interface Probe {
  route: RegisteredRoute;
  part: 'querystring' | 'params';
  name: string;
  allowed: unknown[];
  url: string;
}

function probesOf(routes: RegisteredRoute[]): Probe[] {
  const probes: Probe[] = [];
  for (const route of routes) {
    for (const [name, schema] of Object.entries(propertiesOf(route.querystring))) {
      const allowed = allowedValues(schema);
      if (!allowed) continue;
      const query = requiredQuery(route, name);
      query.set(name, UNKNOWN);
      probes.push({ route, part: 'querystring', name, allowed, url: `${pathWith(route)}?${query.toString()}` });
    }
    for (const [name, schema] of Object.entries(propertiesOf(route.params))) {
      const allowed = allowedValues(schema);
      if (allowed) probes.push({ route, part: 'params', name, allowed, url: pathWith(route, [name, UNKNOWN]) });
    }
  }
  return probes;
}

describe('an unknown value of an enumerated parameter reads the same on every route', () => {
  let t: TestService;
  let token: string;
  beforeAll(async () => {
    t = await startTestService();
    token = issueToken(TEST_PASSWORD, Date.now()).token;
  });
  afterAll(async () => t?.close());

  it('finds the enumerated parameters of the catalogue, search, price-change and routing routes', () => {
    const found = probesOf(t.service.http.registeredRoutes).map((p) => `${p.route.method} ${p.route.url} ${p.part}/${p.name}`);
    expect(found).toEqual(
      expect.arrayContaining([
        'GET /api/transceivers querystring/fiber_type',
        'GET /api/transceivers querystring/sort',
        'GET /search/products querystring/fiber_type',
        'GET /search/products querystring/wdm_type',
        'GET /api/price-changes querystring/direction',
        'GET /api/rib/dump querystring/afi',
        'GET /api/vendors querystring/kind',
        'GET /api/form-factors querystring/lang',
        'POST /api/import/:kind params/kind',
      ]),
    );
  });

  it('has no anyOf in any request schema, so no bad value is answered with a cascade of one error per branch', () => {
    const unions = t.service.http.registeredRoutes
      .filter((route) => JSON.stringify([route.params, route.querystring, route.body]).includes('"anyOf"'))
      .map((route) => `${route.method} ${route.url}`);
    expect(unions).toEqual([]);
  });

  it('answers 400 "<part>/<name> must be one of: <values>" to each of them', async () => {
    const failures: string[] = [];
    for (const probe of probesOf(t.service.http.registeredRoutes)) {
      const label = `${probe.route.method} ${probe.url}`;
      // Fastify checks a body before the query string, so a non-GET route would need a valid body here.
      if (probe.part === 'querystring' && probe.route.method !== 'GET') {
        failures.push(`${label}: extend this test with a valid body for ${probe.route.method} routes`);
        continue;
      }
      const needsToken = !probe.route.public && routeNeedsToken(probe.route.url);
      const response = await t.service.http.inject({
        method: probe.route.method as 'GET',
        url: probe.url,
        headers: needsToken ? { authorization: `Bearer ${token}` } : {},
      });
      const expected = `${probe.part}/${probe.name} must be one of: ${probe.allowed.join(', ')}`;
      const body = response.json() as { error?: string; message?: string };
      if (response.statusCode !== 400 || body.message !== expected) {
        failures.push(`${label}: ${response.statusCode} ${JSON.stringify(body.message)}, expected 400 "${expected}"`);
      }
    }
    expect(failures).toEqual([]);
  });
});
