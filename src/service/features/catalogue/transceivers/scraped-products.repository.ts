import { randomUUID } from 'node:crypto';
import type { Selectable } from 'kysely';
import type { AppDatabase } from '../../../db/database.js';
import type { TransceiversTable } from '../../../db/tables/catalogue.tables.js';
import { slugify } from '../import/import.values.js';

/** A product a shop lists that the catalogue did not know, as the scrapers describe it. */
export type NewScrapedProduct = Pick<
  Selectable<TransceiversTable>,
  'vendor_id' | 'part_number' | 'name' | 'form_factor' | 'speed_gbps' | 'standard' | 'fiber_type' | 'reach_meters' | 'product_page_url'
> & { nowIso: string };

/**
 * Writes a product first seen in a shop (features/scrapers) as scraped_unverified: wavelengths and WDM type are
 * taken from the catalogue's products of the same standard when there are any, the reach label stays empty (so
 * details_verified is 0 until someone checks it), and origin stays NULL (neither seed nor import). Returns its id.
 */
export function insertScrapedProduct(db: AppDatabase, product: NewScrapedProduct): string {
  const { sqlite } = db;
  const profile = product.standard
    ? (sqlite
        .prepare(
          `SELECT wdm_type, wavelengths FROM transceivers WHERE standard = ? AND fiber_type = ?
           GROUP BY wdm_type, wavelengths ORDER BY count(*) DESC, wdm_type LIMIT 1`,
        )
        .get(product.standard, product.fiber_type) as { wdm_type: string; wavelengths: string } | undefined)
    : undefined;
  const root = `${product.vendor_id}-${slugify(product.part_number)}`.slice(0, 150);
  const taken = sqlite.prepare('SELECT 1 FROM transceivers WHERE slug = ?');
  let slug = root;
  for (let n = 2; taken.get(slug); n += 1) slug = `${root}-${n}`;
  const id = randomUUID();
  sqlite
    .prepare(
      `INSERT INTO transceivers (id, slug, vendor_id, part_number, name, form_factor, speed_gbps, standard, fiber_type, wdm_type,
         wavelengths, reach_meters, reach_label, data_confidence, product_page_url, created_at, updated_at)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, '', 'scraped_unverified', ?, ?, ?)`,
    )
    .run(
      id,
      slug,
      product.vendor_id,
      product.part_number,
      product.name,
      product.form_factor,
      product.speed_gbps,
      product.standard,
      product.fiber_type,
      profile?.wdm_type ?? 'none',
      profile?.wavelengths ?? '[]',
      product.reach_meters,
      product.product_page_url,
      product.nowIso,
      product.nowIso,
    );
  return id;
}
