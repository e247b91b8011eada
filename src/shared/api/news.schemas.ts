import { type Static, Type } from '@sinclair/typebox';
import { PageOf } from './common.schemas.js';
import { Nullable, Offset, TextFilter } from './schema-helpers.js';

export const NewsListQuery = Type.Object(
  {
    limit: Type.Integer({ minimum: 1, maximum: 100, default: 20 }),
    offset: Offset,
    q: TextFilter('Case-insensitive text filter over title and summary'),
    tag: Type.Optional(Type.String({ minLength: 1, maxLength: 60, pattern: '^[a-z0-9.+-]+$', description: 'A lower-case topic tag, e.g. 400g' })),
  },
  { additionalProperties: false },
);
export type NewsListQuery = Static<typeof NewsListQuery>;

export const NewsArticle = Type.Object({
  id: Type.String(),
  title: Type.String(),
  summary: Type.String(),
  url: Nullable(Type.String()),
  source: Type.String(),
  published_at: Type.String(),
  tags: Type.Array(Type.String()),
  is_seed: Type.Boolean({ description: 'true for the summaries shipped with the seed data set' }),
});
export type NewsArticle = Static<typeof NewsArticle>;

export const NewsPage = PageOf(NewsArticle);
export type NewsPage = Static<typeof NewsPage>;
