import { randomUUID } from 'node:crypto';
import { type Selectable, sql } from 'kysely';
import type { AppDatabase } from '../../../db/database.js';
import type { CatalogueTables, TransceiversTable } from '../../../db/tables/catalogue.tables.js';
import { SLUG_ROOT_MAX_LENGTH, slugify } from '../import/import.values.js';

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
export async function insertScrapedProduct(db: AppDatabase, product: NewScrapedProduct): Promise<string> {
  const k = db.kysely.withTables<CatalogueTables>();
  const profile = product.standard
    ? await k
        .selectFrom('transceivers')
        .select(['wdm_type', 'wavelengths'])
        .where('standard', '=', product.standard)
        .where('fiber_type', '=', product.fiber_type)
        .groupBy(['wdm_type', 'wavelengths'])
        .orderBy(sql`count(*)`, 'desc')
        .orderBy('wdm_type')
        .orderBy('wavelengths')
        .limit(1)
        .executeTakeFirst()
    : undefined;
  const root = `${product.vendor_id}-${slugify(product.part_number)}`.slice(0, SLUG_ROOT_MAX_LENGTH);
  // The slugs of this root already taken, read once: the first free one of root, root-2, root-3 ... is used. A LIKE
  // wildcard in the root could only widen what is read, never hide a taken slug.
  const taken = new Set(
    (
      await k
        .selectFrom('transceivers')
        .select('slug')
        .where((eb) => eb.or([eb('slug', '=', root), eb('slug', 'like', `${root}-%`)]))
        .execute()
    ).map((r) => r.slug),
  );
  let slug = root;
  for (let n = 2; taken.has(slug); n += 1) slug = `${root}-${n}`;
  const id = randomUUID();
  await k
    .insertInto('transceivers')
    .values({
      id,
      slug,
      vendor_id: product.vendor_id,
      part_number: product.part_number,
      name: product.name,
      form_factor: product.form_factor,
      speed_gbps: product.speed_gbps,
      standard: product.standard,
      fiber_type: product.fiber_type,
      wdm_type: profile?.wdm_type ?? 'none',
      wavelengths: profile?.wavelengths ?? '[]',
      reach_meters: product.reach_meters,
      reach_label: '',
      data_confidence: 'scraped_unverified',
      product_page_url: product.product_page_url,
      created_at: product.nowIso,
      updated_at: product.nowIso,
    })
    .execute();
  return id;
}
