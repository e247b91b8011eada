import { CATALOGUE_TABLES } from '../../src/service/db/tables/catalogue.tables.js';
import { CORE_TABLES } from '../../src/service/db/tables/core.tables.js';
import { DOCUMENT_TABLES } from '../../src/service/db/tables/documents.tables.js';
import { FORECAST_TABLES } from '../../src/service/db/tables/forecast.tables.js';
import { NEWS_TABLES } from '../../src/service/db/tables/news.tables.js';
import { SEARCH_TABLES } from '../../src/service/db/tables/search.tables.js';
import { CATALOGUE_TEXT_TABLES } from '../../src/service/db/tables/catalogue-text.tables.js';
import { DATASHEET_TABLES } from '../../src/service/db/tables/datasheets.tables.js';
import { BLOG_TABLES } from '../../src/service/db/tables/blog.tables.js';
import type { TableDeclaration } from '../../src/service/db/tables/table-spec.js';

/** Every table and view the migrations create, each declared once; tests hold this list against a migrated database. */
export const ALL_TABLES: readonly TableDeclaration[] = [
  ...CORE_TABLES,
  ...CATALOGUE_TABLES,
  ...FORECAST_TABLES,
  ...NEWS_TABLES,
  ...SEARCH_TABLES,
  ...DOCUMENT_TABLES,
  // perf-search: the catalogue's text index (migrations/012)
  ...CATALOGUE_TEXT_TABLES,
  ...DATASHEET_TABLES,
  // The blog: drafts, step runs and feedback (migrations/016)
  ...BLOG_TABLES,
];
