import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CatalogueTables } from '../../../src/service/db/tables/catalogue.tables.js';
import { importTableCounts } from '../../../src/service/features/catalogue/import/import.repository.js';
import { FX, insertFixtureCatalogue } from '../../helpers/catalogue-fixtures.js';
import { startTestService, type TestService } from '../../helpers/test-service.js';

const HEADER = 'vendor_id,part_number,name,form_factor,speed_gbps,fiber_type,wdm_type,data_confidence,wavelengths,reach_meters,reach_label';

describe('POST /api/import/:kind', () => {
  let t: TestService;
  let auth: Record<string, string>;
  const counts = () => importTableCounts(t.service.ctx.db);
  const importJson = async (kind: string, payload: object) => t.service.http.inject({ method: 'POST', url: `/api/import/${kind}`, headers: auth, payload });
  const importCsvBody = async (kind: string, csv: string, query = '') =>
    t.service.http.inject({ method: 'POST', url: `/api/import/${kind}${query}`, headers: { ...auth, 'content-type': 'text/csv' }, payload: csv });

  beforeAll(async () => {
    t = await startTestService();
    await insertFixtureCatalogue(t.service.ctx.db);
    auth = { authorization: `Bearer ${await t.login()}` };
  });
  afterAll(async () => t?.close());

  const mixedCsv = [
    HEADER,
    `${FX.shopB},FXB-NEW-1,Good one,SFP28,25G,MMF,none,scraped_unverified,850,100,100m`,
    `${FX.shopB},FXB-NEW-2,Bad fiber,SFP28,25,glass,none,scraped_unverified,850,100,100m`,
    `${FX.shopB},FXB-NEW-3,"A name with a ""quote"",
and a line break",SFP28,25,MMF,none,scraped_unverified,850,-5,x`,
    `nobody,FXB-NEW-4,Unknown vendor,GBIC,25,MMF,none,scraped_unverified,850,100,100m`,
    `${FX.shopB},FXB-NEW-5,Good two,SFP28,25,MMF,none,scraped_unverified,850,70,70m`,
  ].join('\n');

  it('writes nothing when any row is bad, and reports every bad row with its line and reason', async () => {
    const before = await counts();
    const response = await importJson('transceivers', { format: 'csv', data: mixedCsv });
    expect(response.statusCode).toBe(422);
    expect(response.json().message).toBe('transceivers: 5 rows, 3 bad; wrote nothing: fix the bad rows or skip them (skip_bad_rows)');
    const report = response.json().details;
    expect(report).toMatchObject({ rows: 5, valid_rows: 2, bad_rows: 3, committed: false, inserted: 0 });
    expect(report.errors).toEqual([
      { row: 2, line: 3, field: 'fiber_type', reason: 'must be one of SMF, MMF, copper, AOC (got "glass")' },
      { row: 3, line: 4, field: 'reach_meters', reason: 'must be at least 0 (got -5)' },
      { row: 4, line: 6, field: 'vendor_id', reason: expect.stringContaining('no vendor with id "nobody"') },
      { row: 4, line: 6, field: 'form_factor', reason: expect.stringContaining('must be one of') },
    ]);
    expect(await counts()).toEqual(before);
  });

  it('writes the good rows only when asked to skip bad rows', async () => {
    const before = await counts();
    const response = await importCsvBody('transceivers', mixedCsv, '?skip_bad_rows=true');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ committed: true, inserted: 2, updated: 0, bad_rows: 3 });
    expect((await counts()).transceivers).toBe(before.transceivers + 2);
    const created = (await t.service.http.inject({ method: 'GET', url: '/api/transceivers/fx-shop-b-fxb-new-1', headers: auth })).json();
    expect(created).toMatchObject({ speed_gbps: 25, wavelengths: [850], reach_meters: 100, details_verified: true });
  });

  it('validates without writing on a dry run', async () => {
    const before = await counts();
    const response = await importJson('transceivers', { format: 'csv', data: mixedCsv, dry_run: true });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ dry_run: true, committed: false, bad_rows: 3 });
    expect(await counts()).toEqual(before);
  });

  it('upserts by slug, else by vendor + part number, and reports a duplicate inside one file', async () => {
    const before = await counts();
    const rows = [
      {
        slug: 'fx-op-sfp28-sr',
        vendor_id: FX.operator,
        part_number: 'FXO-S28-SR',
        name: 'Renamed by slug',
        form_factor: 'SFP28',
        speed_gbps: 25,
        fiber_type: 'MMF',
        wdm_type: 'none',
        data_confidence: 'vendor_verified',
      },
      {
        vendor_id: FX.operator,
        part_number: 'FXO-SPP-LR',
        name: 'Renamed by part number',
        form_factor: 'SFP+',
        speed_gbps: '10G',
        fiber_type: 'SMF',
        wdm_type: 'none',
        data_confidence: 'vendor_verified',
        reach_meters: 10000,
      },
    ];
    const ok = await importJson('transceivers', { format: 'json', data: JSON.stringify(rows, null, 2) });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json()).toMatchObject({ inserted: 0, updated: 2 });
    expect(await counts()).toEqual(before);
    const get = async (slug: string) => (await t.service.http.inject({ method: 'GET', url: `/api/transceivers/${slug}`, headers: auth })).json();
    expect((await get('fx-op-sfp28-sr')).name).toBe('Renamed by slug');
    const lr = await get('fx-op-sfpp-lr');
    expect(lr.name).toBe('Renamed by part number');
    // Columns the file does not carry keep their values.
    expect(lr.wavelengths).toEqual([1310]);

    const twice = await importJson('transceivers', { format: 'json', data: JSON.stringify([rows[1], rows[1]], null, 2) });
    expect(twice.statusCode).toBe(422);
    expect(twice.json().details.errors).toEqual([{ row: 2, line: 13, field: 'part_number', reason: 'describes the same record as row 1 of this import' }]);
  });

  it('imports prices through the speed-class floor, recording price changes', async () => {
    const before = await counts();
    const csv = [
      'transceiver,part_number,product_vendor_id,vendor_id,price,currency,observed_at',
      `fx-op-qsfp28-lr4,,,${FX.operator},180,GBP,2026-01-01`,
      `,FXO-Q28-LR4,,${FX.operator},170,GBP,2026-02-01`,
      `,FXA-100G-LR4,${FX.shopA},${FX.shopA},7.5,USD,2026-02-01`,
    ].join('\n');
    const refused = await importCsvBody('prices', csv);
    expect(refused.statusCode).toBe(422);
    expect(refused.json().details.errors).toEqual([{ row: 3, line: 4, field: 'price', reason: expect.stringContaining('min_price_per_speed_class') }]);
    expect(await counts()).toEqual(before);

    const accepted = await importCsvBody('prices', csv, '?skip_bad_rows=true');
    expect(accepted.json()).toMatchObject({ inserted: 2, committed: true });
    const after = await counts();
    expect(after.price_observations).toBe(before.price_observations + 2);
    expect(after.price_changes).toBe(before.price_changes + 1);
    // The same file again changes nothing: identical observations are recognised.
    const again = await importCsvBody('prices', csv, '?skip_bad_rows=true');
    expect(again.json()).toMatchObject({ inserted: 0, unchanged: 2 });
    expect(await counts()).toEqual(after);
  });

  it('imports switches and demand, upserting by model and SKU', async () => {
    const switches = [
      {
        vendor_id: FX.oem,
        model: 'FX-Spine-32',
        role: 'spine',
        port_groups: [{ port_count: 32, form_factor: 'QSFP28', speeds_gbps: [40, 100], role: 'uplink' }],
      },
    ];
    expect((await importJson('switches', { format: 'json', data: JSON.stringify(switches) })).json()).toMatchObject({ inserted: 1 });
    expect((await importJson('switches', { format: 'json', data: JSON.stringify(switches) })).json()).toMatchObject({ inserted: 0, updated: 0, unchanged: 1 });
    const regrouped = [{ ...switches[0], port_groups: [{ port_count: 32, form_factor: 'QSFP28', speeds_gbps: [100], role: 'uplink' }] }];
    expect((await importJson('switches', { format: 'json', data: JSON.stringify(regrouped) })).json()).toMatchObject({ inserted: 0, updated: 1 });
    const badSwitch = await importJson('switches', { format: 'csv', data: `vendor_id,model,port_groups\n${FX.oem},FX-X,48 SFP28 ports` });
    expect(badSwitch.json().details.errors[0]).toMatchObject({ line: 2, field: 'port_groups' });
    const demand = 'sku,description,velocity_class,speed_gbps,is_internal\nFX-DM-1,Optic,fast,1.6T,true';
    expect((await importCsvBody('demand', demand)).json()).toMatchObject({ inserted: 1 });
    expect((await importCsvBody('demand', demand)).json()).toMatchObject({ updated: 0, unchanged: 1 });
    expect((await importCsvBody('demand', demand.replace(',fast,', ',slow,'))).json()).toMatchObject({ updated: 1 });
    const row = await t.service.ctx.db.kysely
      .withTables<CatalogueTables>()
      .selectFrom('internal_demand')
      .select(['speed_gbps', 'is_internal'])
      .where('sku', '=', 'FX-DM-1')
      .executeTakeFirst();
    expect(row).toEqual({ speed_gbps: 1600, is_internal: 1 });
  });

  it('refuses every number that is not finite, out of its range or not held exactly, in CSV and JSON rows alike', async () => {
    const before = await counts();
    const literals = ['1e400', '-1e400', '1e308', '9007199254740993', 'Infinity', 'NaN'];
    const csv = ['transceiver,vendor_id,price,currency,stock_qty', ...literals.map((n) => `fx-op-qsfp28-lr4,${FX.operator},180,GBP,${n}`)].join('\n');
    const fromCsv = await importCsvBody('prices', csv, '?skip_bad_rows=true');
    expect(fromCsv.json()).toMatchObject({ rows: literals.length, bad_rows: literals.length, inserted: 0 });
    expect(fromCsv.json().errors.map((e: { field: string }) => e.field)).toEqual(literals.map(() => 'stock_qty'));
    // JSON rows are raw text, so the literals reach JSON.parse as written (2^53 + 1 parses as 2^53).
    const rows = literals.slice(0, 4).map((n) => `{"transceiver":"fx-op-qsfp28-lr4","vendor_id":"${FX.operator}","price":${n},"currency":"GBP"}`);
    const fromJson = await importJson('prices', { format: 'json', data: `[${rows.join(',\n')}]`, skip_bad_rows: true });
    expect(fromJson.json().errors.map((e: { field: string }) => e.field)).toEqual(rows.map(() => 'price'));
    const demand = ['sku,description,velocity_class,units_12m,run_rate_30d', ...literals.map((n, i) => `FX-DM-N${i},Optic,fast,${n},${n}`)].join('\n');
    const fromDemand = await importCsvBody('demand', demand, '?skip_bad_rows=true');
    expect(fromDemand.json()).toMatchObject({ bad_rows: literals.length, inserted: 0 });
    const wavelengths = await importJson('transceivers', {
      format: 'csv',
      data: `${HEADER}\n${FX.shopB},FXB-WL-1,Far red,SFP28,25,MMF,none,scraped_unverified,850;1e400,100,100m`,
    });
    expect(wavelengths.json().details.errors).toEqual([expect.objectContaining({ field: 'wavelengths' })]);
    const speed = await importJson('demand', { format: 'json', data: '[{"sku":"FX-DM-S","description":"Optic","velocity_class":"fast","speed_gbps":1e400}]' });
    expect(speed.json().details.errors).toEqual([expect.objectContaining({ field: 'speed_gbps' })]);
    expect(await counts()).toEqual(before);
  });

  it('refuses malformed input as a whole with 400', async () => {
    const unclosed = await importJson('transceivers', { format: 'csv', data: `${HEADER}\n"unclosed,quote` });
    expect(unclosed.statusCode).toBe(400);
    expect(unclosed.json().message).toContain('not valid CSV');
    const notArray = await importJson('transceivers', { format: 'json', data: '{"a": 1}' });
    expect(notArray.statusCode).toBe(400);
    const badKind = await importJson('widgets', { format: 'json', data: '[]' });
    expect(badKind.statusCode).toBe(400);
    expect(badKind.json().message).toBe('params/kind must be one of: transceivers, switches, prices, demand');
  });
});
