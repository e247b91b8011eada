import { type Static, Type } from '@sinclair/typebox';
import { SPEED_PATTERN } from '../speed.js';
import { FIBER_TYPES, WDM_TYPES } from '../vocabulary/catalogue.vocabulary.js';
import { COLLECTIONS, SEARCH_QUERY_MAX_CHARS } from '../vocabulary/search.vocabulary.js';
import { Nullable, StringEnum } from './schema-helpers.js';

export const MAX_LIMIT = 50;

const Query = Type.String({ minLength: 1, maxLength: SEARCH_QUERY_MAX_CHARS, description: `Free text, 1 to ${SEARCH_QUERY_MAX_CHARS} characters` });
const Limit = Type.Integer({ minimum: 1, maximum: MAX_LIMIT, default: 10, description: 'Hits to return' });

export const SearchQuery = Type.Object(
  {
    q: Query,
    collections: Type.Optional(Type.String({ maxLength: 300, description: `Comma-separated subset of: ${COLLECTIONS.join(', ')} (default: all)` })),
    limit: Type.Optional(Limit),
  },
  { additionalProperties: false },
);
export type SearchQuery = Static<typeof SearchQuery>;

export const ProductSearchQuery = Type.Object(
  {
    q: Query,
    form_factor: Type.Optional(Type.String({ minLength: 1, maxLength: 40, description: 'e.g. QSFP28 (case-insensitive)' })),
    speed_gbps: Type.Optional(Type.String({ pattern: SPEED_PATTERN, description: 'Gb/s as a number, or "400G", "1.6T" (= 1600)' })),
    fiber_type: Type.Optional(StringEnum(FIBER_TYPES)),
    wdm_type: Type.Optional(StringEnum(WDM_TYPES)),
    limit: Type.Optional(Limit),
  },
  { additionalProperties: false },
);
export type ProductSearchQuery = Static<typeof ProductSearchQuery>;

export const TextSearchQuery = Type.Object({ q: Query, limit: Type.Optional(Limit) }, { additionalProperties: false });
export type TextSearchQuery = Static<typeof TextSearchQuery>;

export const SearchHit = Type.Object({
  collection: Type.String(),
  id: Type.String({ description: 'Id of the row the vector was made from' }),
  score: Type.Number({ description: 'Cosine similarity (1 = identical direction)' }),
  title: Type.String(),
  snippet: Type.String(),
  record: Type.Record(Type.String(), Type.Unknown(), { description: 'The row the hit points to (product, FAQ entry, guide, article, chunk)' }),
});
export type SearchHit = Static<typeof SearchHit>;

export const SearchResponse = Type.Object({
  query: Type.String(),
  provider: Type.String(),
  model: Type.String(),
  took_ms: Type.Number(),
  index_complete: Type.Boolean({ description: 'false while a collection is still being (re)built; hits come from what is indexed' }),
  incomplete_collections: Type.Array(Type.String()),
  notice: Type.Optional(Type.String()),
  hits: Type.Array(SearchHit),
});
export type SearchResponse = Static<typeof SearchResponse>;

export const CollectionStats = Type.Object({
  name: Type.String(),
  count: Type.Integer({ description: 'Vectors in the index' }),
  source_count: Type.Integer({ description: 'Rows the collection is built from' }),
  dimension: Type.Integer(),
  provider: Type.String(),
  model: Type.String(),
  built_at: Nullable(Type.String()),
  build_ms: Type.Integer({ description: 'Duration of the last build or update' }),
  size_bytes: Type.Integer({ description: 'Index and sidecar files in DATA_DIR/vectors' }),
  complete: Type.Boolean(),
  progress: Type.Object({
    state: StringEnum(['idle', 'building'] as const),
    done: Type.Integer(),
    total: Type.Integer(),
    percent: Type.Number(),
    texts_per_s: Nullable(
      Type.Number({
        description:
          'Rows done per second since the running build started: embedded, or kept when their text is unchanged (model start-up included); null when idle or before the first batch',
      }),
    ),
    eta_seconds: Nullable(
      Type.Integer({
        description: 'Estimated seconds until the running build is done, from texts_per_s and the rows left; null when idle or before the first batch',
      }),
    ),
  }),
});

export type CollectionStats = Static<typeof CollectionStats>;

export const StatsResponse = Type.Object({
  provider: Type.String(),
  model: Type.String(),
  dimension: Type.Integer(),
  complete: Type.Boolean(),
  collections: Type.Array(CollectionStats),
});
export type StatsResponse = Static<typeof StatsResponse>;
