import { type Expression, type Selectable, sql, type SqlBool } from 'kysely';
import type { AppDatabase } from '../../../db/database.js';
import type { CatalogueTables, SwitchesTable, SwitchPortGroupsTable } from '../../../db/tables/catalogue.tables.js';

export type SwitchRow = Selectable<SwitchesTable> & { vendor_name: string };
export type PortGroupRow = Selectable<SwitchPortGroupsTable> & { operator_transceiver_count: number };

export interface SwitchFilter {
  vendorId?: string;
  role?: string;
  formFactor?: string;
  speedGbps?: number;
  text?: string;
}

function filtered(db: AppDatabase, f: SwitchFilter) {
  return db.kysely
    .withTables<CatalogueTables>()
    .selectFrom('switches as s')
    .where((eb) => {
      const conds: Expression<SqlBool>[] = [];
      if (f.vendorId !== undefined) conds.push(eb('s.vendor_id', '=', f.vendorId));
      if (f.role !== undefined) conds.push(db.dialect.equalsIgnoringCase(sql.ref('s.role'), f.role));
      if (f.formFactor !== undefined) {
        conds.push(sql<SqlBool>`exists (select 1 from switch_port_groups g where g.switch_id = s.id and g.form_factor = ${f.formFactor})`);
      }
      if (f.speedGbps !== undefined) {
        conds.push(
          sql<SqlBool>`exists (select 1 from switch_port_groups g where g.switch_id = s.id and ${db.dialect.jsonArrayHasNumber(sql.ref('g.speeds_gbps'), f.speedGbps)})`,
        );
      }
      if (f.text !== undefined) {
        const text = f.text;
        conds.push(
          eb.or(
            [sql.ref<string | null>('s.model'), sql.ref<string | null>('s.series'), sql.ref<string | null>('s.asic')].map((column) =>
              db.dialect.containsText(column, text),
            ),
          ),
        );
      }
      return eb.and(conds);
    });
}

export async function listSwitches(db: AppDatabase, f: SwitchFilter, limit: number, offset: number): Promise<{ total: number; rows: SwitchRow[] }> {
  const count = await filtered(db, f)
    .select(sql<number>`count(*)`.as('n'))
    .executeTakeFirstOrThrow();
  const rows = await filtered(db, f)
    .innerJoin('vendors as v', 'v.id', 's.vendor_id')
    .selectAll('s')
    .select('v.name as vendor_name')
    .orderBy('v.name')
    .orderBy('s.model')
    .limit(limit)
    .offset(offset)
    .execute();
  return { total: Number(count.n), rows };
}

async function findBy(db: AppDatabase, column: 's.slug' | 's.id', value: string): Promise<SwitchRow | undefined> {
  return db.kysely
    .withTables<CatalogueTables>()
    .selectFrom('switches as s')
    .innerJoin('vendors as v', 'v.id', 's.vendor_id')
    .selectAll('s')
    .select('v.name as vendor_name')
    .where(column, '=', value)
    .executeTakeFirst();
}

/** Slug first, then UUID, as for transceivers. */
export async function findSwitch(db: AppDatabase, idOrSlug: string): Promise<SwitchRow | undefined> {
  return (await findBy(db, 's.slug', idOrSlug)) ?? (await findBy(db, 's.id', idOrSlug));
}

/** Port groups of several switches in one query, in a stable order (downlinks before uplinks as inserted). */
export async function portGroupsOf(db: AppDatabase, switchIds: string[]): Promise<PortGroupRow[]> {
  if (switchIds.length === 0) return [];
  return db.kysely
    .withTables<CatalogueTables>()
    .selectFrom('switch_port_groups as g')
    .selectAll('g')
    .select(
      sql<number>`(select count(distinct f.transceiver_id) from switch_transceiver_finder f where f.port_group_id = g.id)`.as('operator_transceiver_count'),
    )
    .where('g.switch_id', 'in', switchIds)
    .orderBy('g.switch_id')
    .orderBy('g.id')
    .execute();
}
