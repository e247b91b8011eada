import { SLUG_MAX_LENGTH } from '../../../../shared/api/common.schemas.js';
import { randomUUID } from 'node:crypto';
import { parseSpeed } from '../../../../shared/speed.js';
import { claimKey, type ImportContext, type KindHandler, SLUG_PATTERN } from './import.kinds.js';
import { addSwitch, pairKey, type PlannedWrite, type PortGroupWrite, type SqlValue } from './import.repository.js';
import { type RowReader, slugify, UUID_PATTERN } from './import.values.js';

const FIELDS = [
  'id',
  'slug',
  'vendor_id',
  'vendor_name',
  'model',
  'series',
  'role',
  'asic',
  'released_year',
  'product_page_url',
  'description',
  'port_groups',
] as const;

/**
 * Port groups in CSV are written "48xSFP28@10/25:downlink; 6xQSFP28@40/100:uplink": count x form factor @ the
 * speeds in Gb/s (or with a unit, "1.6T"), optionally ":role". JSON rows may give the same text or an array of
 * {port_count, form_factor, speeds_gbps, role}.
 */
const GROUP_TEXT = /^(\d+)\s*x\s*([A-Za-z0-9+-]+)\s*@\s*([0-9.MGTmgt/ ]+?)\s*(?::\s*([a-z-]+))?$/;

type RawGroup = { port_count?: unknown; form_factor?: unknown; speeds_gbps?: unknown; role?: unknown };

function parseGroupText(text: string): RawGroup | string {
  const m = GROUP_TEXT.exec(text.trim());
  if (!m) return `"${text.trim()}" is not "<count>x<form factor>@<speed>/<speed>[:role]"`;
  return { port_count: Number(m[1]), form_factor: m[2], speeds_gbps: m[3]!.split('/').map(parseSpeed), role: m[4] ?? null };
}

function readPortGroups(r: RowReader, ctx: ImportContext): PortGroupWrite[] | undefined {
  if (!r.has('port_groups')) return undefined;
  const raw = r.raw('port_groups');
  const items: Array<RawGroup | string> = Array.isArray(raw)
    ? (raw as RawGroup[])
    : typeof raw === 'string' && raw.trim() !== ''
      ? raw
          .split(';')
          .filter((s) => s.trim() !== '')
          .map(parseGroupText)
      : [];
  if (items.length === 0) return r.fail('port_groups', 'a switch needs at least one port group');
  const groups: PortGroupWrite[] = [];
  for (const item of items) {
    if (typeof item === 'string') return r.fail('port_groups', item);
    const count = Number(item.port_count);
    const ff = ctx.lookups.formFactors.get(String(item.form_factor ?? '').toLowerCase());
    const speeds = Array.isArray(item.speeds_gbps) ? item.speeds_gbps.map((s) => (typeof s === 'number' ? s : parseSpeed(String(s)))) : [];
    if (!Number.isInteger(count) || count <= 0 || count > 1024)
      return r.fail('port_groups', `port count must be a whole number from 1 to 1024 (got ${String(item.port_count)})`);
    if (!ff) return r.fail('port_groups', `unknown form factor "${String(item.form_factor)}"`);
    if (speeds.length === 0 || speeds.some((s) => s === undefined || !(s > 0)))
      return r.fail('port_groups', `speeds of the ${ff} group must be positive numbers of Gb/s`);
    groups.push({
      port_count: count,
      form_factor: ff,
      speeds_gbps: speeds as number[],
      role: item.role === undefined || item.role === null ? null : String(item.role),
    });
  }
  return groups;
}

function validate(r: RowReader, ctx: ImportContext, row: number): PlannedWrite | undefined {
  const { lookups } = ctx;
  r.rejectUnknown(FIELDS);
  const id = r.text('id', { max: 36 });
  if (id !== undefined && !UUID_PATTERN.test(id)) r.fail('id', `must be a UUID (got "${id}")`);
  const slug = r.text('slug', { max: SLUG_MAX_LENGTH });
  if (slug !== undefined && !SLUG_PATTERN.test(slug)) r.fail('slug', 'may hold only letters, digits, ".", "_" and "-"');
  const vendorId = r.text('vendor_id', { required: true, max: 80 });
  if (vendorId !== undefined && !lookups.vendors.has(vendorId)) r.fail('vendor_id', `no vendor with id "${vendorId}"`);
  const model = r.text('model', { required: true, max: 120 });
  const optional: Record<string, SqlValue> = {};
  for (const field of ['series', 'role', 'asic', 'description'] as const) {
    const value = r.text(field, { max: field === 'description' ? 5000 : 120 });
    if (r.has(field)) optional[field] = value ?? null;
  }
  const pageUrl = r.url('product_page_url');
  if (r.has('product_page_url')) optional.product_page_url = pageUrl ?? null;
  const year = r.integer('released_year', { min: 1990, max: 2100 });
  if (r.has('released_year')) optional.released_year = year ?? null;
  const portGroups = readPortGroups(r, ctx);
  if (r.problems.length > 0 || !vendorId || !model) return undefined;

  const byModel = lookups.switches.byVendorModel.get(pairKey(vendorId, model));
  const bySlug = slug !== undefined ? lookups.switches.bySlug.get(slug) : undefined;
  const existing = bySlug ?? byModel;
  if (bySlug && byModel && bySlug.id !== byModel.id) return r.fail('model', `${vendorId} ${model} already belongs to another switch (slug "${byModel.slug}")`);
  if (id !== undefined && existing && existing.id !== id) return r.fail('id', `does not match the existing switch "${existing.slug}"`);
  if (!existing && !portGroups) return r.fail('port_groups', 'is required for a new switch');
  if (!claimKey(r, ctx, `s:${pairKey(vendorId, model)}`, 'model', row)) return undefined;

  const base = { vendor_id: vendorId, model, ...optional };
  if (existing) {
    addSwitch(lookups, { ...existing, slug: slug ?? existing.slug, vendor_id: vendorId, model });
    return {
      op: 'update',
      table: 'switches',
      keyColumn: 'id',
      key: existing.id,
      values: { ...base, ...(slug ? { slug } : {}) },
      ...(portGroups ? { portGroups } : {}),
    };
  }
  let newSlug = slug ?? slugify(`${vendorId}-${model}`);
  for (let n = 2; lookups.switches.bySlug.has(newSlug); n += 1) newSlug = `${slugify(`${vendorId}-${model}`)}-${n}`;
  const ref = { id: id ?? randomUUID(), slug: newSlug, vendor_id: vendorId, model };
  addSwitch(lookups, ref);
  return {
    op: 'insert',
    table: 'switches',
    keyColumn: 'id',
    key: ref.id,
    values: { id: ref.id, slug: ref.slug, ...base },
    ...(portGroups ? { portGroups } : {}),
  };
}

export const switchImport: KindHandler = { fields: FIELDS, validate };
