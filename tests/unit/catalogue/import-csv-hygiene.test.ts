import { parse } from 'csv-parse/sync';
import { describe, expect, it } from 'vitest';
import { FX, insertReferenceData } from '../../helpers/catalogue-fixtures.js';
import { signedInService } from '../../helpers/signed-in-service.js';

const HEADER = 'vendor_id,part_number,name,form_factor,speed_gbps,fiber_type,wdm_type,data_confidence,temp_min_c,product_page_url,image_url,description';
const row = (part: string, name: string, rest: string) => `${FX.shopA},${part},"${name}",QSFP28,100,SMF,CWDM,scraped_unverified,${rest}`;

/** What enters through an import and leaves through the CSV export: no formulas, no control characters, only web links. */
describe('import and CSV export hygiene', () => {
  const signedIn = signedInService((service) => insertReferenceData(service.service.ctx.db));
  const importCsv = async (csv: string) =>
    signedIn
      .service()
      .service.http.inject({ method: 'POST', url: '/api/import/transceivers', headers: { ...signedIn.auth(), 'content-type': 'text/csv' }, payload: csv });
  const exportCsv = async () =>
    (await signedIn.service().service.http.inject({ method: 'GET', url: '/api/transceivers.csv?vendor=fx-shop-a', headers: signedIn.auth() })).body;

  it('accepts only http and https links', async () => {
    const response = await importCsv(
      [
        HEADER,
        row('FXA-JS-1', 'Script link', '-5,javascript:alert(1),https://img.example/a.png,'),
        row('FXA-JS-2', 'File image', '-5,https://example.com/p,file:///etc/passwd,'),
      ].join('\n'),
    );
    expect(response.statusCode).toBe(422);
    expect(response.json().details.errors).toEqual([
      { row: 1, line: 2, field: 'product_page_url', reason: 'must be an http or https URL (got "javascript:alert(1)")' },
      { row: 2, line: 3, field: 'image_url', reason: 'must be an http or https URL (got "file:///etc/passwd")' },
    ]);
  });

  it('takes control characters out of imported text', async () => {
    const response = await importCsv(
      [HEADER, row('FXA-NUL\u0000', 'Nul\u0000 and\u001b[31m escape', '-5,http://example.com/p,,"line one\nline two"')].join('\n'),
    );
    expect(response.statusCode).toBe(200);
    const rows = parse(await exportCsv(), { columns: true }) as Array<Record<string, string>>;
    expect(rows.find((r) => r.part_number.startsWith('FXA-NUL'))).toMatchObject({
      part_number: 'FXA-NUL',
      name: 'Nul and[31m escape',
      description: 'line one\nline two',
    });
  });

  it('writes formula-looking text with a leading quote, numbers as they are, and reads it back unchanged', async () => {
    const formulas = ['=HYPERLINK("http://evil.example","x")', '@SUM(A1:A9)', "+cmd|' /C calc'!A0", '-2+3'];
    const csv = [HEADER, ...formulas.map((f, i) => row(`FXA-F${i}`, f.replaceAll('"', '""'), '-40,,,'))].join('\n');
    expect((await importCsv(csv)).statusCode).toBe(200);
    const exported = await exportCsv();
    const rows = parse(exported, { columns: true }) as Array<Record<string, string>>;
    const byPart = new Map(rows.map((r) => [r.part_number, r]));
    formulas.forEach((f, i) => expect(byPart.get(`FXA-F${i}`)).toMatchObject({ name: `'${f}`, temp_min_c: '-40' }));
    for (const r of rows) for (const value of Object.values(r)) expect(value).not.toMatch(/^[=+@\t\r]|^-(?!\d+(\.\d+)?$)/);

    const again = await importCsv(exported);
    expect(again.json()).toMatchObject({ bad_rows: 0, inserted: 0, updated: 0, unchanged: rows.length });
    expect(await exportCsv()).toBe(exported);
  });
});
