import type { AppDatabase } from '../../../db/database.js';
import type { CatalogueTables } from '../../../db/tables/catalogue.tables.js';
import type { NewsTables } from '../../../db/tables/news.tables.js';

/** Competitor price changes since a time (catalogue/prices owns the table; read through its declaration). */
export async function competitorPriceChangesSince(db: AppDatabase, sinceIso: string) {
  const k = db.kysely.withTables<CatalogueTables>();
  return k
    .selectFrom('price_changes as c')
    .innerJoin('vendors as v', 'v.id', 'c.vendor_id')
    .innerJoin('transceivers as t', 't.id', 'c.transceiver_id')
    .where('v.kind', '=', 'competitor')
    .where('c.changed_at', '>=', sinceIso)
    .select([
      'c.id',
      'c.changed_at',
      'c.change_pct',
      'c.currency',
      'c.old_price',
      'c.new_price',
      't.speed_gbps',
      't.slug',
      't.part_number',
      'v.name as vendor_name',
    ])
    .orderBy('c.changed_at', 'desc')
    .orderBy('c.id', 'desc')
    .execute();
}
export type PriceChangeEvidenceRow = Awaited<ReturnType<typeof competitorPriceChangesSince>>[number];

/** Competitor alerts since a time, with the speed of the product they are about. */
export async function alertsSince(db: AppDatabase, sinceIso: string) {
  const k = db.kysely.withTables<CatalogueTables>();
  return k
    .selectFrom('competitor_alerts as a')
    .leftJoin('transceivers as t', 't.id', 'a.transceiver_id')
    .where('a.created_at', '>=', sinceIso)
    .select(['a.id', 'a.kind', 'a.severity', 'a.created_at', 'a.title', 't.speed_gbps', 't.slug'])
    .orderBy('a.created_at', 'desc')
    .orderBy('a.id', 'desc')
    .execute();
}
export type AlertEvidenceRow = Awaited<ReturnType<typeof alertsSince>>[number];

/**
 * News articles published in or after the month of `sinceIso` (news owns the table; read through its declaration).
 * Seeded articles carry a month ("2025-06"), so the bound compares months.
 */
export async function newsSince(db: AppDatabase, sinceIso: string) {
  const k = db.kysely.withTables<NewsTables>();
  return k
    .selectFrom('news_articles')
    .where('published_at', '>=', sinceIso.slice(0, 7))
    .select(['id', 'title', 'summary', 'url', 'source', 'published_at', 'tags', 'sentiment'])
    .orderBy('published_at', 'desc')
    .orderBy('id')
    .execute();
}
export type NewsEvidenceRow = Awaited<ReturnType<typeof newsSince>>[number];
