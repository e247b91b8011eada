/**
 * Turns the service's OpenAPI document into docs/api-reference.md. Pure and deterministic (sorted, no dates, no
 * version), so the test that renders it again can demand byte equality with the committed file.
 */

/** The parts of an OpenAPI 3.0 schema object that the routes' TypeBox schemas produce. */
export interface JsonSchema {
  type?: string;
  title?: string;
  description?: string;
  nullable?: boolean;
  enum?: unknown[];
  anyOf?: JsonSchema[];
  items?: JsonSchema;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  additionalProperties?: boolean | JsonSchema;
  default?: unknown;
  format?: string;
  pattern?: string;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
  minLength?: number;
  maxLength?: number;
  minItems?: number;
  maxItems?: number;
}

interface Parameter {
  name: string;
  in: string;
  required?: boolean;
  description?: string;
  schema?: JsonSchema;
}

interface MediaTypes {
  content?: Record<string, { schema?: JsonSchema }>;
}

interface Operation {
  summary?: string;
  description?: string;
  tags?: string[];
  security?: Array<Record<string, string[]>>;
  parameters?: Parameter[];
  requestBody?: MediaTypes & { required?: boolean };
  responses?: Record<string, MediaTypes & { description?: string }>;
}

export interface OpenApiDocument {
  info: { title: string; description?: string };
  security?: Array<Record<string, string[]>>;
  paths: Record<string, Record<string, Operation>>;
}

const METHOD_ORDER = ['get', 'post', 'put', 'patch', 'delete'];
/** Code-unit order, not the locale's, so every machine writes the same file. */
const byCodeUnits = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
/** Responses carrying the shared error body ({error, message, details?}) are listed together, not field by field. */
const ERROR_TITLE = 'Error';

/** Outside code spans, `<word>` would be taken for an HTML tag and vanish. */
const escapeAngles = (text: string) =>
  text
    .split('`')
    .map((part, i) => (i % 2 === 0 ? part.replace(/</g, '&lt;') : part))
    .join('`');
const cell = (text: string) => escapeAngles(text.replace(/\r?\n/g, ' ').replace(/\|/g, '\\|').trim());
const code = (value: unknown) => `\`${typeof value === 'string' ? value : JSON.stringify(value)}\``;
const table = (head: string[], rows: string[][]) =>
  [`| ${head.join(' | ')} |`, `|${head.map(() => '---').join('|')}|`, ...rows.map((r) => `| ${r.map(cell).join(' | ')} |`)].join('\n');

/** Enumerations written as anyOf of one-value enums (TypeBox unions of literals) read as one enumeration. */
function enumValues(schema: JsonSchema): unknown[] | undefined {
  if (schema.enum) return schema.enum;
  if (schema.anyOf && schema.anyOf.every((s) => s.enum?.length === 1)) return schema.anyOf.map((s) => s.enum?.[0]);
  return undefined;
}

export function typeName(schema: JsonSchema): string {
  let name: string;
  if (schema.anyOf && !enumValues(schema)) name = schema.anyOf.map(typeName).join(' or ');
  else if (schema.type === 'array') name = `${schema.items ? typeName(schema.items) : 'any'}[]`;
  else if (schema.type === 'object' && !schema.properties && typeof schema.additionalProperties === 'object')
    name = `map of ${typeName(schema.additionalProperties)}`;
  else name = schema.type ?? (schema.anyOf ? (schema.anyOf[0]?.type ?? 'any') : 'any');
  if (schema.format) name += ` (${schema.format})`;
  return schema.nullable ? `${name} or null` : name;
}

