import { type Static, type TNull, type TSchema, type TUnion, type TUnsafe, Type } from '@sinclair/typebox';
import { LANGUAGES } from '../vocabulary/language.vocabulary.js';

/**
 * Generic TypeBox building blocks of the API's request and response schemas. They live beside the schemas in
 * src/shared/api/ because the renderer type-checks against those schemas and shared code cannot import the service.
 */

/**
 * The pattern of a text that may not be blank: it holds one character that is neither white space nor a control
 * character, so a title of NULs or escapes is as blank as one of spaces.
 */
export const NOT_BLANK_PATTERN = '[^\\s\\x00-\\x1f\\x7f-\\x9f]';

/**
 * A string limited to a list, as a JSON-schema `enum` rather than TypeBox's union of literals: Ajv then reports
 * one `enum` error carrying the allowed values (a union yields an unreadable anyOf cascade), and the OpenAPI
 * document shows a plain enum.
 */
export function StringEnum<const T extends readonly string[]>(values: T, options: { description?: string; default?: T[number] } = {}): TUnsafe<T[number]> {
  return Type.Unsafe<T[number]>({ type: 'string', enum: [...values], ...options });
}

/**
 * A value or null. A primitive schema becomes `type: [T, "null"]`: Ajv reports one error for a wrong value (an anyOf
 * reports one per branch, then "must match a schema in anyOf"), fast-json-stringify serialises it with a typeof
 * check where an anyOf union costs a schema validation per field and row (about four times slower on a 50-row
 * page), and @fastify/swagger turns it into OpenAPI 3.0's `nullable: true`. Objects and arrays stay a union.
 */
export function Nullable<T extends TSchema>(schema: T): TUnsafe<Static<T> | null> | TUnion<[T, TNull]> {
  const type = (schema as { type?: unknown }).type;
  if (typeof type === 'string' && type !== 'object' && type !== 'array') {
    const { enum: values, ...rest } = schema as TSchema & { enum?: unknown[] };
    return Type.Unsafe<Static<T> | null>({ ...rest, type: [type, 'null'], ...(values ? { enum: [...values, null] } : {}) });
  }
  return Type.Union([schema, Type.Null()]);
}

/**
 * A count of units (stock, sales): far above any real one, within every engine's integer column and JavaScript's
 * exact integers, so an absurd figure is a 400 or a refused import row rather than a stored overflow.
 */
export const MAX_UNIT_COUNT = 1_000_000_000;

/** Whether a number is a count of units within MAX_UNIT_COUNT (a scraped page's stock figure, say). */
export function isUnitCount(value: number): boolean {
  return Number.isSafeInteger(value) && value >= 0 && value <= MAX_UNIT_COUNT;
}

/** A paging limit: default and maximum differ per route. */
export function Limit(defaultValue: number, max: number) {
  return Type.Integer({ minimum: 1, maximum: max, default: defaultValue, description: `Page size (default ${defaultValue}, at most ${max})` });
}

/**
 * Far above any list's size, and far below what SQLite's 64-bit OFFSET or a JavaScript number can hold: a huge
 * offset (99999999999999999999) is a 400 naming the field, not a failed query.
 */
export const MAX_OFFSET = 1_000_000_000;
export const Offset = Type.Integer({ minimum: 0, maximum: MAX_OFFSET, default: 0, description: `Rows to skip (at most ${MAX_OFFSET})` });

/** The optional limit/offset pair of a paged list, spread into its query object. */
export function PagingFields(defaultLimit: number, maxLimit: number) {
  return { limit: Type.Optional(Limit(defaultLimit, maxLimit)), offset: Type.Optional(Offset) };
}

/** A free-text filter over a few text columns; the description says which. */
export function TextFilter(description: string, maxLength = 200) {
  return Type.Optional(Type.String({ minLength: 1, maxLength, description }));
}

export const Lang = Type.Optional(
  StringEnum(LANGUAGES, { description: 'The language of the `description` field (without it, both); description_en and description_de are always present' }),
);

export const LangQuery = Type.Object({ lang: Lang }, { additionalProperties: false });
