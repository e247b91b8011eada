import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TransportPlan } from '../../../src/shared/api/sales/transport.schemas.js';
import { startTestService, type TestService } from '../../helpers/test-service.js';

describe('POST /api/transport/plan over real HTTP on the seeded data set', () => {
  let t: TestService;
  let token: string;
  const plan = async (body: unknown) => {
    const response = await fetch(`${t.url}/api/transport/plan`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    return { status: response.status, body: (await response.json()) as TransportPlan & { message: string } };
  };

  beforeAll(async () => {
    t = await startTestService({ listen: true, env: { SEED_ON_START: 'true' } });
    token = await t.login();
  });
  afterAll(async () => t?.close());

  it('plans London to Warsaw (no path before the data-set extension) with 1+1 over two paths that share no route', async () => {
    const { status, body } = await plan({ from: 'London', to: 'WARSAW', capacity: '4x100G', protection: '1+1' });
    expect(status).toBe(200);
    expect([body.from.id, body.to.id]).toEqual(['london', 'warsaw']);
    const [working, protection] = body.paths;
    expect([working!.role, protection!.role]).toEqual(['working', 'protection']);
    for (const path of body.paths) {
      expect(path.cities[0]).toBe('london');
      expect(path.cities.at(-1)).toBe('warsaw');
      expect(path.km).toBeCloseTo(
        path.spans.reduce((s, x) => s + x.km, 0),
        1,
      );
    }
    const workingRoutes = working!.spans.map((s) => s.route_id);
    expect(protection!.spans.filter((s) => workingRoutes.includes(s.route_id))).toEqual([]);
    expect(working!.km).toBeLessThanOrEqual(protection!.km);
    for (const span of [...working!.spans, ...protection!.spans]) {
      if (span.budget !== null) expect(span.budget.margin_db).toBeGreaterThanOrEqual(span.budget.required_margin_db);
      if (span.estimated) expect(span.provider).toBeNull();
      else expect(span.provider!.name).toMatch(/\(demo\)$/);
    }
  });

  it('lists optics, line systems and every span with its provider in the BOM, totalling only catalogue prices', async () => {
    const { body } = await plan({ from: 'frankfurt', to: 'hamburg', capacity: '4x100G', protection: '1+1', currency: 'USD' });
    expect(body.currency).toBe('USD');
    const spans = body.paths.flatMap((p) => p.spans);
    const optics = body.bom.lines.filter((l) => l.kind === 'optic');
    expect(optics.reduce((s, l) => s + l.quantity, 0)).toBe(spans.reduce((s, x) => s + x.modules, 0));
    for (const line of body.bom.lines) {
      if (line.unit_price === null) expect(line.line_total).toBeNull();
      else expect(line.line_total).toBeCloseTo(line.unit_price * line.quantity, 2);
    }
    expect(body.bom.total).toBeCloseTo(
      body.bom.lines.reduce((s, l) => s + (l.line_total ?? 0), 0),
      2,
    );
    expect(body.bom.total).toBeGreaterThan(0);
    const fibre = body.bom.lines.filter((l) => l.kind === 'fiber');
    expect(fibre).toHaveLength(spans.length);
    for (const [i, line] of fibre.entries()) expect(line.providers).toEqual([spans[i]!.provider?.name ?? 'to be sourced']);
    expect(body.bom.unpriced_lines).toBe(body.bom.lines.filter((l) => l.unit_price === null).length);
  });

  it('honours the preferences: an avoided provider, estimated routes, a coding', async () => {
    const plain = await plan({ from: 'london', to: 'frankfurt', capacity: '1x400G' });
    const used = plain.body.paths[0]!.spans.map((s) => s.provider?.id).filter((id): id is string => id !== undefined);
    expect(used.length).toBeGreaterThan(0);
    const avoided = await plan({ from: 'london', to: 'frankfurt', capacity: '1x400G', preferences: { avoid_providers: [used[0]] } });
    expect(avoided.status).toBe(200);
    expect(avoided.body.paths[0]!.spans.map((s) => s.provider?.id)).not.toContain(used[0]);

    const named = await plan({ from: 'amsterdam', to: 'munich', capacity: '2x100G', preferences: { avoid_estimated: true } });
    expect(named.body.paths[0]!.spans.every((s) => !s.estimated)).toBe(true);
    expect(await plan({ from: 'madrid', to: 'paris', capacity: '2x100G', preferences: { avoid_estimated: true } })).toMatchObject({ status: 422 });

    const cisco = await plan({ from: 'paris', to: 'brussels', capacity: '1x400G', preferences: { coding: 'cisco' } });
    expect(cisco.body.paths[0]!.spans[0]!.optic.platform_coding).toBe('Cisco');
  });

  it('answers unknown cities with 404 naming the field, bad input with 400, and impossible plans with 422', async () => {
    const unknown = await plan({ from: 'Atlantis', to: 'paris', capacity: '4x100G' });
    expect(unknown.status).toBe(404);
    expect(unknown.body.message).toMatch(/^body\/from: no city "Atlantis"/);
    expect((await plan({ from: 'paris', to: 'Gotham', capacity: '4x100G' })).body.message).toMatch(/^body\/to/);

    const cases: Array<[unknown, RegExp]> = [
      [{ from: 'paris', to: 'berlin', capacity: '4x1G' }, /body\/capacity speed 1G/],
      [{ from: 'paris', to: 'berlin', capacity: 'fast' }, /body\/capacity must match pattern/],
      [{ from: 'paris', to: 'berlin', capacity: '100x100G' }, /body\/capacity must have 1 to 64/],
      [{ from: 'paris', to: 'berlin', capacity: '4x100G', protection: '1:1' }, /body\/protection must be one of: none, 1\+1/],
      [{ from: 'paris', to: 'Paris', capacity: '4x100G' }, /body\/to must differ from body\/from/],
      [{ from: 'paris', to: 'berlin', capacity: '4x100G', preferences: { avoid_providers: ['nobody'] } }, /avoid_providers: unknown provider\(s\) nobody/],
      [{ from: 'paris', to: 'berlin' }, /capacity/],
    ];
    for (const [body, message] of cases) {
      const answer = await plan(body);
      expect(answer.status, JSON.stringify(body)).toBe(400);
      expect(answer.body.message).toMatch(message);
    }

    const noDiverse = await plan({ from: 'Dublin', to: 'Berlin', capacity: '4x100G', protection: '1+1' });
    expect(noDiverse.status).toBe(422);
    expect(noDiverse.body.message).toMatch(/no diverse path from Dublin to Berlin/);
    expect((await plan({ from: 'Dublin', to: 'Berlin', capacity: '4x100G' })).status).toBe(200);
  });

  it('puts no amplifier at sea: the water crossings are leased subsea wavelengths, one BOM line each, handed off on grey optics', async () => {
    const crossings = [
      ['london', 'amsterdam'],
      ['london', 'paris'],
      ['london', 'dublin'],
      ['stockholm', 'helsinki'],
      ['copenhagen', 'berlin'],
    ] as const;
    for (const [from, to] of crossings) {
      const { status, body } = await plan({ from, to, capacity: '4x100G' });
      expect(status, `${from}-${to}`).toBe(200);
      const wet = body.paths[0]!.spans.filter((s) => s.water_crossing !== null);
      expect(wet.length, `${from}-${to}`).toBeGreaterThan(0);
      for (const span of wet) {
        expect(span, `${from}-${to}`).toMatchObject({ carriage: 'leased_wavelength', inline_amplifier_sites: 0, regeneration_sites: 0, budget: null });
        expect(span.optic.kind).toBe('grey');
      }
      const leased = body.bom.lines.filter((l) => l.kind === 'leased_wavelength');
      expect(leased).toHaveLength(wet.length);
      expect(leased[0]).toMatchObject({ unit: 'circuit', quantity: 4, unit_price: null });
      expect(body.notes.join(' ')).toMatch(/leased subsea wavelengths/);
    }
    const london = await plan({ from: 'london', to: 'amsterdam', capacity: '4x100G' });
    expect(london.body.bom.lines.filter((l) => l.kind === 'inline_amplifier')).toEqual([]);
  });

  it('offers coherent optics in QSFP-DD and says so, or in the form factor the request names', async () => {
    const plain = await plan({ from: 'frankfurt', to: 'munich', capacity: '4x100G' });
    const coherent = plain.body.paths[0]!.spans.filter((s) => s.optic.kind === 'coherent');
    expect(coherent.length).toBeGreaterThan(0);
    for (const span of coherent) expect(span.optic.form_factor).toBe('QSFP-DD');
    expect(plain.body.notes.join(' ')).toMatch(/offered in QSFP-DD.*preferences\.form_factor/);

    const cfp2 = await plan({ from: 'frankfurt', to: 'munich', capacity: '4x100G', preferences: { form_factor: 'cfp2' } });
    expect(cfp2.status).toBe(200);
    for (const span of cfp2.body.paths[0]!.spans) expect(span.optic.form_factor).toBe('CFP2');
  });

  it('GET /api/transport/network: the 25 cities, every route with its provider or as estimated, and the providers', async () => {
    const response = await fetch(`${t.url}/api/transport/network`, { headers: { authorization: `Bearer ${token}` } });
    expect(response.status).toBe(200);
    const body = (await response.json()) as import('../../../src/shared/api/sales/transport.schemas.js').TransportNetwork;
    expect(body.cities).toHaveLength(25);
    expect(body.providers).toHaveLength(15);
    expect(body.routes.filter((r) => !r.estimated)).toHaveLength(16);
    for (const r of body.routes) expect(r.estimated).toBe(r.provider === null);
    expect((await fetch(`${t.url}/api/transport/network`)).status).toBe(401);
  });
});
