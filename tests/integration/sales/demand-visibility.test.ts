import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CatalogueTables } from '../../../src/service/db/tables/catalogue.tables.js';
import { RequestViewer, viewerOf } from '../../../src/service/features/auth/request-viewer.js';
import type { AppDatabase } from '../../../src/service/db/database.js';
import { asRowViewer } from '../../../src/service/db/row-viewer.js';
import { countDemand, demandBySpeed, demandRows, readDemand, visibleDemand } from '../../../src/service/features/catalogue/demand/demand.repository.js';
import { forecastDemandInput } from '../../../src/service/features/forecast/demand-input.service.js';
import { stockAnalysis } from '../../../src/service/features/sales/demand/stock-analysis.service.js';
import { anonymousViewer, signedInViewer } from '../../helpers/request-viewers.js';
import { startTestService, type TestService } from '../../helpers/test-service.js';

const DEMAND_PATHS = ['by-speed', 'velocity', 'hype-weights', 'forecast-input', 'stock-analysis'].map((p) => `/api/internal/demand/${p}`);

/**
 * Row-level security of internal demand (is_internal = 1): enforced in the data layer, so a query that is not
 * given an authenticated viewer cannot return an internal row, whichever function it goes through.
 */
describe('internal demand rows need an authenticated viewer', () => {
  let t: TestService;
  let token: string;
  let internalSkus: number;
  const get = (path: string, auth = true) => fetch(`${t.url}${path}`, { headers: auth ? { authorization: `Bearer ${token}` } : {} });

  beforeAll(async () => {
    t = await startTestService({ listen: true, env: { SEED_ON_START: 'true' } });
    token = await t.login();
    const counted = await asRowViewer(t.service.ctx.db, 'service', (tx) =>
      sql<{ n: number }>`SELECT count(*) AS n FROM internal_demand WHERE is_internal = 1`.execute(tx.kysely),
    );
    internalSkus = Number(counted.rows[0]?.n);
  });
  afterAll(async () => t.close());

  it('the seed has internal rows to hide', () => {
    expect(internalSkus).toBeGreaterThan(1000);
  });

  it('repository reads without the authenticated context return no internal row', async () => {
    const { db } = t.service.ctx;
    const anonymous = await demandRows(db, anonymousViewer(), {});
    expect(anonymous.length).toBeGreaterThan(0);
    expect(anonymous.filter((r) => r.is_internal === 1)).toEqual([]);
    const signedIn = await demandRows(db, signedInViewer(), {});
    expect(signedIn.length - anonymous.length).toBe(internalSkus);
    expect(await countDemand(db, signedInViewer())).toBe((await countDemand(db, anonymousViewer())) + internalSkus);
    const bySpeed = async (v: RequestViewer) => (await demandBySpeed(db, v)).reduce((s, g) => s + g.skus, 0);
    expect(await bySpeed(signedInViewer())).toBe((await bySpeed(anonymousViewer())) + internalSkus);
    const page = await stockAnalysis(db, anonymousViewer(), { limit: 500 });
    expect(page.internal_included).toBe(false);
    expect(page.total).toBe(anonymous.length);
  });

  it('the forecast input without the context counts public SKUs only', async () => {
    const { db } = t.service.ctx;
    const now = t.service.ctx.now();
    const skus = async (v: RequestViewer) => (await forecastDemandInput(db, now, v)).items.reduce((s, i) => s + i.skus, 0);
    const [publicOnly, all] = [await skus(anonymousViewer()), await skus(signedInViewer())];
    expect(all).toBeGreaterThan(publicOnly);
  });

  it('on PostgreSQL the database itself hides internal rows from an anonymous transaction whose query skips the guard', async () => {
    const { db } = t.service.ctx;
    // The anonymous path's own transaction (readDemand) with a query that lacks visibleDemand's condition.
    const unguarded = (tx: AppDatabase) => sql<{ is_internal: number }>`SELECT is_internal FROM internal_demand`.execute(tx.kysely).then((r) => r.rows);
    const anonymous = await readDemand(db, anonymousViewer(), unguarded);
    const signedIn = await readDemand(db, signedInViewer(), unguarded);
    const outside = await unguarded(db);
    if (db.engine === 'postgres') {
      expect(anonymous.length).toBeGreaterThan(0);
      expect(anonymous.filter((r) => r.is_internal === 1)).toEqual([]);
      // Without any viewer set (a statement outside readDemand), no internal row either.
      expect(outside.filter((r) => r.is_internal === 1)).toEqual([]);
      // The role the service connects as can neither skip the policies nor switch them off for itself.
      const role = await sql<{ rolsuper: boolean; rolbypassrls: boolean; forced: boolean }>`
        SELECT rolsuper, rolbypassrls, (SELECT relforcerowsecurity FROM pg_class WHERE relname = 'internal_demand') AS forced
        FROM pg_roles WHERE rolname = current_user`.execute(db.kysely);
      expect(role.rows).toEqual([{ rolsuper: false, rolbypassrls: false, forced: true }]);
    } else {
      // SQLite has no row-level security: the repository's guard (visibleDemand) is the one that holds there.
      expect(anonymous.length).toBe(signedIn.length);
    }
    expect(signedIn.filter((r) => r.is_internal === 1)).toHaveLength(internalSkus);
  });

  it('a forged viewer is refused, not taken for authenticated', () => {
    const { db } = t.service.ctx;
    const forged = { authenticated: true } as unknown as RequestViewer;
    expect(() => visibleDemand(db.kysely.withTables<CatalogueTables>(), forged)).toThrow(/RequestViewer/);
    expect(() => new RequestViewer(Symbol('request-viewer issuer') as never, true)).toThrow(/auth hook/);
    // A request the auth hook never saw (a public route, a job) has the anonymous viewer.
    expect(viewerOf({} as never).authenticated).toBe(false);
  });

  it('every /api/internal/demand route answers 401 without a token', async () => {
    for (const path of DEMAND_PATHS) expect((await get(path, false)).status, path).toBe(401);
  });

  it('the authenticated routes include the internal rows', async () => {
    const stock = (await (await get('/api/internal/demand/stock-analysis?limit=1')).json()) as { total: number; internal_included: boolean };
    expect(stock.internal_included).toBe(true);
    expect(stock.total).toBe(8585);
    const [internalSku] = (
      await asRowViewer(t.service.ctx.db, 'service', (tx) =>
        sql<{ sku: string }>`SELECT sku FROM internal_demand WHERE is_internal = 1 ORDER BY sku LIMIT 1`.execute(tx.kysely),
      )
    ).rows;
    const found = (await (await get(`/api/internal/demand/stock-analysis?q=${internalSku!.sku}`)).json()) as {
      items: Array<{ sku: string; is_internal: boolean }>;
    };
    expect(found.items.map((i) => [i.sku, i.is_internal])).toEqual([[internalSku!.sku, true]]);
    const bySpeed = (await (await get('/api/internal/demand/by-speed')).json()) as { items: Array<{ skus: number }> };
    expect(bySpeed.items.reduce((s, i) => s + i.skus, 0)).toBe(8585);
  });

  it('no source file reads internal_demand except through visibleDemand', () => {
    // The import's key lookup (insert or update by SKU) is a write path: it never returns rows to a caller.
    const allowed = new Set(['src/service/features/catalogue/demand/demand.repository.ts', 'src/service/features/catalogue/import/import.repository.ts']);
    const root = join(import.meta.dirname, '../../..');
    const offenders: string[] = [];
    const walk = (dir: string) => {
      for (const entry of readdirSync(dir, { withFileTypes: true })) {
        const path = join(dir, entry.name);
        if (entry.isDirectory()) walk(path);
        else if (/\.tsx?$/.test(entry.name)) {
          const text = readFileSync(path, 'utf8');
          if (/selectFrom\(\s*['"]internal_demand['"]|\bFROM\s+internal_demand\b|\bJOIN\s+internal_demand\b/i.test(text)) offenders.push(relative(root, path));
        }
      }
    };
    walk(join(root, 'src'));
    expect(offenders.filter((f) => !allowed.has(f))).toEqual([]);
    expect(offenders).toContain('src/service/features/catalogue/demand/demand.repository.ts');
  });
});
