import { SLUG_MAX_LENGTH } from '../../../../shared/api/common.schemas.js';
import { randomUUID } from 'node:crypto';
import { DATA_CONFIDENCES, FIBER_TYPES, WDM_TYPES } from '../../../../shared/vocabulary/catalogue.vocabulary.js';
import { claimKey, type ImportContext, type KindHandler, SLUG_PATTERN } from './import.kinds.js';
import { addProduct, pairKey, type PlannedWrite, type ProductRef, type SqlValue } from './import.repository.js';
import { PRODUCT_TEXT_LIMITS } from '../common/catalogue.values.js';
import { type RowReader, slugify, UUID_PATTERN } from './import.values.js';

/** Provenance columns of migrations/013: a product written by an import. */
const IMPORTED = { origin: 'import', generator: null, generated_on: null } as const;
/** Optical wavelengths in nm: from visible light to beyond the fibre bands (780-1675 nm) that transceivers use. */
const WAVELENGTH_RANGE_NM = { min: 400, max: 2000 };
import { TRANSCEIVER_CSV_COLUMNS, TRANSCEIVER_DERIVED_COLUMNS } from '../transceivers/transceivers.csv.js';

const OPTIONAL_DEFAULTS: Record<string, SqlValue> = {
  standard: null,
  wavelengths: '[]',
  reach_meters: null,
  reach_label: '',
  connector: null,
  lanes: null,
  modulation: null,
  power_w: null,
  temp_range: null,
  temp_min_c: null,
  temp_max_c: null,
  dom_support: 1,
  platform_coding: null,
  product_page_url: null,
  image_url: null,
  description: null,
};

function uniqueSlug(base: string, ctx: ImportContext): string {
  const root = base === '' ? 'transceiver' : base;
  let slug = root;
  for (let n = 2; ctx.lookups.products.bySlug.has(slug); n += 1) slug = `${root}-${n}`;
  return slug;
}

/** The optional fields, read with their checks; only fields the record carries are returned (an update keeps the rest). */
function readOptional(r: RowReader, ctx: ImportContext): Record<string, SqlValue> {
  const out: Record<string, SqlValue> = {};
  const put = (field: string, value: SqlValue | undefined) => {
    if (r.has(field)) out[field] = value ?? OPTIONAL_DEFAULTS[field] ?? null;
  };
  const standard = r.text('standard', { max: 80 });
  if (standard !== undefined && !ctx.lookups.standards.has(standard.toLowerCase()))
    r.fail('standard', `no standard named "${standard}" (GET /api/standards lists them)`);
  put('standard', standard === undefined ? undefined : (ctx.lookups.standards.get(standard.toLowerCase()) ?? null));
  const wavelengths = r.numberList('wavelengths', WAVELENGTH_RANGE_NM);
  put('wavelengths', wavelengths ? JSON.stringify([...wavelengths].sort((a, b) => a - b)) : undefined);
  put('reach_meters', r.integer('reach_meters', { min: 0, max: 20_000_000 }));
  put('reach_label', r.text('reach_label', { max: 60 }));
  put('connector', r.text('connector', { max: 60 }));
  put('lanes', r.integer('lanes', { min: 1, max: 64 }));
  put('modulation', r.text('modulation', { max: 60 }));
  put('power_w', r.number('power_w', { min: 0, max: 100 }));
  put('temp_range', r.text('temp_range', { max: 60 }));
  put('temp_min_c', r.integer('temp_min_c', { min: -65, max: 150 }));
  put('temp_max_c', r.integer('temp_max_c', { min: -65, max: 150 }));
  const dom = r.boolean('dom_support');
  put('dom_support', dom === undefined ? undefined : dom ? 1 : 0);
  put('platform_coding', r.text('platform_coding', { max: PRODUCT_TEXT_LIMITS.platform_coding }));
  put('product_page_url', r.url('product_page_url'));
  put('image_url', r.url('image_url'));
  put('description', r.text('description', { max: 5000 }));
  return out;
}

