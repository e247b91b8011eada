import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { AppDatabase } from '../../../src/service/db/database.js';
import type { ForecastTables } from '../../../src/service/db/tables/forecast.tables.js';
import { readDataset, replaceDataset } from '../../../src/service/features/forecast/forecast.repository.js';
import { seedForecastData } from '../../../src/service/features/forecast/forecast.seed.js';
import { type MigratedTestDatabase, openMigratedTestDatabase } from '../../helpers/test-database-open.js';

/** The technology data set is replaced all or nothing, on the database of each engine. */
describe('loading the technology data set', () => {
  let db: AppDatabase;
  const resourcesDir = 'resources';
  const counts = async () => {
    const f = db.kysely.withTables<ForecastTables>();
    const n = async (table: keyof ForecastTables) =>
      Number(
        (
          await f
            .selectFrom(table)
            .select((eb) => eb.fn.countAll<number>().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      );
    return {
      technologies: await n('technologies'),
      shipments: await n('technology_shipments'),
      generations: await n('technology_generations'),
      regions: await n('technology_regions'),
      models: await n('technology_models'),
    };
  };

  let opened: MigratedTestDatabase;
  beforeEach(async () => {
    opened = await openMigratedTestDatabase('ti-forecast-seed-');
    ({ db } = opened);
  });
  afterEach(() => opened.close());

  it('loads every table of the data set once, and nothing again while the files are unchanged', async () => {
    const first = await seedForecastData(db, resourcesDir);
    expect(first.loaded).toBe(true);
    const loaded = await counts();
    expect(loaded).toMatchObject({ technologies: first.technologies, shipments: first.shipments, models: first.technologies });
    expect(loaded.generations).toBeGreaterThan(0);
    expect(loaded.regions).toBeGreaterThan(0);
    expect((await seedForecastData(db, resourcesDir)).loaded).toBe(false);
    expect(await counts()).toEqual(loaded);
  });

  it('keeps the loaded data set whole when a replacement fails partway', async () => {
    await seedForecastData(db, resourcesDir);
    const before = await counts();
    const stored = await readDataset(db);
    // A shipment of a technology the set does not hold breaks its foreign key after the technologies were rewritten.
    const broken = {
      version: 'broken',
      hash: 'broken',
      ...stored,
      technologies: stored.technologies.slice(1),
      shipments: stored.shipments,
    };
    const failure = await replaceDataset(db, broken, new Date().toISOString()).then(
      () => undefined,
      (error: unknown) => error,
    );
    expect(db.dialect.constraintViolation(failure)).toBe('foreign_key');
    expect(await counts()).toEqual(before);
    expect((await seedForecastData(db, resourcesDir)).loaded).toBe(false);
  });
});
