import type { ImportContext } from './import.kinds.js';
import { pairKey, type ProductRef } from './import.repository.js';
import type { RowReader } from './import.values.js';

/** Fields by which a price or demand row names its product. */
export const PRODUCT_REF_FIELDS = ['transceiver', 'part_number', 'product_vendor_id'] as const;

/**
 * The product a row refers to: `transceiver` as a slug first, then a UUID (the API's lookup rule), or a
 * `part_number`, narrowed by `product_vendor_id` when several vendors use the same part number.
 */
export function readProductRef(r: RowReader, ctx: ImportContext, required: boolean): ProductRef | undefined {
  const { products } = ctx.lookups;
  const ref = r.text('transceiver', { max: 200 });
  const part = r.text('part_number', { max: 120 });
  const vendor = r.text('product_vendor_id', { max: 80 });
  if (ref !== undefined) {
    const found = products.bySlug.get(ref) ?? products.byId.get(ref);
    return found ?? r.fail('transceiver', `no transceiver with slug or id "${ref}"`);
  }
  if (part !== undefined) {
    if (vendor !== undefined)
      return products.byVendorPart.get(pairKey(vendor, part)) ?? r.fail('part_number', `vendor "${vendor}" has no part number "${part}"`);
    const matches = products.byPart.get(part.toLowerCase()) ?? [];
    if (matches.length === 1) return matches[0];
    if (matches.length === 0) return r.fail('part_number', `no transceiver has part number "${part}"`);
    return r.fail(
      'part_number',
      `"${part}" is a part number of ${matches.length} vendors (${matches.map((m) => m.vendor_id).join(', ')}); add product_vendor_id`,
    );
  }
  return required ? r.fail('transceiver', 'is required (a slug or UUID), or give part_number') : undefined;
}
