import { BLOG_TABLES } from './blog.tables.js';
import { CATALOGUE_TEXT_TABLES } from './catalogue-text.tables.js';
import { CATALOGUE_TABLES } from './catalogue.tables.js';
import { CORE_TABLES } from './core.tables.js';
import { DATASHEET_TABLES } from './datasheets.tables.js';
import { DOCUMENT_TABLES } from './documents.tables.js';
import { FORECAST_TABLES } from './forecast.tables.js';
import { NEWS_TABLES } from './news.tables.js';
import { SEARCH_TABLES } from './search.tables.js';
import type { TableDeclaration } from './table-spec.js';
import { TAKE_ALONG_TABLES } from './take-along.tables.js';

/**
 * Every table and view the migrations create, each declared once, with the engines it exists on. Tests hold this
 * list against a freshly migrated database of each engine; copy-database copies every table of it.
 */
export const ALL_TABLES: readonly TableDeclaration[] = [
  ...CORE_TABLES,
  ...CATALOGUE_TABLES,
  ...FORECAST_TABLES,
  ...NEWS_TABLES,
  ...SEARCH_TABLES,
  ...DOCUMENT_TABLES,
  ...CATALOGUE_TEXT_TABLES,
  ...DATASHEET_TABLES,
  ...BLOG_TABLES,
  ...TAKE_ALONG_TABLES,
];

/** The declarations of the tables and views an engine's migrations create. */
export function tablesOf(engine: TableDeclaration['engines'][number]): TableDeclaration[] {
  return ALL_TABLES.filter((declaration) => declaration.engines.includes(engine));
}
