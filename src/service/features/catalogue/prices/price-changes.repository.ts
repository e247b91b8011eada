import type { AppDatabase } from '../../../db/database.js';
import type { CatalogueTables } from '../../../db/tables/catalogue.tables.js';
import type { PriceChangeItem, PriceChangesQuery } from '../../../../shared/api/catalogue/price-changes.schemas.js';

/** Recorded price changes, newest first, with the product and shop they belong to. */
export async function listPriceChanges(db: AppDatabase, query: PriceChangesQuery): Promise<{ total: number; items: PriceChangeItem[] }> {
  const k = db.kysely.withTables<CatalogueTables>();
  let base = k.selectFrom('price_changes as c').innerJoin('transceivers as t', 't.id', 'c.transceiver_id').innerJoin('vendors as v', 'v.id', 'c.vendor_id');
  if (query.since) base = base.where('c.changed_at', '>=', query.since);
  if (query.transceiver) base = base.where((eb) => eb.or([eb('t.slug', '=', query.transceiver as string), eb('t.id', '=', query.transceiver as string)]));
  if (query.vendor) base = base.where('c.vendor_id', '=', query.vendor);
  if (query.direction === 'up') base = base.where('c.new_price', '>', (eb) => eb.ref('c.old_price'));
  if (query.direction === 'down') base = base.where('c.new_price', '<', (eb) => eb.ref('c.old_price'));
  const counted = await base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
  const items = await base
    .select([
      'c.id',
      'c.changed_at',
      'c.transceiver_id',
      't.slug',
      't.part_number',
      't.name',
      't.form_factor',
      't.speed_gbps',
      'c.vendor_id',
      'v.name as vendor_name',
      'c.currency',
      'c.old_price',
      'c.new_price',
      'c.change_pct',
    ])
    .orderBy('c.changed_at', 'desc')
    .orderBy('c.id', 'desc')
    .limit(query.limit)
    .offset(query.offset)
    .execute();
  return { total: Number(counted.n), items };
}
