import type { InsertResult } from 'kysely';
import type { AppDatabase } from '../../db/database.js';
import type { SearchTables } from '../../db/tables/search.tables.js';
import { insertSeedNews } from '../news/index.js';
import type { SeedDatasheets, SeedFaq, SeedGuides, SeedNews } from './seed-content.schemas.js';
import { inSlices, ROWS_PER_INSERT } from '../../db/statement-slices.js';

export interface SeedContentCounts {
  faq_entries: number;
  troubleshooting_guides: number;
  news_articles: number;
  datasheet_chunks: number;
}

/** Runs `insert` on slices of `rows` one statement at a time; returns how many rows were new. */
async function insertInSlices<R>(rows: R[], insert: (slice: R[]) => Promise<InsertResult | undefined>): Promise<number> {
  let added = 0;
  for (const slice of inSlices(rows, ROWS_PER_INSERT)) added += Number((await insert(slice))?.numInsertedOrUpdatedRows ?? 0);
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
  return db.transaction(async (tx) => {
    const k = tx.kysely.withTables<SearchTables>();
    return {
      faq_entries: await insertInSlices(
        seed.faq.map((f) => ({ id: f.id, question: f.question, answer: f.answer, category: f.category, tags: JSON.stringify(f.tags), is_seed: 1 })),
        (slice) =>
          k
            .insertInto('faq_entries')
            .values(slice)
            .onConflict((oc) => oc.column('id').doNothing())
            .executeTakeFirst(),
      ),
      troubleshooting_guides: await insertInSlices(
        seed.guides.map((g) => ({
          id: g.id,
          title: g.title,
          symptom: g.symptom,
          causes: JSON.stringify(g.causes),
          steps: JSON.stringify(g.steps),
          applies_to: JSON.stringify(g.applies_to),
          is_seed: 1,
        })),
        (slice) =>
          k
            .insertInto('troubleshooting_guides')
            .values(slice)
            .onConflict((oc) => oc.column('id').doNothing())
            .executeTakeFirst(),
      ),
      news_articles: await insertSeedNews(tx, seed.news),
      datasheet_chunks: await insertInSlices(
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
        (slice) =>
          k
            .insertInto('datasheet_chunks')
            .values(slice)
            .onConflict((oc) => oc.column('id').doNothing())
            .executeTakeFirst(),
      ),
    };
  });
}
