import { type Expression, type Selectable, sql, type SqlBool } from 'kysely';
import type { AppDatabase } from '../../../db/database.js';
import type { CatalogueTables, StandardsTable } from '../../../db/tables/catalogue.tables.js';

export type StandardRow = Selectable<StandardsTable> & { transceiver_count: number };

export interface StandardFilter {
  category?: string;
  medium?: string;
  speedGbps?: number;
  text?: string;
}

function baseQuery(db: AppDatabase) {
  return db.kysely
    .withTables<CatalogueTables>()
    .selectFrom('standards as s')
    .leftJoin('transceivers as t', 't.standard', 's.name')
    .selectAll('s')
    .select(sql<number>`count(t.id)`.as('transceiver_count'))
    .groupBy('s.name');
}

export async function listStandards(db: AppDatabase, f: StandardFilter): Promise<StandardRow[]> {
  return baseQuery(db)
    .where((eb) => {
      const conds: Expression<SqlBool>[] = [];
      if (f.category !== undefined) conds.push(db.dialect.equalsIgnoringCase(sql.ref('s.category'), f.category));
      if (f.medium !== undefined) conds.push(eb('s.medium', '=', f.medium as StandardsTable['medium']));
      if (f.speedGbps !== undefined) conds.push(eb('s.speed_gbps', '=', f.speedGbps));
      if (f.text !== undefined) {
        const text = f.text;
        conds.push(
          eb.or(
            [sql.ref<string>('s.name'), sql.ref<string>('s.description_en'), sql.ref<string>('s.description_de')].map((column) =>
              db.dialect.containsText(column, text),
            ),
          ),
        );
      }
      return eb.and(conds);
    })
    .orderBy('s.speed_gbps')
    .orderBy('s.name')
    .execute();
}

/** Exact name first, then case-insensitive ("100gbase-sr4" finds 100GBASE-SR4). */
export async function findStandard(db: AppDatabase, name: string): Promise<StandardRow | undefined> {
  const exact = await baseQuery(db).where('s.name', '=', name).executeTakeFirst();
  if (exact) return exact;
  return baseQuery(db)
    .where(db.dialect.equalsIgnoringCase(sql.ref('s.name'), name))
    .executeTakeFirst();
}

export async function resolveStandardName(db: AppDatabase, name: string): Promise<string | undefined> {
  const row = await db.kysely
    .withTables<CatalogueTables>()
    .selectFrom('standards')
    .select('name')
    .where(db.dialect.equalsIgnoringCase(sql.ref('name'), name))
    .orderBy(sql`CASE WHEN name = ${name} THEN 0 ELSE 1 END`)
    .executeTakeFirst();
  return row?.name;
}
