import { MAX_UNIT_COUNT } from '../../../../shared/api/schema-helpers.js';
import { claimKey, type ImportContext, type KindHandler } from './import.kinds.js';
import { PRODUCT_REF_FIELDS, readProductRef } from './import.references.js';
import type { PlannedWrite, SqlValue } from './import.repository.js';
import type { RowReader } from './import.values.js';

const FIELDS = [
  'sku',
  'description',
  ...PRODUCT_REF_FIELDS,
  'form_factor',
  'speed_gbps',
  'velocity_class',
  'has_demand_data',
  'units_12m',
  'run_rate_30d',
  'run_rate_90d',
  'run_rate_365d',
  'stock_de',
  'is_internal',
  'updated_at',
] as const;

function validate(r: RowReader, ctx: ImportContext, row: number): PlannedWrite | undefined {
  r.rejectUnknown(FIELDS);
  const sku = r.text('sku', { required: true, max: 80 });
  const description = r.text('description', { required: true, max: 500 });
  const velocity = r.text('velocity_class', { required: true, max: 32 });
  const values: Record<string, SqlValue> = {};
  const put = (field: string, value: SqlValue | undefined, fallback: SqlValue = null) => {
    if (r.has(field)) values[field] = value ?? fallback;
  };
  const product = readProductRef(r, ctx, false);
  if (r.has('transceiver') || r.has('part_number')) values.transceiver_id = product?.id ?? null;
  const ffText = r.text('form_factor', { max: 40 });
  const ff = ffText === undefined ? undefined : ctx.lookups.formFactors.get(ffText.toLowerCase());
  if (ffText !== undefined && !ff) r.fail('form_factor', `unknown form factor "${ffText}"`);
  put('form_factor', ff);
  put('speed_gbps', r.speed('speed_gbps'));
  const hasData = r.boolean('has_demand_data');
  put('has_demand_data', hasData === undefined ? undefined : hasData ? 1 : 0, 0);
  const units = { min: 0, max: MAX_UNIT_COUNT };
  put('units_12m', r.integer('units_12m', units));
  for (const field of ['run_rate_30d', 'run_rate_90d', 'run_rate_365d'] as const) put(field, r.number(field, units));
  put('stock_de', r.integer('stock_de', units));
  const internal = r.boolean('is_internal');
  put('is_internal', internal === undefined ? undefined : internal ? 1 : 0, 0);
  const dataTime = r.timestamp('updated_at');
  if (r.problems.length > 0 || !sku || !description || !velocity) return undefined;
  if (!claimKey(r, ctx, `d:${sku}`, 'sku', row)) return undefined;

  // A row's own updated_at is data (when the figures were taken); without one, the import's time is written with a change.
  const stamp = { updated_at: dataTime ?? ctx.nowIso };
  const base = { description, velocity_class: velocity, ...values, ...(dataTime === undefined ? {} : stamp) };
  if (ctx.lookups.demandSkus.has(sku)) return { op: 'update', table: 'internal_demand', keyColumn: 'sku', key: sku, values: base, stamp };
  ctx.lookups.demandSkus.add(sku);
  return { op: 'insert', table: 'internal_demand', keyColumn: 'sku', key: sku, values: { sku, has_demand_data: 0, is_internal: 0, ...base, ...stamp } };
}

export const demandImport: KindHandler = { fields: FIELDS, validate };
