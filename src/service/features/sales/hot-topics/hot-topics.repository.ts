import type { AppDatabase } from '../../../db/database.js';
import type { CatalogueTables } from '../../../db/tables/catalogue.tables.js';
import type { NewsTables } from '../../../db/tables/news.tables.js';

/** The times that bound a market source's counts: the window's start and the "just now" and "this week" marks. */
export interface MarketWindow {
  sinceIso: string;
  breakingSinceIso: string;
  hotSinceIso: string;
}

function catalogue(db: AppDatabase) {
  return db.kysely.withTables<CatalogueTables>();
}

function competitorPriceChanges(db: AppDatabase, sinceIso: string) {
  return catalogue(db)
    .selectFrom('price_changes as c')
    .innerJoin('vendors as v', 'v.id', 'c.vendor_id')
    .innerJoin('transceivers as t', 't.id', 'c.transceiver_id')
    .where('v.kind', '=', 'competitor')
    .where('c.changed_at', '>=', sinceIso);
}

/**
 * Competitor price changes since a time, counted per speed class by the database (one row per speed). This and the
 * other market reads scan the whole window, so they run aside (a reader thread on SQLite).
 */
export async function priceChangeGroupsSince(db: AppDatabase, sinceIso: string) {
  const query = competitorPriceChanges(db, sinceIso)
    .groupBy('t.speed_gbps')
    .select((eb) => [
      't.speed_gbps',
      eb.fn.countAll<number>().as('changes'),
      eb.fn.sum<number>('c.change_pct').as('pct_sum'),
      eb.fn.count<number>('v.name').distinct().as('shops'),
      eb.fn.max('c.changed_at').as('newest_at'),
    ])
    .orderBy('t.speed_gbps');
  return db.readAside(query);
}
export type PriceChangeGroupRow = Awaited<ReturnType<typeof priceChangeGroupsSince>>[number];

/** The newest `perSpeed` competitor price changes of each speed class since a time, newest first. */
export async function priceChangeEvidenceSince(db: AppDatabase, sinceIso: string, perSpeed: number) {
  const ranked = competitorPriceChanges(db, sinceIso).select((eb) => [
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
    eb.fn
      .agg<number>('row_number')
      .over((ob) => ob.partitionBy('t.speed_gbps').orderBy('c.changed_at', 'desc').orderBy('c.id', 'desc'))
      .as('rn'),
  ]);
  const query = catalogue(db)
    .selectFrom(ranked.as('r'))
    .where('r.rn', '<=', perSpeed)
    .select(['r.id', 'r.changed_at', 'r.change_pct', 'r.currency', 'r.old_price', 'r.new_price', 'r.speed_gbps', 'r.slug', 'r.part_number', 'r.vendor_name'])
    .orderBy('r.changed_at', 'desc')
    .orderBy('r.id', 'desc');
  return db.readAside(query);
}
export type PriceChangeEvidenceRow = Awaited<ReturnType<typeof priceChangeEvidenceSince>>[number];

function competitorAlerts(db: AppDatabase, sinceIso: string) {
  return catalogue(db).selectFrom('competitor_alerts as a').leftJoin('transceivers as t', 't.id', 'a.transceiver_id').where('a.created_at', '>=', sinceIso);
}

/**
 * Competitor alerts since the window's start, counted per kind and speed by the database (one row per group): all of
 * them, the critical ones since the breaking mark, the warning or critical ones and all ones since the hot mark.
 */
export async function alertGroupsSince(db: AppDatabase, window: MarketWindow) {
  const query = competitorAlerts(db, window.sinceIso)
    .groupBy(['a.kind', 't.speed_gbps'])
    .select((eb) => {
      const countWhere = (condition: ReturnType<typeof eb.and>) => eb.fn.sum<number>(eb.case().when(condition).then(1).else(0).end());
      return [
        'a.kind',
        't.speed_gbps',
        eb.fn.countAll<number>().as('alerts'),
        countWhere(eb.and([eb('a.severity', '=', 'critical'), eb('a.created_at', '>=', window.breakingSinceIso)])).as('critical_breaking'),
        countWhere(eb.and([eb('a.severity', '!=', 'info'), eb('a.created_at', '>=', window.hotSinceIso)])).as('severe_hot'),
        countWhere(eb.and([eb('a.created_at', '>=', window.hotSinceIso)])).as('within_hot'),
      ];
    })
    .orderBy('a.kind')
    .orderBy('t.speed_gbps');
  return db.readAside(query);
}
export type AlertGroupRow = Awaited<ReturnType<typeof alertGroupsSince>>[number];

/** The newest `perGroup` competitor alerts of each kind and speed since a time, newest first. */
export async function alertEvidenceSince(db: AppDatabase, sinceIso: string, perGroup: number) {
  const ranked = competitorAlerts(db, sinceIso).select((eb) => [
    'a.id',
    'a.kind',
    'a.severity',
    'a.created_at',
    'a.title',
    't.speed_gbps',
    't.slug',
    eb.fn
      .agg<number>('row_number')
      .over((ob) => ob.partitionBy(['a.kind', 't.speed_gbps']).orderBy('a.created_at', 'desc').orderBy('a.id', 'desc'))
      .as('rn'),
  ]);
  const query = catalogue(db)
    .selectFrom(ranked.as('r'))
    .where('r.rn', '<=', perGroup)
    .select(['r.id', 'r.kind', 'r.severity', 'r.created_at', 'r.title', 'r.speed_gbps', 'r.slug'])
    .orderBy('r.created_at', 'desc')
    .orderBy('r.id', 'desc');
  return db.readAside(query);
}
export type AlertEvidenceRow = Awaited<ReturnType<typeof alertEvidenceSince>>[number];

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
