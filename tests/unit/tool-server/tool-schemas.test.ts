import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { allTools, type Tool } from '../../../src/tool-server/index.js';
import { startTestService, type TestService } from '../../helpers/test-service.js';

/**
 * Each tool's zod input schema against the schema of the HTTP route it calls, as the service's own OpenAPI document
 * states it: the same fields, the same required ones, and the same types, closed lists, limits, patterns, formats and
 * defaults. Descriptions may differ (a tool's speaks to a model), but every field must have one.
 */
type JsonSchema = Record<string, unknown> & { properties?: Record<string, JsonSchema>; required?: string[]; items?: JsonSchema };
type OpenApiOperation = {
  parameters?: { name: string; in: string; required?: boolean; schema: JsonSchema }[];
  requestBody?: { content: Record<string, { schema: JsonSchema }> };
};

const COMPARED = ['type', 'enum', 'minimum', 'maximum', 'minLength', 'maxLength', 'maxItems', 'format', 'default', 'additionalProperties'] as const;

/** The constraints of one field, nested objects and array items included, in one comparable shape. */
function constraints(schema: JsonSchema): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const key of COMPARED) if (schema[key] !== undefined) out[key] = schema[key];
  // z.iso.date() adds a pattern for its format; the format is the contract.
  if (schema.pattern !== undefined && schema.format === undefined) out.pattern = schema.pattern;
  if (schema.items) out.items = constraints(schema.items);
  if (schema.properties) out.properties = objectShape(schema);
  return out;
}

function objectShape(schema: JsonSchema): Record<string, unknown> {
  const required = new Set(schema.required ?? []);
  return Object.fromEntries(Object.entries(schema.properties ?? {}).map(([name, field]) => [name, { required: required.has(name), ...constraints(field) }]));
}

/** The route's inputs (path, query, JSON body) as one object schema. */
function routeInput(operation: OpenApiOperation): JsonSchema {
  const properties: Record<string, JsonSchema> = {};
  const required: string[] = [];
  for (const parameter of operation.parameters ?? []) {
    properties[parameter.name] = parameter.schema;
    if (parameter.required) required.push(parameter.name);
  }
  const body = operation.requestBody?.content['application/json']?.schema;
  for (const [name, field] of Object.entries(body?.properties ?? {})) properties[name] = field;
  required.push(...(body?.required ?? []));
  return { type: 'object', properties, required };
}

function toolInput(tool: Tool): JsonSchema {
  return z.toJSONSchema(z.object(tool.input), { io: 'input', target: 'draft-7' }) as JsonSchema;
}

function descriptionsMissing(schema: JsonSchema, prefix = ''): string[] {
  return Object.entries(schema.properties ?? {}).flatMap(([name, field]) => [
    ...(typeof field.description === 'string' && field.description.length > 5 ? [] : [`${prefix}${name}`]),
    ...descriptionsMissing(field, `${prefix}${name}.`),
  ]);
}

describe('tool input schemas match the HTTP routes they call', () => {
  let service: TestService;
  let paths: Record<string, Record<string, OpenApiOperation>>;
  beforeAll(async () => {
    service = await startTestService();
    paths = (service.service.http.swagger() as unknown as { paths: Record<string, Record<string, OpenApiOperation>> }).paths;
  });
  afterAll(async () => {
    await service?.close();
  });

  it('offers twelve tools with distinct names, each calling a distinct route', () => {
    const tools = allTools();
    expect(tools).toHaveLength(12);
    expect(new Set(tools.map((t) => t.name)).size).toBe(12);
    expect(new Set(tools.map((t) => `${t.route.method} ${t.route.path}`)).size).toBe(12);
  });

  it.each(allTools().map((tool) => [tool.name, tool] as const))('%s: same fields, required fields and limits as its route', (_name, tool) => {
    const openApiPath = tool.route.path.replace(/:([A-Za-z_]+)/g, '{$1}');
    const operation = paths[openApiPath]?.[tool.route.method.toLowerCase()];
    expect(operation, `${tool.route.method} ${tool.route.path} is not a route of the service`).toBeDefined();
    expect(objectShape(toolInput(tool))).toEqual(objectShape(routeInput(operation!)));
    expect(descriptionsMissing(toolInput(tool))).toEqual([]);
  });

  it('would notice a drifted limit', () => {
    const finder = allTools().find((t) => t.name === 'find_vendor_products_for_switch')!;
    const drifted = { ...finder, input: { switch: z.string().min(2).max(121).describe('The switch') } };
    const operation = paths['/api/finder']!.get!;
    expect(objectShape(toolInput(drifted))).not.toEqual(objectShape(routeInput(operation)));
  });
});
