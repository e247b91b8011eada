import type { AppDatabase } from '../../../db/database.js';
import { NotFoundError } from '../../../errors.js';
import type { ClosestModels, FinderResult, SwitchDatasheet, SwitchRef } from '../../../../shared/api/sales/finder.schemas.js';
import { allSwitches, portGroupsOf, type PortGroupRow, type SwitchRow } from './finder.repository.js';
import { codingForMaker } from './port-compatibility.js';
import { portOffers, portSummary } from './port-offers.service.js';
import { closestSwitches, matchSwitches } from './switch-text.rules.js';

/** Alternatives listed with an ambiguous match. */
const ALTERNATIVES_LIMIT = 10;

function ref(s: SwitchRow): SwitchRef {
  return { id: s.id, slug: s.slug, vendor_id: s.vendor_id, vendor_name: s.vendor_name, model: s.model };
}

function header(s: SwitchRow, groups: readonly PortGroupRow[]): FinderResult['switch'] {
  return {
    ...ref(s),
    series: s.series,
    role: s.role,
    asic: s.asic,
    released_year: s.released_year,
    product_page_url: s.product_page_url,
    description: s.description,
    port_summary: portSummary(groups),
    maker_coding: codingForMaker(s.vendor_id),
  };
}

function unknownSwitch(switches: readonly SwitchRow[], text: string): NotFoundError {
  const closest = closestSwitches(switches, text).map(ref);
  const details: ClosestModels = { closest };
  const names = closest.map((c) => `${c.vendor_name} ${c.model}`).join(', ');
  return new NotFoundError(`No switch matches '${text}'${names ? `; closest models: ${names}` : ''}`, details);
}

/**
 * GET /api/finder: the switch the text names (best match; the other matches as alternatives) and, per port group and
 * speed, the operator's modules that fit. Unknown text is a 404 naming the closest models.
 */
export async function findForSwitch(db: AppDatabase, text: string): Promise<FinderResult> {
  const switches = await allSwitches(db);
  const matches = matchSwitches(switches, text);
  const best = matches[0];
  if (best === undefined) throw unknownSwitch(switches, text);
  const groups = await portGroupsOf(db, [best.item.id]);
  return {
    query: text,
    matched_by: best.kind,
    switch: header(best.item, groups),
    alternatives: matches.slice(1, 1 + ALTERNATIVES_LIMIT).map((m) => ref(m.item)),
    port_groups: await portOffers(db, best.item, groups),
  };
}

/** GET /api/datasheets/switch/:id: :id is a slug first, then a UUID (never model text). */
export async function switchDatasheet(db: AppDatabase, id: string, now: () => number): Promise<SwitchDatasheet> {
  const switches = await allSwitches(db);
  const sw = switches.find((s) => s.slug === id) ?? switches.find((s) => s.id === id);
  if (sw === undefined) throw unknownSwitch(switches, id);
  const groups = await portGroupsOf(db, [sw.id]);
  return { switch: header(sw, groups), port_groups: await portOffers(db, sw, groups), generated_at: new Date(now()).toISOString() };
}
