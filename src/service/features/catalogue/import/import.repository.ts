import type { Statement } from 'better-sqlite3';
import type { AppDatabase } from '../../../db/database.js';
import { LAST_IMPORT_SETTING } from '../../seed/index.js';
import type { NewObservationRow } from '../prices/prices.repository.js';
import { intakeMarketRecord } from '../prices/market-intake.service.js';
import type { AlertRules } from '../prices/market-intake.rules.js';

export type SqlValue = string | number | null;

export interface ProductRef {
  id: string;
  slug: string;
  vendor_id: string;
  part_number: string;
  speed_gbps: number;
}

export interface SwitchRef {
  id: string;
  slug: string;
  vendor_id: string;
  model: string;
}

/** Everything an import checks rows against, read once before validation. */
export interface ImportLookups {
  vendors: Set<string>;
  formFactors: Map<string, string>;
  standards: Map<string, string>;
  products: { bySlug: Map<string, ProductRef>; byId: Map<string, ProductRef>; byVendorPart: Map<string, ProductRef>; byPart: Map<string, ProductRef[]> };
  switches: { bySlug: Map<string, SwitchRef>; byId: Map<string, SwitchRef>; byVendorModel: Map<string, SwitchRef> };
  demandSkus: Set<string>;
}

export const pairKey = (a: string, b: string) => `${a}\u0000${b}`;

export function loadImportLookups(db: AppDatabase, kind: string): ImportLookups {
  const all = <T>(sql: string) => db.sqlite.prepare(sql).all() as T[];
  const lowerMap = (names: Array<{ name: string }>) => new Map(names.map((r) => [r.name.toLowerCase(), r.name]));
  const lookups: ImportLookups = {
    vendors: new Set(all<{ id: string }>('SELECT id FROM vendors').map((r) => r.id)),
    formFactors: lowerMap(all<{ name: string }>('SELECT name FROM form_factors')),
    standards: lowerMap(all<{ name: string }>('SELECT name FROM standards')),
    products: { bySlug: new Map(), byId: new Map(), byVendorPart: new Map(), byPart: new Map() },
    switches: { bySlug: new Map(), byId: new Map(), byVendorModel: new Map() },
    demandSkus: new Set(),
  };
  if (kind !== 'switches') {
    for (const p of all<ProductRef>('SELECT id, slug, vendor_id, part_number, speed_gbps FROM transceivers')) addProduct(lookups, p);
  } else {
    for (const s of all<SwitchRef>('SELECT id, slug, vendor_id, model FROM switches')) addSwitch(lookups, s);
  }
  if (kind === 'demand') for (const r of all<{ sku: string }>('SELECT sku FROM internal_demand')) lookups.demandSkus.add(r.sku);
  return lookups;
}

export function addProduct(lookups: ImportLookups, p: ProductRef): void {
  const { bySlug, byId, byVendorPart, byPart } = lookups.products;
  bySlug.set(p.slug, p);
  byId.set(p.id, p);
  byVendorPart.set(pairKey(p.vendor_id, p.part_number), p);
  const list = byPart.get(p.part_number.toLowerCase()) ?? [];
  list.push(p);
  byPart.set(p.part_number.toLowerCase(), list);
}

export function addSwitch(lookups: ImportLookups, s: SwitchRef): void {
  lookups.switches.bySlug.set(s.slug, s);
  lookups.switches.byId.set(s.id, s);
  lookups.switches.byVendorModel.set(pairKey(s.vendor_id, s.model), s);
}

export interface PortGroupWrite {
  port_count: number;
  form_factor: string;
  speeds_gbps: number[];
  role: string | null;
}

/** One validated change. Table and column names come from code, never from the imported data. */
export type PlannedWrite =
  | {
      op: 'insert' | 'update';
      table: 'transceivers' | 'switches' | 'internal_demand';
      keyColumn: 'id' | 'sku';
      key: string;
      values: Record<string, SqlValue>;
      portGroups?: PortGroupWrite[];
    }
  | { op: 'price'; observation: NewObservationRow };