/** Allowed values and limits in one phrase: enumerations, ranges, lengths, sizes and patterns. */
export function limits(schema: JsonSchema): string {
  const parts: string[] = [];
  const values = enumValues(schema);
  if (values) parts.push(`one of ${values.map(code).join(', ')}`);
  if (schema.minimum !== undefined) parts.push(`>= ${schema.minimum}`);
  if (schema.exclusiveMinimum !== undefined) parts.push(`> ${schema.exclusiveMinimum}`);
  if (schema.maximum !== undefined) parts.push(`<= ${schema.maximum}`);
  if (schema.exclusiveMaximum !== undefined) parts.push(`< ${schema.exclusiveMaximum}`);
  if (schema.minLength !== undefined || schema.maxLength !== undefined) parts.push(`length ${schema.minLength ?? 0}..${schema.maxLength ?? '∞'}`);
  if (schema.minItems !== undefined || schema.maxItems !== undefined) parts.push(`${schema.minItems ?? 0}..${schema.maxItems ?? '∞'} items`);
  if (schema.pattern) parts.push(`pattern ${code(schema.pattern)}`);
  if (schema.type === 'array' && schema.items) {
    const inner = limits(schema.items);
    if (inner) parts.push(`each ${inner}`);
  }
  if (!schema.properties && typeof schema.additionalProperties === 'object') {
    const inner = limits(schema.additionalProperties);
    if (inner) parts.push(`each value ${inner}`);
  }
  return parts.join('; ');
}

const defaultOf = (schema: JsonSchema) => (schema.default === undefined ? '' : code(schema.default));

/** Every field of an object body, nested ones as dotted paths (`items[].id`, `weights.*`), in schema order. */
export function fieldRows(schema: JsonSchema, prefix = ''): string[][] {
  const rows: string[][] = [];
  const required = new Set(schema.required ?? []);
  for (const [name, field] of Object.entries(schema.properties ?? {})) {
    const path = `${prefix}${name}`;
    rows.push([code(path), typeName(field), required.has(name) ? 'yes' : 'no', defaultOf(field), limits(field), field.description ?? '']);
    rows.push(...nestedRows(field, path));
  }
  return rows;
}

function nestedRows(field: JsonSchema, path: string): string[][] {
  if (field.properties) return fieldRows(field, `${path}.`);
  if (field.type === 'array' && field.items) return nestedRows(field.items, `${path}[]`);
  if (typeof field.additionalProperties === 'object') return nestedRows(field.additionalProperties, `${path}.*`);
  return [];
}

const FIELD_HEAD = ['field', 'type', 'required', 'default', 'values / limits', 'description'];

/** A body: its fields when it is an object (or a list of objects), else its type in one line. */
function renderBody(mediaType: string, schema: JsonSchema | undefined): string {
  if (!schema) return `\`${mediaType}\``;
  const rows = schema.properties ? fieldRows(schema) : nestedRows(schema, '');
  const summary = `\`${mediaType}\`: ${typeName(schema)}${schema.title ? ` (${schema.title})` : ''}${schema.description ? `. ${cell(schema.description)}` : ''}`;
  return rows.length === 0 ? summary : `${summary}\n\n${table(FIELD_HEAD, rows)}`;
}

const isPublic = (doc: OpenApiDocument, op: Operation) => (op.security ?? doc.security ?? []).length === 0;

