import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type MigratedTestDatabase, openMigratedTestDatabase } from '../../helpers/test-database-open.js';

/** A read aside runs beside the service's own statements: it answers while a write transaction is open, from the committed state. */
describe('AppDatabase.readAside', () => {
  let opened: MigratedTestDatabase;
  const at = '2026-01-01T00:00:00.000Z';

  beforeAll(async () => {
    opened = await openMigratedTestDatabase('ti-read-aside-');
    await opened.db.kysely.insertInto('app_settings').values({ key: 'aside.committed', value: 'yes', updated_at: at }).execute();
  });
  afterAll(async () => opened?.close());

  const settings = () => opened.db.kysely.selectFrom('app_settings').where('key', 'like', 'aside.%').select(['key', 'value']).orderBy('key');

  it('answers what the statement answers', async () => {
    expect(await opened.db.readAside(settings())).toEqual(await settings().execute());
  });

  it('answers during an open write transaction, without its uncommitted rows; inside it, with them', async () => {
    const { db } = opened;
    const seen = await db.transaction(async (tx) => {
      await tx.kysely.insertInto('app_settings').values({ key: 'aside.pending', value: 'no', updated_at: at }).execute();
      const aside = await db.readAside(settings());
      const inside = await tx.readAside(tx.kysely.selectFrom('app_settings').where('key', 'like', 'aside.%').select(['key', 'value']).orderBy('key'));
      return { aside, inside };
    });
    expect(seen.aside).toEqual([{ key: 'aside.committed', value: 'yes' }]);
    expect(seen.inside).toEqual([
      { key: 'aside.committed', value: 'yes' },
      { key: 'aside.pending', value: 'no' },
    ]);
  });
});
