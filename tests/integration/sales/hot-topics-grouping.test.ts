import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppDatabase } from '../../../src/service/db/database.js';
import type { CatalogueTables } from '../../../src/service/db/tables/catalogue.tables.js';
import { loadConfig, openMigratedDatabase } from '../../../src/service/index.js';
import { seedForecastData } from '../../../src/service/features/forecast/index.js';
import { discoverHotTopics } from '../../../src/service/features/sales/index.js';
import {
  alertEvidenceSince,
  alertGroupsSince,
  priceChangeEvidenceSince,
  priceChangeGroupsSince,
} from '../../../src/service/features/sales/hot-topics/hot-topics.repository.js';
import { DAY_MS, marketWindow } from '../../../src/service/features/sales/hot-topics/hot-topics.rules.js';
import type { HotTopic } from '../../../src/shared/api/sales/hot-topics.schemas.js';
import { dropTestDatabase, testDatabaseEnv } from '../../helpers/test-database.js';

const NOW = Date.UTC(2026, 0, 31, 12);
const ago = (days: number) => new Date(NOW - days * DAY_MS).toISOString();
const P100 = '00000000-0000-4000-8000-000000000100';
const P800 = '00000000-0000-4000-8000-000000000800';
const MANY = 1_500;

type Alert = { kind: 'price_change' | 'new_product' | 'stock_change'; transceiver_id: string | null; severity: 'info' | 'warning' | 'critical'; days: number };

/**
 * The competitor-alert and price-movement sources are counted by the database: however many alerts the window holds,
 * the service reads one row per group and the newest few of each, and the topics it builds say the same as the rows.
 */
