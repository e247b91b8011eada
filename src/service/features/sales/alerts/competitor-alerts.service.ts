import type { AppDatabase } from '../../../db/database.js';
import { InvalidError } from '../../../errors.js';
import type { CompetitorAlert, CompetitorAlertPage, CompetitorAlertsQuery } from '../../../../shared/api/sales/competitor-alerts.schemas.js';
import { parseSpeed } from '../../../../shared/speed.js';
import { type AlertFilter, type AlertRow, listAlerts } from './competitor-alerts.repository.js';

const DAY_MS = 86_400_000;

/** The query's days as ISO bounds: since from its midnight UTC, until through the end of its day. */
export function alertFilterOf(query: CompetitorAlertsQuery): AlertFilter {
  if (query.since !== undefined && query.until !== undefined && query.since > query.until) {
    throw new InvalidError(`querystring/until (${query.until}) is before querystring/since (${query.since})`, { field: 'until' });
  }
  const speedGbps = query.speed === undefined ? undefined : parseSpeed(query.speed);
  return {
    ...(query.vendor !== undefined ? { vendor: query.vendor } : {}),
    ...(query.kind !== undefined ? { kind: query.kind } : {}),
    ...(query.severity !== undefined ? { severity: query.severity } : {}),
    ...(speedGbps !== undefined ? { speedGbps } : {}),
    ...(query.since !== undefined ? { fromIso: new Date(`${query.since}T00:00:00.000Z`).toISOString() } : {}),
    ...(query.until !== undefined ? { beforeIso: new Date(Date.parse(`${query.until}T00:00:00.000Z`) + DAY_MS).toISOString() } : {}),
  };
}

function toAlert(row: AlertRow): CompetitorAlert {
  const hasPrice = row.currency !== null && row.old_price !== null && row.new_price !== null && row.change_pct !== null;
  const hasStock = row.old_in_stock !== null && row.new_in_stock !== null;
  return {
    id: row.id,
    kind: row.kind,
    severity: row.severity,
    created_at: row.created_at,
    title: row.title,
    detail: row.detail,
    acknowledged: row.acknowledged === 1,
    vendor_id: row.vendor_id,
    vendor_name: row.vendor_name,
    vendor_is_demo: row.vendor_is_demo === 1,
    product:
      row.transceiver_id !== null && row.slug !== null
        ? {
            id: row.transceiver_id,
            slug: row.slug,
            part_number: row.part_number ?? '',
            name: row.name ?? '',
            form_factor: row.form_factor ?? '',
            speed_gbps: row.speed_gbps ?? 0,
          }
        : null,
    price: hasPrice ? { currency: row.currency!, old_price: row.old_price!, new_price: row.new_price!, change_pct: row.change_pct! } : null,
    stock: hasStock ? { was_in_stock: row.old_in_stock === 1, in_stock: row.new_in_stock === 1 } : null,
    observation_id: row.observation_id,
  };
}

/** GET /api/competitor-alerts: seeded and produced alerts alike, newest first, filtered and paged. */
export async function getCompetitorAlerts(db: AppDatabase, query: CompetitorAlertsQuery): Promise<CompetitorAlertPage> {
  const limit = query.limit ?? 20;
  const offset = query.offset ?? 0;
  const { total, rows } = await listAlerts(db, alertFilterOf(query), limit, offset);
  return { total, limit, offset, items: rows.map(toAlert) };
}
