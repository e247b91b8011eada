import { Ajv, type Options, type ValidateFunction } from 'ajv';
import addFormatsImport from 'ajv-formats';
import type { FastifySchemaCompiler } from 'fastify';

// ajv-formats ships CommonJS with a default export; under NodeNext the callable sits on .default.
type AddFormats = (ajv: Ajv) => Ajv;
const addFormats: AddFormats = (addFormatsImport as unknown as { default?: AddFormats }).default ?? (addFormatsImport as unknown as AddFormats);

const BASE: Options = { useDefaults: true, removeAdditional: false, allErrors: false, strict: false };

/**
 * Two validators: query strings, path parameters and headers arrive as text and are coerced ("20" -> 20, a lone
 * value -> [value]); JSON bodies are validated as sent, so {"password": 12345} is refused rather than turned into "12345".
 */
export interface ValidatorCompiler {
  compiler: FastifySchemaCompiler<unknown>;
  /** Compiles every validator not yet used; tests call it so a broken schema fails there, not on a first request. */
  compileAll(): void;
}

/**
 * Validators compile on their route's first request, not at start: compiling every route's schemas up front cost
 * about 150 ms of the service's start-up, and most routes of a laptop's session are never called.
 */
export function createValidatorCompiler(): ValidatorCompiler {
  const coercing = addFormats(new Ajv({ ...BASE, coerceTypes: 'array' }));
  // strict: false lets schemas carry keywords ajv does not know, but it also turns off strictNumbers, which alone
  // refuses Infinity as a number (a body's 1e400 parses as Infinity), so bodies turn it back on. Text is left
  // without it: there a coerced "Infinity" would then skip the range keywords, which refuse it as they stand.
  const strict = addFormats(new Ajv({ ...BASE, coerceTypes: false, strictNumbers: true }));
  const pending: Array<() => unknown> = [];
  const compiler: FastifySchemaCompiler<unknown> = ({ schema, httpPart }) => {
    const ajv = httpPart === 'body' ? strict : coercing;
    let compiled: ValidateFunction | undefined;
    const compile = () => (compiled ??= ajv.compile(schema as object));
    pending.push(compile);
    // Fastify reads the errors from the function it was given, so they are copied from the compiled one.
    const validate = (data: unknown) => {
      const fn = compile();
      const ok = fn(data);
      validate.errors = fn.errors;
      return ok;
    };
    validate.errors = null as ValidateFunction['errors'];
    return validate;
  };
  return {
    compiler,
    compileAll() {
      for (const compile of pending) compile();
    },
  };
}