describe('hot topics grouped by the database', () => {
  let dir: string;
  let db: AppDatabase;
  let resourcesDir: string;
  let topics: HotTopic[];
  const k = () => db.kysely.withTables<CatalogueTables>();
  const topic = (id: string) => topics.find((t) => t.id === id);

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'ti-hot-topic-groups-'));
    const config = loadConfig({ DATA_DIR: dir, ...(await testDatabaseEnv(dir)) });
    resourcesDir = config.resourcesDir;
    db = (await openMigratedDatabase(config)).db;
    await seedForecastData(db, resourcesDir, () => NOW);
    await k()
      .insertInto('vendors')
      .values([
        { id: 'ht-a', name: 'Shop A', kind: 'competitor' },
        { id: 'ht-b', name: 'Shop B', kind: 'competitor' },
        { id: 'ht-op', name: 'Operator', kind: 'operator' },
      ])
      .execute();
    await k()
      .insertInto('form_factors')
      .values({
        name: 'OSFP',
        full_name: 'OSFP',
        speed: '800G',
        max_speed_gbps: 800,
        channels: 8,
        status: 'mainstream',
        description_en: '',
        description_de: '',
      })
      .execute();
    const product = (id: string, speed_gbps: number, part_number: string) => ({
      id,
      slug: part_number.toLowerCase(),
      vendor_id: 'ht-a',
      part_number,
      name: part_number,
      form_factor: 'OSFP',
      speed_gbps,
      fiber_type: 'SMF',
      wdm_type: 'none',
      data_confidence: 'vendor_verified' as const,
    });
    await k()
      .insertInto('transceivers')
      .values([product(P100, 100, 'HT-100'), product(P800, 800, 'HT-800')])
      .execute();

    const alerts: Alert[] = [
      // Many old info alerts at 100G: one group, EMERGING (none within 7 days).
      ...Array.from({ length: MANY }, (_, i): Alert => ({ kind: 'new_product', transceiver_id: P100, severity: 'info', days: 8 + (i % 20) })),
      // 800G new products: a critical one a day ago makes the group BREAKING.
      { kind: 'new_product', transceiver_id: P800, severity: 'info', days: 10 },
      { kind: 'new_product', transceiver_id: P800, severity: 'critical', days: 1 },
      // 800G price changes: a critical one three days ago is only HOT.
      { kind: 'price_change', transceiver_id: P800, severity: 'critical', days: 3 },
      { kind: 'price_change', transceiver_id: P800, severity: 'info', days: 5 },
      // 800G stock changes: only info within the week, TRENDING.
      { kind: 'stock_change', transceiver_id: P800, severity: 'info', days: 6 },
      { kind: 'stock_change', transceiver_id: P800, severity: 'info', days: 6.5 },
      // An alert without a product, and one older than the window (not counted).
      { kind: 'stock_change', transceiver_id: null, severity: 'warning', days: 20 },
      { kind: 'new_product', transceiver_id: P800, severity: 'critical', days: 31 },
    ];
    for (let i = 0; i < alerts.length; i += 500)
      await k()
        .insertInto('competitor_alerts')
        .values(
          alerts.slice(i, i + 500).map((a, j) => ({
            kind: a.kind,
            vendor_id: 'ht-a',
            transceiver_id: a.transceiver_id,
            severity: a.severity,
            title: `alert ${i + j}`,
            created_at: ago(a.days),
          })),
        )
        .execute();
    const change = (transceiver_id: string, vendor_id: string, change_pct: number, days: number) => ({
      transceiver_id,
      vendor_id,
      currency: 'USD',
      old_price: 100,
      new_price: 100 + change_pct,
      change_pct,
      changed_at: ago(days),
    });
    await k()
      .insertInto('price_changes')
      .values([
        ...Array.from({ length: 30 }, (_, i) => change(P100, i % 2 === 0 ? 'ht-a' : 'ht-b', -4 - (i % 3), 3 + i * 0.5)),
        change(P800, 'ht-a', 12, 1),
        change(P800, 'ht-op', 50, 1),
      ])
      .execute();
    topics = await discoverHotTopics({ db, resourcesDir }, NOW);
  }, 60_000);
  afterAll(async () => {
    await db?.close();
    await dropTestDatabase(dir);
    rmSync(dir, { recursive: true, force: true });
  });

  it('reads one row per kind and speed, and at most the evidence of each group, however many alerts there are', async () => {
    const window = marketWindow(NOW);
    const groups = await alertGroupsSince(db, window);
    // The engines place a null speed at different ends of the order; the groups are what count.
    const byKey = (a: readonly unknown[], b: readonly unknown[]) => String(a).localeCompare(String(b));
    expect(groups.map((g) => [g.kind, g.speed_gbps, Number(g.alerts)]).sort(byKey)).toEqual(
      [
        ['new_product', 100, MANY],
        ['new_product', 800, 2],
        ['price_change', 800, 2],
        ['stock_change', null, 1],
        ['stock_change', 800, 2],
      ].sort(byKey),
    );
    const evidence = await alertEvidenceSince(db, window.sinceIso, 10);
    expect(evidence.length).toBe(10 + 2 + 2 + 1 + 2);
    const times = evidence.map((e) => e.created_at);
    expect(times).toEqual([...times].sort().reverse());
    const changes = await priceChangeGroupsSince(db, window.sinceIso);
    expect(changes.map((g) => [g.speed_gbps, Number(g.changes), Number(g.shops)])).toEqual([
      [100, 30, 2],
      [800, 1, 1],
    ]);
    expect((await priceChangeEvidenceSince(db, window.sinceIso, 10)).length).toBe(10 + 1);
  });

  it('builds the competitor-alert topics from the counts: urgency by the newest severe alert, the newest as evidence', () => {
    const many = topic('competitor_alerts:new_product:100G')!;
    expect(many).toMatchObject({ urgency: 'EMERGING', at: ago(8) });
    expect(many.summary).toContain(`${MANY} competitor alerts (new product)`);
    expect(many.evidence).toHaveLength(10);
    expect(many.evidence.every((e) => e.at === ago(8))).toBe(true);
    expect(topic('competitor_alerts:new_product:800G')).toMatchObject({ urgency: 'BREAKING', at: ago(1) });
    expect(topic('competitor_alerts:new_product:800G')!.summary).toContain('2 competitor alerts');
    expect(topic('competitor_alerts:price_change:800G')).toMatchObject({ urgency: 'HOT' });
    expect(topic('competitor_alerts:stock_change:800G')).toMatchObject({ urgency: 'TRENDING', at: ago(6) });
    expect(topic('competitor_alerts:stock_change:unclassified')).toMatchObject({ urgency: 'EMERGING' });
  });

  it('builds the price movements from the counts: mean, shops, the newest changes, competitors only', () => {
    const hundred = topic('price_movements:100G')!;
    const pcts = Array.from({ length: 30 }, (_, i) => -4 - (i % 3));
    const mean = Math.round((pcts.reduce((a, b) => a + b, 0) / pcts.length) * 10) / 10;
    expect(hundred.title).toBe(`100G competitor prices fall ${Math.abs(mean)}% on average`);
    expect(hundred.summary).toContain('30 competitor price changes on 100G optics at 2 shops');
    expect(hundred.evidence.map((e) => e.at)).toEqual(Array.from({ length: 10 }, (_, i) => ago(3 + i * 0.5)));
    expect(topic('price_movements:800G')!.title).toBe('800G competitor prices rise 12% on average');
  });

  it('lifts research trends by the alerts at their speed, with the newest of them as evidence', () => {
    const at800 = topics.filter((t) => t.source === 'research_trends' && t.keywords.includes('800G'));
    expect(at800.length).toBeGreaterThan(0);
    for (const trend of at800) {
      expect(trend).toMatchObject({ urgency: 'HOT', at: ago(1) });
      expect(trend.evidence.filter((e) => e.kind === 'competitor_alert').map((e) => e.at)).toEqual([ago(1), ago(3), ago(5), ago(6), ago(6.5)]);
    }
  });
});
