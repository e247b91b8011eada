import type { FastifySchema } from 'fastify';

type JsonObjectSchema = { properties?: Record<string, { default?: unknown }>; required?: string[] };

/**
 * A query parameter with a default is optional to the caller: Ajv fills it in (useDefaults), which is why the
 * validation schema lists it as required and the handler's type has no undefined. The OpenAPI document describes
 * the caller's side, so there it drops out of `required`.
 */
function callerView(part: unknown): unknown {
  const schema = part as JsonObjectSchema | undefined;
  if (!schema?.properties || !Array.isArray(schema.required)) return part;
  const properties = schema.properties;
  const required = schema.required.filter((name) => properties[name]?.default === undefined);
  return { ...schema, required };
}

export function withOptionalDefaults(schema: FastifySchema): FastifySchema {
  return { ...schema, querystring: callerView(schema.querystring), params: callerView(schema.params), headers: callerView(schema.headers) };
}
