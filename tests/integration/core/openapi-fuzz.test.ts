import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestService, type TestService } from '../../helpers/test-service.js';

interface Schema {
  type?: string | string[];
  enum?: unknown[];
  format?: string;
  default?: unknown;
  minimum?: number;
  maximum?: number;
  minLength?: number;
  pattern?: string;
  properties?: Record<string, Schema>;
  required?: string[];
  items?: Schema;
  anyOf?: Schema[];
  nullable?: boolean;
}
interface Parameter {
  name: string;
  in: 'query' | 'path' | 'header';
  required?: boolean;
  schema: Schema;
}
interface Operation {
  parameters?: Parameter[];
  requestBody?: { content: Record<string, { schema: Schema }> };
}
type Document = { paths: Record<string, Record<string, Operation>> };

/** Wrong and boundary values, as text (query, path and header parameters arrive as text). */
const TEXT_PROBES = [
  '99999999999999999999',
  '-1',
  '-99999999999999999999',
  'NaN',
  'Infinity',
  '-Infinity',
  '1e308',
  '1e400',
  '-1e400',
  '9007199254740993',
  '0.5',
  '',
  'x'.repeat(10_000),
  '%00',
  '[]',
  '{}',
  'null',
  'true',
];
/** Wrong and boundary values for JSON body fields. */
const JSON_PROBES: unknown[] = [1e20, -1, -1e308, 1e308, 5e-324, 0, 0.5, '', 'x'.repeat(10_000), null, true, [], {}, [1, 'a', null], 'NaN'];
/**
 * Number literals that JSON.parse cannot hold as written: beyond the largest double (Infinity), and one past the
 * largest exact integer (read as 2^53). A numeric body field given one of them must be refused with a 400.
 */
const NUMBER_LITERALS = ['1e400', '-1e400', '9007199254740993', '-9007199254740993'];
/** Text a numeric parameter must refuse: not finite, or not exactly representable. */
const NUMBER_TEXTS = new Set(['NaN', 'Infinity', '-Infinity', '1e400', '-1e400', '9007199254740993']);
/** Whole bodies that are not what any route takes. */
const RAW_BODIES: Array<{ body: string; type: string }> = [
  { body: '', type: 'application/json' },
  { body: '{', type: 'application/json' },
  { body: '{"a":', type: 'application/json' },
  { body: '[]', type: 'application/json' },
  { body: 'null', type: 'application/json' },
  { body: '"text"', type: 'application/json' },
  { body: 'plain text', type: 'text/plain' },
  { body: '<x/>', type: 'application/xml' },
  { body: '--B\r\nContent-Disposition: form-data; name="file"; filename="a.pdf"\r\n\r\n%PDF-1.', type: 'multipart/form-data; boundary=B' },
];

/** A value the schema accepts, so a probe changes one thing at a time. */
function sample(schema: Schema | undefined): unknown {
  if (!schema) return 'x';
  if (schema.default !== undefined) return schema.default;
  if (schema.enum) return schema.enum.find((v) => v !== null);
  if (schema.anyOf) return sample(schema.anyOf[0]);
  const type = Array.isArray(schema.type) ? schema.type.find((t) => t !== 'null') : schema.type;
  if (schema.format === 'uuid') return '00000000-0000-4000-8000-000000000000';
  if (schema.format === 'date') return '2026-01-01';
  if (schema.format === 'date-time') return '2026-01-01T00:00:00.000Z';
  switch (type) {
    case 'integer':
    case 'number':
      return Math.max(schema.minimum ?? 1, 1);
    case 'boolean':
      return false;
    case 'array':
      return [];
    case 'object': {
      const out: Record<string, unknown> = {};
      for (const name of schema.required ?? []) out[name] = sample(schema.properties?.[name]);
      return out;
    }
    default:
      return 'x'.repeat(Math.max(1, schema.minLength ?? 1));
  }
}

function isNumeric(schema: Schema | undefined): boolean {
  const types = Array.isArray(schema?.type) ? schema.type : [schema?.type];
  return types.includes('number') || types.includes('integer');
}

type FieldPath = Array<string | number>;

/** Where the numbers of a body schema sit, nested objects and array items included (an array item is index 0). */
function numericPaths(schema: Schema | undefined, at: FieldPath = []): FieldPath[] {
  if (!schema) return [];
  if (isNumeric(schema)) return [at];
  if (schema.anyOf)
    return numericPaths(
      schema.anyOf.find((s) => s.type !== 'null'),
      at,
    );
  const nested = Object.entries(schema.properties ?? {}).flatMap(([name, s]) => numericPaths(s, [...at, name]));
  return schema.items ? [...nested, ...numericPaths(schema.items, [...at, 0])] : nested;
}

