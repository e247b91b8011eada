import { formatSpeed } from '../../../../shared/speed.js';
import type { AppDatabase } from '../../../db/database.js';
import { NotFoundError } from '../../../errors.js';
import { parseNumberList, parseSpeedGbps } from '../common/catalogue.values.js';
import { resolveFormFactorOrThrow, resolveVendorOrThrow } from '../common/catalogue.references.js';
import { findSwitch, listSwitches, type PortGroupRow, portGroupsOf, type SwitchRow } from './switches.repository.js';
import type { PortGroup, Switch, SwitchPage, SwitchQuery } from '../../../../shared/api/catalogue/switches.schemas.js';

/** "48 x 25G SFP28 + 6 x 100G QSFP28": how port layouts are written on data sheets. */
export function portSummary(groups: Array<Pick<PortGroup, 'port_count' | 'max_speed_gbps' | 'form_factor'>>): string {
  return groups.map((g) => `${g.port_count} x ${formatSpeed(g.max_speed_gbps)} ${g.form_factor}`).join(' + ');
}

function toPortGroup(row: PortGroupRow): PortGroup {
  return {
    id: row.id,
    port_count: row.port_count,
    form_factor: row.form_factor,
    speeds_gbps: parseNumberList(row.speeds_gbps),
    max_speed_gbps: row.max_speed_gbps,
    role: row.role,
    operator_transceiver_count: Number(row.operator_transceiver_count),
  };
}

function toSwitch(row: SwitchRow, groups: PortGroupRow[]): Switch {
  const portGroups = groups.filter((g) => g.switch_id === row.id).map(toPortGroup);
  return { ...row, port_summary: portSummary(portGroups), port_groups: portGroups };
}

export async function getSwitches(db: AppDatabase, query: SwitchQuery): Promise<SwitchPage> {
  const limit = query.limit ?? 50;
  const offset = query.offset ?? 0;
  const filter = {
    ...(query.vendor !== undefined ? { vendorId: await resolveVendorOrThrow(db, query.vendor, 'vendor') } : {}),
    ...(query.role !== undefined ? { role: query.role } : {}),
    ...(query.form_factor !== undefined ? { formFactor: await resolveFormFactorOrThrow(db, query.form_factor, 'form_factor') } : {}),
    ...(query.speed_gbps !== undefined ? { speedGbps: parseSpeedGbps(query.speed_gbps) } : {}),
    ...(query.q !== undefined ? { text: query.q } : {}),
  };
  const { total, rows } = await listSwitches(db, filter, limit, offset);
  const groups = await portGroupsOf(
    db,
    rows.map((r) => r.id),
  );
  return { total, limit, offset, items: rows.map((row) => toSwitch(row, groups)) };
}

export async function getSwitch(db: AppDatabase, idOrSlug: string): Promise<Switch> {
  const row = await findSwitch(db, idOrSlug);
  if (!row) throw new NotFoundError(`No switch with slug or id "${idOrSlug}"`);
  return toSwitch(row, await portGroupsOf(db, [row.id]));
}
