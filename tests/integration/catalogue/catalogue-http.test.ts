import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { importTableCounts } from '../../../src/service/features/catalogue/import/import.repository.js';
import { FX, insertFixtureCatalogue, insertReferenceData } from '../../helpers/catalogue-fixtures.js';
import { startTestService, type TestService } from '../../helpers/test-service.js';

/** The catalogue over real HTTP on a real socket: filters, CSV export, CSV import and the round trip between them. */
describe('catalogue over HTTP', () => {
  let source: TestService;
  let target: TestService;
  const tokens = new Map<TestService, string>();
  const call = async (t: TestService, path: string, init: RequestInit = {}) =>
    fetch(`${t.url}${path}`, { ...init, headers: { authorization: `Bearer ${tokens.get(t)}`, ...(init.headers as Record<string, string> | undefined) } });
  const withoutTimestamps = (csv: string) =>
    (parse(csv, { columns: true }) as Array<Record<string, string>>).map(({ created_at: _c, updated_at: _u, ...rest }) => rest);

  beforeAll(async () => {
    source = await startTestService({ listen: true });
    target = await startTestService({ listen: true });
    await insertFixtureCatalogue(source.service.ctx.db);
    await insertReferenceData(target.service.ctx.db);
    tokens.set(source, await source.login());
    tokens.set(target, await target.login());
  });
  afterAll(async () => {
    await source?.close();
    await target?.close();
  });

  it('filters over HTTP and answers 400 for a bad filter and 404 for an unknown id', async () => {
    const ok = await call(source, `/api/transceivers?vendor=${FX.operator}&speed_gbps=1.6T`);
    expect(ok.status).toBe(200);
    const body = (await ok.json()) as { total: number; items: Array<{ slug: string }> };
    expect(body.items.map((i) => i.slug)).toEqual(['fx-op-osfp-16t-dr8']);
    const bad = await call(source, '/api/transceivers?wdm_type=FDM');
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as { message: string }).message).toContain('querystring/wdm_type must be one of');
    expect((await call(source, '/api/transceivers/does-not-exist')).status).toBe(404);
    expect((await fetch(`${source.url}/api/transceivers.csv`)).status).toBe(401);
  });

  it('exports the filtered list as CSV', async () => {
    const response = await call(source, `/api/transceivers.csv?vendor=${FX.operator}&sort=speed_gbps`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toContain('text/csv');
    expect(response.headers.get('x-total-count')).toBe('4');
    const rows = parse(await response.text(), { columns: true }) as Array<Record<string, string>>;
    expect(rows.map((r) => r.speed_gbps)).toEqual(['10', '25', '100', '1600']);
    expect(rows[2]).toMatchObject({
      slug: 'fx-op-qsfp28-lr4',
      wavelengths: '1295.56;1300.05;1304.58;1309.14',
      details_verified: 'true',
      standard: '100GBASE-LR4',
    });
  });

  it('round-trips: CSV exported from one service imports into another and exports identically', async () => {
    const exported = await (await call(source, '/api/transceivers.csv?q=FX')).text();
    const before = await importTableCounts(target.service.ctx.db);
    const imported = await call(target, '/api/import/transceivers', { method: 'POST', headers: { 'content-type': 'text/csv' }, body: exported });
    expect(imported.status).toBe(200);
    const report = (await imported.json()) as { inserted: number; bad_rows: number };
    expect(report.bad_rows).toBe(0);
    expect(report.inserted).toBe(withoutTimestamps(exported).length);
    expect((await importTableCounts(target.service.ctx.db)).transceivers).toBe(before.transceivers + report.inserted);

    const reexported = await (await call(target, '/api/transceivers.csv?q=FX')).text();
    expect(withoutTimestamps(reexported)).toEqual(withoutTimestamps(exported));

    // Importing the same file again changes nothing: every row is reported unchanged and keeps its updated_at.
    const again = await call(target, '/api/import/transceivers', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ format: 'csv', data: reexported }),
    });
    expect(await again.json()).toMatchObject({ inserted: 0, updated: 0, unchanged: report.inserted, bad_rows: 0 });
    expect(await (await call(target, '/api/transceivers.csv?q=FX')).text()).toBe(reexported);

    // One changed field updates that row alone.
    const rows = parse(reexported, { columns: true }) as Array<Record<string, string>>;
    const edited = reexported.replace(`,${rows[0]!.name},`, `,${rows[0]!.name} (edited),`);
    const once = await call(target, '/api/import/transceivers', { method: 'POST', headers: { 'content-type': 'text/csv' }, body: edited });
    expect(await once.json()).toMatchObject({ inserted: 0, updated: 1, unchanged: report.inserted - 1 });
  });

  it('reports a re-imported switch (port groups included) and demand row unchanged, and a changed one updated', async () => {
    const post = async (kind: string, format: 'json' | 'csv', data: string) =>
      (
        await call(target, `/api/import/${kind}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ format, data }) })
      ).json();
    const spine = {
      vendor_id: FX.oem,
      model: 'FX-HTTP-Spine',
      role: 'spine',
      port_groups: [{ port_count: 32, form_factor: 'QSFP28', speeds_gbps: [40, 100], role: 'uplink' }],
    };
    expect(await post('switches', 'json', JSON.stringify([spine]))).toMatchObject({ inserted: 1 });
    expect(await post('switches', 'json', JSON.stringify([spine]))).toMatchObject({ inserted: 0, updated: 0, unchanged: 1 });
    const regrouped = { ...spine, port_groups: [{ ...spine.port_groups[0]!, port_count: 36 }] };
    expect(await post('switches', 'json', JSON.stringify([regrouped]))).toMatchObject({ updated: 1, unchanged: 0 });
    const demand = 'sku,description,velocity_class,speed_gbps,run_rate_30d,is_internal\nFX-HTTP-1,Optic,fast,400,2.5,true';
    expect(await post('demand', 'csv', demand)).toMatchObject({ inserted: 1 });
    expect(await post('demand', 'csv', demand)).toMatchObject({ updated: 0, unchanged: 1 });
    expect(await post('demand', 'csv', demand.replace(',2.5,', ',3.5,'))).toMatchObject({ updated: 1 });
  });

  it('a bad row in an HTTP import changes nothing', async () => {
    const before = await importTableCounts(target.service.ctx.db);
    const csv = [
      'vendor_id,part_number,name,form_factor,speed_gbps,fiber_type,wdm_type,data_confidence',
      `${FX.shopA},FXA-NEW-OK,Fine,QSFP28,100,SMF,CWDM,scraped_unverified`,
      `${FX.shopA},FXA-NEW-BAD,Bad speed,QSFP28,fast,SMF,CWDM,scraped_unverified`,
    ].join('\r\n');
    const response = await call(target, '/api/import/transceivers', { method: 'POST', headers: { 'content-type': 'text/csv' }, body: csv });
    expect(response.status).toBe(422);
    const body = (await response.json()) as { details: { errors: Array<{ line: number; field: string }> } };
    expect(body.details.errors).toEqual([expect.objectContaining({ line: 3, field: 'speed_gbps' })]);
    expect(await importTableCounts(target.service.ctx.db)).toEqual(before);
  });
});
