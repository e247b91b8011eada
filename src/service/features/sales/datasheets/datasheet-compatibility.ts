import type { AppDatabase } from '../../../db/database.js';
import type { DatasheetCompatibility } from '../../../../shared/api/sales/datasheets.schemas.js';

/** What the compatibility section reads from the product. */
export interface CompatibilityInput {
  id: string;
  platform_coding: string | null;
}

/**
 * The compatibility section. The switch-to-transceiver rules (form factor, backwards-compatible speeds, breakout,
 * coding per switch maker) belong to the finder (features/sales/finder); this is the one place the datasheet asks
 * for them, so the datasheet never carries a second rule. Until the finder's function is wired here the section lists
 * the module's own coding and reports status pending.
 */
export async function compatibilityFor(_db: AppDatabase, product: CompatibilityInput): Promise<DatasheetCompatibility> {
  return { status: 'pending', codings: product.platform_coding === null ? [] : [product.platform_coding], switches: [] };
}