function renderOperation(doc: OpenApiDocument, method: string, path: string, op: Operation): string {
  const out = [`### \`${method.toUpperCase()} ${path}\``, ''];
  if (op.summary) out.push(escapeAngles(`${op.summary}.`.replace(/\.\.$/, '.')), '');
  if (op.description) out.push(escapeAngles(op.description), '');
  out.push(`Authentication: ${isPublic(doc, op) ? 'none' : 'bearer token (`Authorization: Bearer <token>`)'}.`, '');

  const params = op.parameters ?? [];
  if (params.length > 0) {
    const rows = params.map((p) => {
      const schema = p.schema ?? {};
      return [code(p.name), p.in, typeName(schema), p.required ? 'yes' : 'no', defaultOf(schema), limits(schema), p.description ?? schema.description ?? ''];
    });
    out.push('Parameters:', '', table(['name', 'in', 'type', 'required', 'default', 'values / limits', 'description'], rows), '');
  }

  const body = op.requestBody?.content;
  if (body) {
    out.push(`Request body${op.requestBody?.required ? '' : ' (optional)'}:`, '');
    for (const mediaType of Object.keys(body).sort()) out.push(renderBody(mediaType, body[mediaType]?.schema), '');
  }

  const statuses = Object.keys(op.responses ?? {}).sort();
  const errors: string[][] = [];
  for (const status of statuses) {
    const response = op.responses?.[status] ?? {};
    const content = response.content ?? {};
    const mediaTypes = Object.keys(content).sort();
    if (mediaTypes.length > 0 && mediaTypes.every((m) => content[m]?.schema?.title === ERROR_TITLE)) {
      errors.push([status, response.description ?? '']);
      continue;
    }
    const description = response.description && response.description !== 'Default Response' ? `: ${cell(response.description)}` : '';
    out.push(`Response **${status}**${description}`, '');
    if (mediaTypes.length === 0) out.push('No body.', '');
    for (const mediaType of mediaTypes) out.push(renderBody(mediaType, content[mediaType]?.schema), '');
  }
  if (errors.length > 0) out.push('Errors (JSON `{error, message, details?}`):', '', table(['status', 'when'], errors), '');
  return out.join('\n');
}

interface Entry {
  tag: string;
  method: string;
  path: string;
  op: Operation;
}

function entries(doc: OpenApiDocument): Entry[] {
  const list: Entry[] = [];
  for (const path of Object.keys(doc.paths)) {
    for (const [method, op] of Object.entries(doc.paths[path] ?? {})) {
      if (METHOD_ORDER.includes(method)) list.push({ tag: op.tags?.[0] ?? 'other', method, path, op });
    }
  }
  return list.sort((a, b) => byCodeUnits(a.tag, b.tag) || byCodeUnits(a.path, b.path) || METHOD_ORDER.indexOf(a.method) - METHOD_ORDER.indexOf(b.method));
}

export function renderApiReference(doc: OpenApiDocument): string {
  const all = entries(doc);
  const tags = [...new Set(all.map((e) => e.tag))];
  const out = [
    '# API reference',
    '',
    "<!-- Generated by `npm run docs:api` (scripts/api-reference.ts) from the service's OpenAPI document. Do not edit by hand:",
    '     change the route schemas, then run `npm run docs:api`; tests/unit/core/api-reference.test.ts fails while this file is stale. -->',
    '',
    escapeAngles(`${doc.info.title}. ${doc.info.description ?? ''}`.trim()),
    '',
    'The running service serves the same document as OpenAPI at `/docs/json` and as Swagger UI at `/docs`. Query',
    'parameters are strings on the wire and are converted to the types below; a value that does not convert or breaks',
    'a limit answers 400 with a message naming the parameter. Every number a route takes has the range shown, within',
    "JavaScript's exact integers: `Infinity`, `NaN`, a JSON `1e400` or an integer beyond 2^53 answers 400 like any value",
    'out of range.',
    '',
    'Requests per client address are limited per window (`RATE_LIMIT_MAX`, `RATE_LIMIT_LOGIN_MAX` for the login); a 429',
    'names the limit and its window, with `Retry-After`. `GET /api/health` has a budget of its own',
    "(`RATE_LIMIT_HEALTH_MAX`) and the dashboard's files none. A request must arrive whole within `REQUEST_TIMEOUT_MS`;",
    'a slower one is answered 408 and its connection closed.',
    '',
    '## Endpoints',
    '',
    table(
      ['section', 'method', 'path', 'summary', 'auth'],
      all.map((e) => [e.tag, e.method.toUpperCase(), code(e.path), e.op.summary ?? '', isPublic(doc, e.op) ? 'none' : 'token']),
    ),
    '',
  ];
  for (const tag of tags) {
    out.push(`## ${tag}`, '');
    for (const e of all.filter((x) => x.tag === tag)) out.push(renderOperation(doc, e.method, e.path, e.op));
  }
  return `${out
    .join('\n')
    .replace(/\n{3,}/g, '\n\n')
    .trimEnd()}\n`;
}
