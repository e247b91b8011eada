import type { AppDatabase } from '../../db/database.js';
import type { SearchTables } from '../../db/tables/search.tables.js';
import { insertSeedNews } from '../news/index.js';
import type { SeedDatasheets, SeedFaq, SeedGuides, SeedNews } from './seed-content.schemas.js';

export interface SeedContentCounts {
  faq_entries: number;
  troubleshooting_guides: number;
  news_articles: number;
  datasheet_chunks: number;
}

/** Rows per INSERT statement: well inside both engines' parameter limits, with an await between statements. */
const ROWS_PER_INSERT = 500;

type SeedTable = 'faq_entries' | 'troubleshooting_guides' | 'datasheet_chunks';

/** Inserts the rows whose id is not stored yet, in multi-row statements; returns how many were new. */
async function insertNew<T extends SeedTable>(db: AppDatabase, table: T, rows: Array<Record<string, unknown>>): Promise<number> {
  const k = db.kysely.withTables<SearchTables>();
  let added = 0;
  for (let start = 0; start < rows.length; start += ROWS_PER_INSERT) {
    const result = await k
      .insertInto(table)
      .values(rows.slice(start, start + ROWS_PER_INSERT) as never)
      .onConflict((oc) => oc.column('id').doNothing())
      .executeTakeFirst();
    added += Number(result.numInsertedOrUpdatedRows ?? 0);
  }
  return added;
}

/**
 * Inserts the seed content in one transaction. Rows already stored are skipped, which keeps it idempotent and never
 * overwrites a row a user has since edited; the counts say how many rows were new.
 */
export function insertSeedContent(
  db: AppDatabase,
  seed: { faq: SeedFaq; guides: SeedGuides; news: SeedNews; datasheets: SeedDatasheets },
): Promise<SeedContentCounts> {
  return db.transaction(async (tx) => ({
    faq_entries: await insertNew(
      tx,
      'faq_entries',
      seed.faq.map((f) => ({ id: f.id, question: f.question, answer: f.answer, category: f.category, tags: JSON.stringify(f.tags), is_seed: 1 })),
    ),
    troubleshooting_guides: await insertNew(
      tx,
      'troubleshooting_guides',
      seed.guides.map((g) => ({
        id: g.id,
        title: g.title,
        symptom: g.symptom,
        causes: JSON.stringify(g.causes),
        steps: JSON.stringify(g.steps),
        applies_to: JSON.stringify(g.applies_to),
        is_seed: 1,
      })),
    ),
    news_articles: await insertSeedNews(tx, seed.news),
    datasheet_chunks: await insertNew(
      tx,
      'datasheet_chunks',
      seed.datasheets.flatMap((d) =>
        d.sections.map((s, i) => ({
          id: `${d.datasheet}#${i}`,
          datasheet: d.datasheet,
          datasheet_title: d.title,
          part_number: d.part_number,
          form_factor: d.form_factor,
          speed_gbps: d.speed_gbps,
          chunk_index: i,
          section: s.section,
          content: s.content,
          is_seed: 1,
        })),
      ),
    ),
  }));
}
