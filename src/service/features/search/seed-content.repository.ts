import type { AppDatabase } from '../../db/database.js';
import { insertSeedNews } from '../news/index.js';
import type { SeedDatasheets, SeedFaq, SeedGuides, SeedNews } from './seed-content.schemas.js';

export interface SeedContentCounts {
  faq_entries: number;
  troubleshooting_guides: number;
  news_articles: number;
  datasheet_chunks: number;
}

/**
 * Inserts the seed content in one transaction. INSERT OR IGNORE keeps it idempotent and never overwrites a row
 * a user has since edited; the counts say how many rows were new.
 */
export function insertSeedContent(db: AppDatabase, seed: { faq: SeedFaq; guides: SeedGuides; news: SeedNews; datasheets: SeedDatasheets }): SeedContentCounts {
  const faq = db.sqlite.prepare('INSERT OR IGNORE INTO faq_entries (id, question, answer, category, tags, is_seed) VALUES (?, ?, ?, ?, ?, 1)');
  const guide = db.sqlite.prepare(
    'INSERT OR IGNORE INTO troubleshooting_guides (id, title, symptom, causes, steps, applies_to, is_seed) VALUES (?, ?, ?, ?, ?, ?, 1)',
  );
  const chunk = db.sqlite.prepare(
    `INSERT OR IGNORE INTO datasheet_chunks (id, datasheet, datasheet_title, part_number, form_factor, speed_gbps, chunk_index, section, content, is_seed)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, 1)`,
  );
  return db.sqlite.transaction(() => {
    const counts: SeedContentCounts = { faq_entries: 0, troubleshooting_guides: 0, news_articles: 0, datasheet_chunks: 0 };
    for (const f of seed.faq) counts.faq_entries += faq.run(f.id, f.question, f.answer, f.category, JSON.stringify(f.tags)).changes;
    for (const g of seed.guides) {
      counts.troubleshooting_guides += guide.run(
        g.id,
        g.title,
        g.symptom,
        JSON.stringify(g.causes),
        JSON.stringify(g.steps),
        JSON.stringify(g.applies_to),
      ).changes;
    }
    counts.news_articles = insertSeedNews(db, seed.news);
    for (const d of seed.datasheets) {
      d.sections.forEach((s, i) => {
        counts.datasheet_chunks += chunk.run(
          `${d.datasheet}#${i}`,
          d.datasheet,
          d.title,
          d.part_number,
          d.form_factor,
          d.speed_gbps,
          i,
          s.section,
          s.content,
        ).changes;
      });
    }
    return counts;
  })();
}
