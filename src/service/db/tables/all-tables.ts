import { CATALOGUE_TABLES } from './catalogue.tables.js';
import { CORE_TABLES } from './core.tables.js';
import { DOCUMENT_TABLES } from './documents.tables.js';
import { FORECAST_TABLES } from './forecast.tables.js';
import { NEWS_TABLES } from './news.tables.js';
import { SEARCH_TABLES } from './search.tables.js';
import type { TableDeclaration } from './table-spec.js';

/** Every table and view the migrations create, each declared once; tests hold this list against a migrated database. */
export const ALL_TABLES: readonly TableDeclaration[] = [
  ...CORE_TABLES,
  ...CATALOGUE_TABLES,
  ...FORECAST_TABLES,
  ...NEWS_TABLES,
  ...SEARCH_TABLES,
  ...DOCUMENT_TABLES,
];
