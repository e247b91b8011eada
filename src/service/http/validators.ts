import { Ajv, type Options } from 'ajv';
import addFormatsImport from 'ajv-formats';
import type { FastifySchemaCompiler } from 'fastify';

// ajv-formats ships CommonJS with a default export; under NodeNext the callable sits on .default.
type AddFormats = (ajv: Ajv) => Ajv;
const addFormats: AddFormats =
  (addFormatsImport as unknown as { default?: AddFormats }).default ?? (addFormatsImport as unknown as AddFormats);

const BASE: Options = { useDefaults: true, removeAdditional: false, allErrors: false, strict: false };

/**
 * Two validators: query strings, path parameters and headers arrive as text and are coerced ("20" -> 20, a lone
 * value -> [value]); JSON bodies are validated as sent, so {"password": 12345} is refused rather than turned into "12345".
 */
export function createValidatorCompiler(): FastifySchemaCompiler<unknown> {
  const coercing = addFormats(new Ajv({ ...BASE, coerceTypes: 'array' }));
  const strict = addFormats(new Ajv({ ...BASE, coerceTypes: false }));
  return ({ schema, httpPart }) => {
    const ajv = httpPart === 'body' ? strict : coercing;
    return ajv.compile(schema as object);
  };
}