function validate(r: RowReader, ctx: ImportContext, row: number): PlannedWrite | undefined {
  const { lookups } = ctx;
  r.rejectUnknown([...TRANSCEIVER_CSV_COLUMNS, ...TRANSCEIVER_DERIVED_COLUMNS]);
  const id = r.text('id', { max: 36 });
  if (id !== undefined && !UUID_PATTERN.test(id)) r.fail('id', `must be a UUID (got "${id}")`);
  const slug = r.text('slug', { max: SLUG_MAX_LENGTH });
  if (slug !== undefined && !SLUG_PATTERN.test(slug)) r.fail('slug', 'may hold only letters, digits, ".", "_" and "-"');
  const vendorId = r.text('vendor_id', { required: true, max: 80 });
  if (vendorId !== undefined && !lookups.vendors.has(vendorId)) r.fail('vendor_id', `no vendor with id "${vendorId}" (GET /api/vendors lists them)`);
  const partNumber = r.text('part_number', { required: true, max: PRODUCT_TEXT_LIMITS.part_number });
  const name = r.text('name', { required: true, max: PRODUCT_TEXT_LIMITS.name });
  const formFactorText = r.text('form_factor', { required: true, max: 40 });
  const formFactor = formFactorText === undefined ? undefined : lookups.formFactors.get(formFactorText.toLowerCase());
  if (formFactorText !== undefined && formFactor === undefined) {
    const known = [...lookups.formFactors.values()];
    r.fail('form_factor', known.length > 0 ? `must be one of ${known.join(', ')}` : 'cannot be checked: no form factors are loaded (seed the catalogue first)');
  }
  const speed = r.speed('speed_gbps', { required: true });
  const fiber = r.oneOf('fiber_type', FIBER_TYPES, { required: true });
  const wdm = r.oneOf('wdm_type', WDM_TYPES, { required: true });
  const confidence = r.oneOf('data_confidence', DATA_CONFIDENCES, { required: true });
  const optional = readOptional(r, ctx);
  if (r.problems.length > 0 || !vendorId || !partNumber || !name || !formFactor || speed === undefined || !fiber || !wdm || !confidence) return undefined;

  // Upsert: the slug names the record when given and known; otherwise the vendor's part number does.
  const byPart = lookups.products.byVendorPart.get(pairKey(vendorId, partNumber));
  const bySlug = slug !== undefined ? lookups.products.bySlug.get(slug) : undefined;
  const existing = bySlug ?? byPart;
  if (bySlug && byPart && byPart.id !== bySlug.id)
    return r.fail('part_number', `${vendorId} ${partNumber} already belongs to another record (slug "${byPart.slug}")`);
  if (id !== undefined && existing && existing.id !== id) return r.fail('id', `does not match the existing record "${existing.slug}" (id ${existing.id})`);
  if (id !== undefined && !existing && lookups.products.byId.has(id)) return r.fail('id', 'already belongs to another record');
  if (!claimKey(r, ctx, `t:${pairKey(vendorId, partNumber)}`, 'part_number', row)) return undefined;
  if (slug !== undefined && !claimKey(r, ctx, `t-slug:${slug}`, 'slug', row)) return undefined;

  const required = {
    vendor_id: vendorId,
    part_number: partNumber,
    name,
    form_factor: formFactor,
    speed_gbps: speed,
    fiber_type: fiber,
    wdm_type: wdm,
    data_confidence: confidence,
  };
  if (existing) {
    // An imported row is no longer the generated demo row it may have replaced.
    const values: Record<string, SqlValue> = { ...required, ...optional, ...IMPORTED };
    if (slug !== undefined) values.slug = slug;
    addProduct(lookups, { ...existing, slug: slug ?? existing.slug, vendor_id: vendorId, part_number: partNumber, speed_gbps: speed });
    return { op: 'update', table: 'transceivers', keyColumn: 'id', key: existing.id, values, stamp: { updated_at: ctx.nowIso } };
  }
  const ref: ProductRef = {
    id: id ?? randomUUID(),
    slug: slug ?? uniqueSlug(slugify(`${vendorId}-${partNumber}`), ctx),
    vendor_id: vendorId,
    part_number: partNumber,
    speed_gbps: speed,
  };
  addProduct(lookups, ref);
  return {
    op: 'insert',
    table: 'transceivers',
    keyColumn: 'id',
    key: ref.id,
    values: { id: ref.id, slug: ref.slug, ...required, ...OPTIONAL_DEFAULTS, ...optional, created_at: ctx.nowIso, updated_at: ctx.nowIso, ...IMPORTED },
  };
}

export const transceiverImport: KindHandler = { fields: [...TRANSCEIVER_CSV_COLUMNS], validate };
