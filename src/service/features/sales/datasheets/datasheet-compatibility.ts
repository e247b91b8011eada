import type { AppDatabase } from '../../../db/database.js';
import type { DatasheetCompatibility } from '../../../../shared/api/sales/datasheets.schemas.js';
import { switchesForTransceiver } from '../finder/switch-fits.service.js';

/** What the compatibility section reads from the product. */
export interface CompatibilityInput {
  id: string;
  platform_coding: string | null;
}

/**
 * The compatibility section. The switch-to-transceiver rules (cage families, backwards-compatible speeds, coding per
 * switch maker) are the finder's (../finder/port-compatibility.ts); the datasheet only asks for their answer, so
 * there is one rule.
 */
export async function compatibilityFor(db: AppDatabase, product: CompatibilityInput): Promise<DatasheetCompatibility> {
  const switches = await switchesForTransceiver(db, product.id);
  return {
    own_coding: product.platform_coding,
    codings: [...new Set(switches.map((s) => s.maker_coding))].sort(),
    switches,
  };
}
