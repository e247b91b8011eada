import { type Selectable, sql } from 'kysely';
import type { AppDatabase } from '../../../db/database.js';
import type { CatalogueTables, FormFactorsTable } from '../../../db/tables/catalogue.tables.js';

export type FormFactorRow = Selectable<FormFactorsTable> & { transceiver_count: number };

function baseQuery(db: AppDatabase) {
  return db.kysely
    .withTables<CatalogueTables>()
    .selectFrom('form_factors as f')
    .leftJoin('transceivers as t', 't.form_factor', 'f.name')
    .selectAll('f')
    .select(sql<number>`count(t.id)`.as('transceiver_count'))
    .groupBy('f.name');
}

export async function listFormFactors(db: AppDatabase): Promise<FormFactorRow[]> {
  return baseQuery(db).orderBy('f.max_speed_gbps').orderBy('f.name').execute();
}

/** Exact name first; a case-insensitive match only when no exact one exists ("qsfp28" finds QSFP28). */
export async function findFormFactor(db: AppDatabase, name: string): Promise<FormFactorRow | undefined> {
  const exact = await baseQuery(db).where('f.name', '=', name).executeTakeFirst();
  if (exact) return exact;
  return baseQuery(db)
    .where(db.dialect.equalsIgnoringCase(sql.ref('f.name'), name))
    .executeTakeFirst();
}

export async function formFactorNames(db: AppDatabase): Promise<string[]> {
  const rows = await db.kysely.withTables<CatalogueTables>().selectFrom('form_factors').select('name').orderBy('name').execute();
  return rows.map((r) => r.name);
}

/** The canonical spelling of a form factor name, or undefined when there is no such form factor. */
export async function resolveFormFactorName(db: AppDatabase, name: string): Promise<string | undefined> {
  const row = await db.kysely
    .withTables<CatalogueTables>()
    .selectFrom('form_factors')
    .select('name')
    .where(db.dialect.equalsIgnoringCase(sql.ref('name'), name))
    .orderBy(sql`CASE WHEN name = ${name} THEN 0 ELSE 1 END`)
    .executeTakeFirst();
  return row?.name;
}
