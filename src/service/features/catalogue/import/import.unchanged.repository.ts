import type { AppDatabase } from '../../../db/database.js';
import type { CatalogueTables } from '../../../db/tables/catalogue.tables.js';
import type { PlannedWrite, PortGroupWrite, SqlValue } from './import.repository.js';

type RecordWrite = Exclude<PlannedWrite, { op: 'price' }>;

const catalogue = (db: AppDatabase) => db.kysely.withTables<CatalogueTables>();

/** One stored or planned value as comparable text: the engines return numbers and text as they were written. */
const comparable = (value: unknown): string | null => (value === null || value === undefined ? null : String(value));

const groupKey = (g: { port_count: unknown; form_factor: unknown; speeds_gbps: unknown; role: unknown }) =>
  JSON.stringify([comparable(g.port_count), comparable(g.form_factor), comparable(g.speeds_gbps), comparable(g.role)]);

function sameValues(stored: Record<string, unknown>, values: Record<string, SqlValue>): boolean {
  return Object.entries(values).every(([column, value]) => comparable(stored[column]) === comparable(value));
}

async function storedPortGroups(tx: AppDatabase, switchIds: string[]): Promise<Map<string, string[]>> {
  const byId = new Map<string, string[]>();
  if (switchIds.length === 0) return byId;
  const rows = await catalogue(tx)
    .selectFrom('switch_port_groups')
    .select(['switch_id', 'port_count', 'form_factor', 'speeds_gbps', 'role'])
    .where('switch_id', 'in', switchIds)
    .execute();
  for (const row of rows) byId.set(row.switch_id, [...(byId.get(row.switch_id) ?? []), groupKey(row)]);
  return byId;
}

const samePortGroups = (stored: string[] | undefined, planned: PortGroupWrite[]) =>
  JSON.stringify([...(stored ?? [])].sort()) === JSON.stringify(planned.map((g) => groupKey({ ...g, speeds_gbps: JSON.stringify(g.speeds_gbps) })).sort());

/**
 * The planned updates of one table that would change their stored row. An update whose every value (and, for a
 * switch, every port group) equals what is stored is left out, so re-importing an unchanged export writes nothing
 * and each row keeps its updated_at.
 */
export async function changingUpdates(tx: AppDatabase, writes: RecordWrite[]): Promise<RecordWrite[]> {
  const first = writes[0];
  if (first === undefined) return [];
  const keys = writes.map((w) => w.key);
  const stored = await catalogue(tx).selectFrom(first.table).selectAll().where(first.keyColumn, 'in', keys).execute();
  const byKey = new Map(stored.map((row) => [String((row as Record<string, unknown>)[first.keyColumn]), row as Record<string, unknown>]));
  const groups = await storedPortGroups(
    tx,
    writes.filter((w) => w.portGroups !== undefined).map((w) => w.key),
  );
  return writes.filter((w) => {
    const row = byKey.get(w.key);
    if (row === undefined || !sameValues(row, w.values)) return true;
    return w.portGroups !== undefined && !samePortGroups(groups.get(w.key), w.portGroups);
  });
}