/** A valid value of the schema with the value at `path` replaced by a marker string. */
function sampleWithMarker(schema: Schema | undefined, path: FieldPath, marker: string): unknown {
  if (path.length === 0) return marker;
  const [head, ...rest] = path;
  if (typeof head === 'number') {
    const item = schema?.anyOf ? schema.anyOf.find((s) => s.items)?.items : schema?.items;
    return [sampleWithMarker(item, rest, marker)];
  }
  const object = schema?.anyOf?.find((s) => s.properties) ?? schema;
  return { ...(sample(object) as Record<string, unknown>), [head as string]: sampleWithMarker(object?.properties?.[head as string], rest, marker) };
}

interface Probe {
  method: string;
  path: string;
  query: Record<string, string>;
  headers: Record<string, string>;
  body?: string;
  contentType?: string;
  what: string;
  /** The probe carries a number the route must refuse, so its answer must be a 400. */
  mustRefuse?: boolean;
}

/** Every probe of one operation: each parameter and each top-level body field in turn, then whole wrong bodies. */
function probesOf(method: string, template: string, op: Operation): Probe[] {
  const params = op.parameters ?? [];
  const base = (): Omit<Probe, 'what'> => {
    const query: Record<string, string> = {};
    const headers: Record<string, string> = {};
    let path = template;
    for (const p of params) {
      const value = String(sample(p.schema));
      if (p.in === 'path') path = path.replace(`{${p.name}}`, encodeURIComponent(value));
      else if (p.required && p.in === 'query') query[p.name] = value;
      else if (p.required && p.in === 'header') headers[p.name] = value;
    }
    const json = op.requestBody?.content['application/json']?.schema;
    return { method, path, query, headers, ...(json ? { body: JSON.stringify(sample(json)), contentType: 'application/json' } : {}) };
  };
  const probes: Probe[] = [];
  for (const p of params) {
    for (const value of TEXT_PROBES) {
      const probe: Probe = { ...base(), what: `${p.in} ${p.name}=${value.slice(0, 24)}`, mustRefuse: isNumeric(p.schema) && NUMBER_TEXTS.has(value) };
      if (p.in === 'path') probe.path = template.replace(`{${p.name}}`, encodeURIComponent(value) || '%20');
      else if (p.in === 'query') probe.query = { ...probe.query, [p.name]: value };
      else probe.headers = { ...probe.headers, [p.name]: value };
      probes.push(probe);
    }
  }
  const json = op.requestBody?.content['application/json']?.schema;
  for (const field of Object.keys(json?.properties ?? {})) {
    for (const value of JSON_PROBES) {
      const body = { ...(sample(json) as Record<string, unknown>), [field]: value };
      probes.push({ ...base(), body: JSON.stringify(body), contentType: 'application/json', what: `body ${field}=${JSON.stringify(value).slice(0, 24)}` });
    }
  }
  const marker = 'number-under-test';
  for (const path of numericPaths(json)) {
    for (const literal of NUMBER_LITERALS) {
      const body = JSON.stringify(sampleWithMarker(json, path, marker)).replace(`"${marker}"`, literal);
      probes.push({ ...base(), body, contentType: 'application/json', what: `body ${path.join('.')}=${literal}`, mustRefuse: true });
    }
  }
  if (method !== 'get' && method !== 'delete') {
    for (const raw of RAW_BODIES)
      probes.push({ ...base(), body: raw.body, contentType: raw.type, what: `raw body ${raw.type} ${JSON.stringify(raw.body.slice(0, 16))}` });
  }
  return probes;
}

/**
 * Walks the service's own OpenAPI document and sends every route wrong and boundary values, one parameter or
 * body field at a time, with a valid token: never a 5xx, always a JSON error, and the service still answers.
 */
