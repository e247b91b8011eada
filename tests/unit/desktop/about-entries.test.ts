import { sql } from 'kysely';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { aboutEntries, createDemoDataWatch, DEMO_DATA_NOTICE, readDemoData } from '../../../src/main/about-entries.js';
import { seedCatalogue } from '../../../src/service/features/seed/seed.service.js';
import { startTestService, type TestService } from '../../helpers/test-service.js';

describe('the desktop About (Help menu)', () => {
  it('adds the demo-data line only when the service reports the demo data set', () => {
    expect(aboutEntries('Transceiver Intelligence', '0.3.0', true)).toEqual([
      { label: 'Transceiver Intelligence 0.3.0', enabled: false },
      { label: DEMO_DATA_NOTICE, enabled: false },
    ]);
    expect(aboutEntries('Transceiver Intelligence', '0.3.0', false)).toEqual([{ label: 'Transceiver Intelligence 0.3.0', enabled: false }]);
    expect(aboutEntries('Transceiver Intelligence', '0.3.0', undefined)).toHaveLength(1);
  });

  describe('reading the flag from a running service', () => {
    let t: TestService;
    beforeAll(async () => {
      t = await startTestService({ listen: true });
    }, 60_000);
    afterAll(async () => t?.close());

    it('is false on an empty catalogue, true once seeded, false again after an import', async () => {
      expect(await readDemoData(t.url)).toBe(false);
      await seedCatalogue(t.service.ctx.db, { resourcesDir: t.service.config.resourcesDir, operatorBrand: 'Test Brand Optics', now: Date.now() });
      expect(await readDemoData(t.url)).toBe(true);
      const token = await t.login();
      const [product] = (
        await sql<{ slug: string; vendor_id: string }>`SELECT slug, vendor_id FROM transceivers WHERE origin = 'seed' ORDER BY slug LIMIT 1`.execute(
          t.service.ctx.db.kysely,
        )
      ).rows;
      const csv = `transceiver,part_number,product_vendor_id,vendor_id,price,currency,observed_at\n${product!.slug},,,${product!.vendor_id},999,USD,2026-11-02`;
      const response = await fetch(`${t.url}/api/import/prices`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'text/csv' },
        body: csv,
      });
      expect(response.status).toBe(200);
      expect(await readDemoData(t.url)).toBe(false);
    });
  });

  describe('kept current after an import (the watch the shell refreshes on focus and on a timer)', () => {
    let t: TestService;
    beforeAll(async () => {
      t = await startTestService({ listen: true });
    }, 60_000);
    afterAll(async () => t?.close());

    it('rebuilds the About lines on each change of the flag, and only then', async () => {
      const menus: Array<ReturnType<typeof aboutEntries>> = [];
      const watch = createDemoDataWatch(t.url, (demoData) => menus.push(aboutEntries('TI', '1.0', demoData)));
      expect(await watch.refresh()).toBe(true);
      expect(menus.at(-1)).toHaveLength(1); // empty catalogue: no demo line
      await seedCatalogue(t.service.ctx.db, { resourcesDir: t.service.config.resourcesDir, operatorBrand: 'Test Brand Optics', now: Date.now() });
      expect(await watch.refresh()).toBe(true);
      expect(menus.at(-1)?.map((e) => e.label)).toContain(DEMO_DATA_NOTICE);
      expect(await watch.refresh()).toBe(false); // unchanged: the menu is not rebuilt
      expect(menus).toHaveLength(2);

      const token = await t.login();
      const [product] = (
        await sql<{ slug: string; vendor_id: string }>`SELECT slug, vendor_id FROM transceivers WHERE origin = 'seed' ORDER BY slug LIMIT 1`.execute(
          t.service.ctx.db.kysely,
        )
      ).rows;
      const response = await fetch(`${t.url}/api/import/prices`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'text/csv' },
        body: `transceiver,part_number,product_vendor_id,vendor_id,price,currency,observed_at\n${product!.slug},,,${product!.vendor_id},999,USD,2026-11-02`,
      });
      expect(response.status).toBe(200);
      expect(await watch.refresh()).toBe(true);
      expect(watch.current()).toBe(false);
      expect(menus.at(-1)?.map((e) => e.label)).not.toContain(DEMO_DATA_NOTICE);
      expect(menus).toHaveLength(3);
    });
  });

  describe('an answer without the flag', () => {
    let server: Server;
    let url: string;
    beforeAll(async () => {
      server = createServer((req, res) => {
        res.writeHead(req.url === '/api/health' ? 200 : 404, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ status: 'ok' }));
      });
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    });
    afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

    it('gives undefined (no About line) when the service does not say, or cannot be reached', async () => {
      expect(await readDemoData(url)).toBeUndefined();
      expect(await readDemoData('http://127.0.0.1:9')).toBeUndefined();
    });
  });
});