export interface WriteCounts {
  inserted: number;
  updated: number;
  unchanged: number;
}

/**
 * Applies every planned change in one transaction: all or nothing. Prices and transceiver records go through the
 * market intake like POST /api/prices, so price changes and competitor alerts are recorded, and an observation
 * already stored verbatim is left alone (re-importing a file is harmless).
 */
export function applyImport(db: AppDatabase, writes: PlannedWrite[], rules: AlertRules, onProgress?: (done: number) => void, nowMs = Date.now()): WriteCounts {
  const statements = new Map<string, Statement<unknown[]>>();
  const prepare = (sql: string) => {
    let stmt = statements.get(sql);
    if (!stmt) statements.set(sql, (stmt = db.sqlite.prepare<unknown[]>(sql)));
    return stmt;
  };
  const counts: WriteCounts = { inserted: 0, updated: 0, unchanged: 0 };
  db.sqlite.transaction(() => {
    writes.forEach((w, index) => {
      if (w.op === 'price') {
        const o = w.observation;
        const same = prepare(
          'SELECT 1 FROM price_observations WHERE transceiver_id = ? AND vendor_id = ? AND currency = ? AND observed_at = ? AND price = ? LIMIT 1',
        ).get(o.transceiver_id, o.vendor_id, o.currency, o.observed_at, o.price);
        if (same) counts.unchanged += 1;
        else {
          intakeMarketRecord(db, rules, { kind: 'observation', observation: o });
          counts.inserted += 1;
        }
      } else {
        const columns = Object.keys(w.values);
        if (w.op === 'insert') {
          prepare(`INSERT INTO ${w.table} (${columns.join(', ')}) VALUES (${columns.map(() => '?').join(', ')})`).run(
            ...columns.map((c) => w.values[c] ?? null),
          );
          counts.inserted += 1;
        } else {
          prepare(`UPDATE ${w.table} SET ${columns.map((c) => `${c} = ?`).join(', ')} WHERE ${w.keyColumn} = ?`).run(
            ...columns.map((c) => w.values[c] ?? null),
            w.key,
          );
          counts.updated += 1;
        }
        if (w.table === 'transceivers')
          intakeMarketRecord(db, rules, { kind: 'product', transceiverId: w.key, change: w.op === 'insert' ? 'created' : 'updated' });
        if (w.portGroups) {
          prepare('DELETE FROM switch_port_groups WHERE switch_id = ?').run(w.key);
          for (const g of w.portGroups) {
            prepare('INSERT INTO switch_port_groups (switch_id, port_count, form_factor, speeds_gbps, max_speed_gbps, role) VALUES (?, ?, ?, ?, ?, ?)').run(
              w.key,
              g.port_count,
              g.form_factor,
              JSON.stringify(g.speeds_gbps),
              Math.max(...g.speeds_gbps),
              g.role,
            );
          }
        }
      }
      if (onProgress && (index % 500 === 0 || index === writes.length - 1)) onProgress(index + 1);
    });
    if (counts.inserted + counts.updated > 0) {
      prepare(
        `INSERT INTO app_settings (key, value, updated_at) VALUES (?, ?, strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
         ON CONFLICT (key) DO UPDATE SET value = excluded.value, updated_at = excluded.updated_at`,
      ).run(LAST_IMPORT_SETTING, new Date(nowMs).toISOString());
    }
  })();
  return counts;
}

/** Row counts of the tables an import can change, to prove that a refused import changed nothing. */
export function importTableCounts(db: AppDatabase): Record<string, number> {
  const tables = ['transceivers', 'switches', 'switch_port_groups', 'price_observations', 'price_changes', 'competitor_alerts', 'internal_demand'];
  return Object.fromEntries(tables.map((t) => [t, (db.sqlite.prepare(`SELECT count(*) AS n FROM ${t}`).get() as { n: number }).n]));
}
