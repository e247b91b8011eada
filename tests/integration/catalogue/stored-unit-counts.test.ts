import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { migrate, migrationsDirFor } from '../../../src/service/db/migrator.js';
import type { CatalogueTables } from '../../../src/service/db/tables/catalogue.tables.js';
import { FX, insertFixtureCatalogue } from '../../helpers/catalogue-fixtures.js';
import { TEST_ENGINE } from '../../helpers/test-database.js';
import { signedInService } from '../../helpers/signed-in-service.js';

const PRODUCT = 'fx-op-qsfp28-lr4';
/** What a database written before counts had a range may hold: SQLite kept a body's 1e400 as Infinity; PostgreSQL's integer column refused it but kept 2e9. */
const STORED = TEST_ENGINE === 'sqlite' ? Number.POSITIVE_INFINITY : 2_000_000_000;

/**
 * Migration 030 repairs counts stored before they had a range, so that no product's page fails for good because of
 * one misread stock figure. It is run a second time here over rows written the way the old API wrote them.
 */
describe(`stored unit counts out of range on ${TEST_ENGINE}`, () => {
  const signedIn = signedInService((service) => insertFixtureCatalogue(service.service.ctx.db));
  const k = () => signedIn.service().service.ctx.db.kysely.withTables<CatalogueTables>();
  const get = async (url: string) => signedIn.service().service.http.inject({ method: 'GET', url, headers: signedIn.auth() });

  it('become unknown through the migration, and the product and its prices read again', async () => {
    const product = (await get(`/api/transceivers/${PRODUCT}`)).json() as { id: string };
    const observation = { transceiver_id: product.id, vendor_id: FX.operator, price: 150, currency: 'USD', source: 'api' };
    await k()
      .insertInto('price_observations')
      .values([
        { ...observation, observed_at: '2026-03-01T00:00:00.000Z', stock_qty: 12 },
        { ...observation, observed_at: '2026-03-02T00:00:00.000Z', stock_qty: STORED },
      ])
      .execute();
    await k()
      .insertInto('internal_demand')
      .values({
        sku: 'FX-STORED-1',
        description: 'Optic',
        velocity_class: 'fast',
        units_12m: STORED,
        stock_de: -3,
        run_rate_30d: 1e308,
        updated_at: '2026-03-01',
      })
      .execute();
    if (TEST_ENGINE === 'sqlite') expect((await get(`/api/transceivers/${product.id}/prices`)).statusCode).toBe(500);

    const { config, db } = signedIn.service().service.ctx;
    await sql`DELETE FROM schema_migrations WHERE version = 30`.execute(db.kysely);
    expect((await migrate(db, migrationsDirFor(config.migrationsDir, db.engine))).applied).toEqual(['030_unit_counts_in_range.sql']);

    const prices = await get(`/api/transceivers/${product.id}/prices`);
    expect(prices.statusCode).toBe(200);
    expect((prices.json() as { items: Array<{ stock_qty: number | null }> }).items.map((i) => i.stock_qty)).toEqual([12, null]);
    expect((await get(`/api/transceivers/${product.id}`)).statusCode).toBe(200);
    const demand = await k()
      .selectFrom('internal_demand')
      .select(['units_12m', 'stock_de', 'run_rate_30d'])
      .where('sku', '=', 'FX-STORED-1')
      .executeTakeFirst();
    expect(demand).toEqual({ units_12m: null, stock_de: null, run_rate_30d: null });
  });
});