describe('fuzzing every route of the OpenAPI document', () => {
  let t: TestService;
  let token: string;
  beforeAll(async () => {
    // RIS points at a closed port: the gateway answers with its fallback at once instead of waiting on a daemon.
    t = await startTestService({ listen: true, env: { RIS_ADDRESS: '127.0.0.1:1', RATE_LIMIT_LOGIN_MAX: '100000' } });
    token = await t.login();
  });
  afterAll(async () => t?.close());

  // The walk grows with every route the API gains; its time cap is generous so a loaded CI machine does not fail it.
  it('answers every probe below 500 with a JSON error body, and stays healthy', async () => {
    const doc = (await (await fetch(`${t.url}/docs/json`)).json()) as Document;
    const probes: Probe[] = [];
    for (const [template, methods] of Object.entries(doc.paths)) {
      // The WebSocket route only upgrades; the docs and dashboard pages serve files.
      if (template.startsWith('/ws/') || template.startsWith('/docs') || template.startsWith('/dashboard')) continue;
      for (const [method, op] of Object.entries(methods)) probes.push(...probesOf(method, template, op));
    }
    const counts = { requests: 0, '2xx': 0, '3xx': 0, '4xx': 0, '5xx': 0 };
    const failures: string[] = [];
    for (const probe of probes) {
      const url = new URL(`${t.url}${probe.path}`);
      for (const [name, value] of Object.entries(probe.query)) url.searchParams.set(name, value);
      const headers: Record<string, string> = { ...probe.headers, authorization: `Bearer ${token}` };
      if (probe.contentType) headers['content-type'] = probe.contentType;
      const response = await fetch(url, {
        method: probe.method.toUpperCase(),
        headers,
        ...(probe.body !== undefined ? { body: probe.body } : {}),
        redirect: 'manual',
      });
      const text = await response.text();
      counts.requests += 1;
      const family = `${Math.floor(response.status / 100)}xx` as keyof typeof counts;
      counts[family] += 1;
      const where = `${probe.method.toUpperCase()} ${probe.path} (${probe.what})`;
      if (response.status >= 500) failures.push(`${where}: ${response.status} ${text.slice(0, 200)}`);
      else if (probe.mustRefuse && response.status !== 400) failures.push(`${where}: ${response.status} instead of 400: ${text.slice(0, 160)}`);
      else if (response.status >= 400) {
        const body = (() => {
          try {
            return JSON.parse(text) as { error?: unknown; message?: unknown };
          } catch {
            return undefined;
          }
        })();
        if (typeof body?.error !== 'string' || typeof body.message !== 'string')
          failures.push(`${where}: ${response.status} without a JSON error: ${text.slice(0, 120)}`);
      }
    }
    console.log(
      `OpenAPI fuzz: ${counts.requests} requests over ${Object.keys(doc.paths).length} paths; 2xx ${counts['2xx']}, 3xx ${counts['3xx']}, 4xx ${counts['4xx']}, 5xx ${counts['5xx']}`,
    );
    expect(failures).toEqual([]);
    expect(counts['5xx']).toBe(0);
    expect(counts['4xx']).toBeGreaterThan(counts.requests / 2);
    const health = await fetch(`${t.url}/api/health`);
    expect(health.status).toBe(200);
  }, 180_000);

  it('documents a range within the exact integers for every number a route takes', async () => {
    const doc = (await (await fetch(`${t.url}/docs/json`)).json()) as Document;
    const unbounded: string[] = [];
    const check = (schema: Schema | undefined, where: string) => {
      for (const path of numericPaths(schema)) {
        let s: Schema | undefined = schema;
        for (const step of path) {
          const object: Schema | undefined = s?.anyOf?.find((x) => x.properties ?? x.items) ?? s;
          s = typeof step === 'number' ? object?.items : object?.properties?.[step];
        }
        const bounds = s as Schema & { exclusiveMinimum?: number; exclusiveMaximum?: number };
        const low = bounds.minimum ?? bounds.exclusiveMinimum;
        const high = bounds.maximum ?? bounds.exclusiveMaximum;
        const exact = (n: number | undefined) => n !== undefined && Math.abs(n) <= Number.MAX_SAFE_INTEGER;
        if (!exact(low) || !exact(high)) unbounded.push(`${where}${path.length > 0 ? ` ${path.join('.')}` : ''}: ${low ?? '-'}..${high ?? '-'}`);
      }
    };
    for (const [template, methods] of Object.entries(doc.paths)) {
      for (const [method, op] of Object.entries(methods)) {
        for (const p of op.parameters ?? []) check(p.schema, `${method.toUpperCase()} ${template} ${p.in} ${p.name}`);
        check(op.requestBody?.content['application/json']?.schema, `${method.toUpperCase()} ${template} body`);
      }
    }
    expect(unbounded).toEqual([]);
  });

  it('documents parameters with a default as optional, and describes the WebSocket messages of /ws/rib', async () => {
    const doc = (await (await fetch(`${t.url}/docs/json`)).json()) as Document;
    const withDefault = Object.entries(doc.paths).flatMap(([path, methods]) =>
      Object.entries(methods).flatMap(([method, op]) =>
        (op.parameters ?? []).filter((p) => p.schema.default !== undefined).map((p) => ({ at: `${method} ${path} ${p.name}`, required: p.required ?? false })),
      ),
    );
    expect(withDefault.length).toBeGreaterThan(10);
    expect(withDefault.filter((p) => p.required)).toEqual([]);
    const dump = doc.paths['/api/rib/dump']?.get?.parameters ?? [];
    expect(dump.filter((p) => ['limit', 'afi'].includes(p.name)).map((p) => p.required ?? false)).toEqual([false, false]);
    const ws = doc.paths['/ws/rib']?.get as (Operation & { description?: string }) | undefined;
    for (const type of ['status', 'add', 'withdraw', 'end_of_rib', 'error']) expect(ws?.description).toContain(`\`${type}\``);
  });
});
