import { stringify } from 'csv-stringify/sync';
import { neutralizeFormula } from '../common/spreadsheet-formulas.rules.js';
import type { Transceiver } from '../../../../shared/api/catalogue/transceivers.schemas.js';

/**
 * Columns of the CSV export, in order. They are exactly the columns the transceiver import reads (plus the
 * derived vendor_name, details_verified, created_at and updated_at, which the import skips), so an export can be
 * edited in a spreadsheet and imported again. Lists are written "1270;1290;1310;1330", booleans true/false; a text
 * that a spreadsheet would run as a formula is written with a leading quote, which the import takes off again.
 */
export const TRANSCEIVER_CSV_COLUMNS = [
  'id',
  'slug',
  'vendor_id',
  'vendor_name',
  'part_number',
  'name',
  'form_factor',
  'speed_gbps',
  'standard',
  'fiber_type',
  'wdm_type',
  'wavelengths',
  'reach_meters',
  'reach_label',
  'details_verified',
  'data_confidence',
  'connector',
  'lanes',
  'modulation',
  'power_w',
  'temp_range',
  'temp_min_c',
  'temp_max_c',
  'dom_support',
  'platform_coding',
  'product_page_url',
  'image_url',
  'description',
  'created_at',
  'updated_at',
] as const;

/** Columns an import recognises but ignores, because the database derives them. */
export const TRANSCEIVER_DERIVED_COLUMNS = ['vendor_name', 'vendor_kind', 'details_verified', 'created_at', 'updated_at'] as const;

function cell(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (Array.isArray(value)) return value.join(';');
  if (typeof value === 'boolean') return value ? 'true' : 'false';
  if (typeof value === 'number') return String(value);
  return neutralizeFormula(String(value));
}

export function transceiversToCsv(items: Transceiver[]): string {
  const rows = items.map((item) => TRANSCEIVER_CSV_COLUMNS.map((column) => cell(item[column])));
  return stringify(rows, { header: true, columns: [...TRANSCEIVER_CSV_COLUMNS] });
}
