import { codingForMaker, GENERIC_CODING } from './port-compatibility.js';
import type { ProductRow } from './finder.repository.js';

/**
 * The operator sells each product line (one form factor, standard, reach, wavelengths and temperature range) in
 * several platform codings; these rules pick the one to order for a switch maker.
 */

type LineFields = Pick<
  ProductRow,
  'form_factor' | 'speed_gbps' | 'standard' | 'fiber_type' | 'wavelengths' | 'reach_meters' | 'connector' | 'temp_min_c' | 'temp_max_c'
>;

/** Products with the same key are the same module in different codings. */
export function productLineKey(p: LineFields): string {
  return [
    p.form_factor,
    p.speed_gbps,
    p.standard ?? '',
    p.fiber_type,
    p.wavelengths,
    p.reach_meters ?? '',
    p.connector ?? '',
    p.temp_min_c ?? '',
    p.temp_max_c ?? '',
  ].join('|');
}

/** Groups products by product line, keeping the first-seen order of the lines. */
export function groupByLine<T extends LineFields>(products: readonly T[]): Map<string, T[]> {
  const lines = new Map<string, T[]>();
  for (const p of products) {
    const key = productLineKey(p);
    const line = lines.get(key);
    if (line) line.push(p);
    else lines.set(key, [p]);
  }
  return lines;
}

/**
 * The product of a line to order for a switch of this maker: the maker's coding when the operator has it, else the
 * MSA-generic one; undefined when the line exists only in other makers' codings (it would have to be recoded).
 */
export function productForMaker<T extends Pick<ProductRow, 'platform_coding'>>(line: readonly T[], makerVendorId: string): T | undefined {
  const coding = codingForMaker(makerVendorId);
  return line.find((p) => p.platform_coding === coding) ?? line.find((p) => p.platform_coding === GENERIC_CODING || p.platform_coding === null);
}
