import { type TSchema, Type } from '@sinclair/typebox';

/**
 * The longest slug of a product or switch: the import, the scrapers and the seed never store a longer one, and every
 * path or query parameter that names a record by slug (or UUID) takes one this long, as does the HTTP router.
 */
export const SLUG_MAX_LENGTH = 160;

/** A record named by its slug, else its UUID. */
export const SlugOrId = (description: string) => Type.String({ minLength: 1, maxLength: SLUG_MAX_LENGTH, description });

/** The body of every error answer (the service's error handler writes it). */
export const ErrorBody = Type.Object(
  {
    error: Type.String({ description: 'Short name of the failure, e.g. "Bad Request"' }),
    message: Type.String({ description: 'What went wrong, naming the field or record' }),
    details: Type.Optional(Type.Unknown()),
    requestId: Type.Optional(Type.String()),
  },
  { title: 'Error', additionalProperties: true },
);

/** One page of a list: the items and the total before limit/offset, so a client can page through it. */
export function PageOf<T extends TSchema>(item: T) {
  return Type.Object({
    total: Type.Integer({ description: 'Items matching the filters, before limit/offset' }),
    limit: Type.Integer(),
    offset: Type.Integer(),
    items: Type.Array(item),
  });
}

/** A whole (unpaged) list with its length: the reference lists (vendors, standards, form factors) are small. */
export function ListOf<T extends TSchema>(item: T) {
  return Type.Object({ total: Type.Integer(), items: Type.Array(item) });
}
