import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SLUG_MAX_LENGTH } from '../../../src/shared/api/common.schemas.js';
import { FX, insertReferenceData } from '../../helpers/catalogue-fixtures.js';
import { startTestService, TEST_PASSWORD, type TestService } from '../../helpers/test-service.js';

/** Sends raw bytes and reads the whole answer until the server closes the connection. */
async function rawRequest(url: string, bytes: string): Promise<string> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve, reject) => {
    const socket = connect(Number(port), hostname, () => socket.write(bytes));
    let answer = '';
    socket.setEncoding('utf8');
    socket.on('data', (chunk: string) => (answer += chunk));
    socket.on('error', reject);
    socket.on('close', () => resolve(answer));
  });
}

/** One slug limit from the import to the router, and every refusal (the router's and the HTTP parser's) as {error, message}. */
describe('slug limit and error shapes', () => {
  let t: TestService;
  let auth: Record<string, string>;

  beforeAll(async () => {
    t = await startTestService({ listen: true });
    await insertReferenceData(t.service.ctx.db);
    auth = { authorization: `Bearer ${await t.login()}` };
  });
  afterAll(async () => t?.close());

  it('reaches by slug every product the import names, generated or given at the longest length', async () => {
    const longPart = `LONG-${'9'.repeat(115)}`;
    const givenSlug = `g${'x'.repeat(SLUG_MAX_LENGTH - 1)}`;
    const csv = [
      'vendor_id,part_number,slug,name,form_factor,speed_gbps,fiber_type,wdm_type,data_confidence',
      `${FX.shopA},${longPart},,Long part number,QSFP28,100,SMF,CWDM,scraped_unverified`,
      `${FX.shopB},${longPart},,Same part at another shop,QSFP28,100,SMF,CWDM,scraped_unverified`,
      `${FX.shopB},GIVEN-1,${givenSlug},Given slug,QSFP28,100,SMF,CWDM,scraped_unverified`,
    ].join('\n');
    const imported = await fetch(`${t.url}/api/import/transceivers`, { method: 'POST', headers: { ...auth, 'content-type': 'text/csv' }, body: csv });
    expect(imported.status).toBe(200);
    const list = (await (await fetch(`${t.url}/api/transceivers?q=LONG&limit=10`, { headers: auth })).json()) as { items: Array<{ slug: string }> };
    const slugs = [...list.items.map((i) => i.slug), givenSlug];
    expect(slugs).toHaveLength(3);
    expect(Math.max(...slugs.map((s) => s.length))).toBeGreaterThan(100);
    for (const slug of slugs) {
      expect(slug.length).toBeLessThanOrEqual(SLUG_MAX_LENGTH);
      const response = await fetch(`${t.url}/api/transceivers/${slug}`, { headers: auth });
      expect(response.status, slug).toBe(200);
    }
    const tooLong = csv.split('\n')[0] + `\n${FX.shopB},GIVEN-2,s${'x'.repeat(SLUG_MAX_LENGTH)},Too long,QSFP28,100,SMF,CWDM,scraped_unverified`;
    const refused = await fetch(`${t.url}/api/import/transceivers`, { method: 'POST', headers: { ...auth, 'content-type': 'text/csv' }, body: tooLong });
    expect(refused.status).toBe(422);
  });

  it('refuses a path parameter longer than any slug with 414 in the error shape, without echoing the path', async () => {
    const path = `/api/transceivers/${'y'.repeat(SLUG_MAX_LENGTH + 1)}`;
    const response = await fetch(`${t.url}${path}`, { headers: auth });
    expect(response.status).toBe(414);
    const body = (await response.json()) as Record<string, unknown>;
    expect(Object.keys(body).sort()).toEqual(['error', 'message']);
    expect(body.error).toBe('URI Too Long');
    expect(body.message).toContain(String(SLUG_MAX_LENGTH));
    expect(body.message).not.toContain('yyyy');
  });

  it('refuses a bad percent-encoding in the error shape', async () => {
    const response = await fetch(`${t.url}/api/transceivers/%zz`, { headers: auth });
    expect(response.status).toBe(400);
    expect(Object.keys((await response.json()) as object).sort()).toEqual(['error', 'message']);
  });

  it("answers the HTTP parser's refusal of a malformed request line in the error shape, naming the problem", async () => {
    const answer = await rawRequest(t.url, 'GET /api/health HTTP/9.Z\r\nHost: x\r\n\r\n');
    const [head, body] = answer.split('\r\n\r\n');
    expect(head).toMatch(/^HTTP\/1\.1 400 Bad Request/);
    const parsed = JSON.parse(body!) as Record<string, unknown>;
    expect(Object.keys(parsed).sort()).toEqual(['error', 'message']);
    expect(parsed.error).toBe('Bad Request');
    expect(parsed.message).toMatch(/^The request is not well-formed HTTP\/1\.1: \S/);
  });

  it('reads a body in the charset its Content-Type declares, and refuses one it cannot read with 415', async () => {
    const login = JSON.stringify({ password: TEST_PASSWORD });
    const utf16 = await fetch(`${t.url}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json; charset=utf-16' },
      body: Buffer.from(login, 'utf16le'),
    });
    expect(utf16.status).toBe(200);

    const csv = `vendor_id,part_number,name,form_factor,speed_gbps,fiber_type,wdm_type,data_confidence\n${FX.shopA},LATIN-1,Câble à fibre,QSFP28,100,SMF,CWDM,scraped_unverified`;
    const latin1 = await fetch(`${t.url}/api/import/transceivers`, {
      method: 'POST',
      headers: { ...auth, 'content-type': 'text/csv; charset=ISO-8859-1' },
      body: Buffer.from(csv, 'latin1'),
    });
    expect(latin1.status).toBe(200);
    const product = (await (await fetch(`${t.url}/api/transceivers/fx-shop-a-latin-1`, { headers: auth })).json()) as { name: string };
    expect(product.name).toBe('Câble à fibre');

    const unknown = await fetch(`${t.url}/api/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json; charset=ebcdic' }, body: login });
    expect(unknown.status).toBe(415);
    const refusal = (await unknown.json()) as Record<string, unknown>;
    expect(Object.keys(refusal).sort()).toEqual(['error', 'message']);
    expect(refusal.message).toContain('ebcdic');
  });

  it('documents the one slug limit in the OpenAPI document', async () => {
    const document = (await (await fetch(`${t.url}/docs/json`)).json()) as {
      paths: Record<string, Record<string, { parameters?: Array<{ name: string; in: string; schema: { maxLength?: number } }> }>>;
    };
    const idParameter = document.paths['/api/transceivers/{id}']!.get!.parameters!.find((p) => p.in === 'path' && p.name === 'id');
    expect(idParameter?.schema.maxLength).toBe(SLUG_MAX_LENGTH);
  });
});
