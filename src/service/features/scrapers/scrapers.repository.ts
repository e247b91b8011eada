import { sql } from 'kysely';
import type { AppDatabase } from '../../db/database.js';
import type { CatalogueTables } from '../../db/tables/catalogue.tables.js';
import type { CatalogueVocabulary } from './offer-describer.js';
import type { CatalogueLookup, ProductMatch } from './offer-mapper.js';

/**
 * The scrapers' reads of the catalogue (owned by features/catalogue), through Kysely on the table declarations.
 * Writes go through the catalogue's own functions (intakeMarketRecord, insertScrapedProduct).
 */
const k = (db: AppDatabase) => db.kysely.withTables<CatalogueTables>();

export interface ShopVendor {
  id: string;
  name: string;
  kind: string;
  website: string | null;
  scrape_interval_hours: number | null;
}

const vendorColumns = ['id', 'name', 'kind', 'website', 'scrape_interval_hours'] as const;

/** Vendors whose shop is scraped (an interval is set), in id order (the order the start times are staggered in). */
export async function scrapedVendors(db: AppDatabase): Promise<ShopVendor[]> {
  return k(db).selectFrom('vendors').select(vendorColumns).where('scrape_interval_hours', 'is not', null).orderBy('id').execute();
}

export async function findVendor(db: AppDatabase, id: string): Promise<ShopVendor | undefined> {
  return k(db).selectFrom('vendors').select(vendorColumns).where('id', '=', id).executeTakeFirst();
}

export async function catalogueVocabulary(db: AppDatabase): Promise<CatalogueVocabulary> {
  const formFactors = (await k(db).selectFrom('form_factors').select('name').execute()).map((r) => r.name);
  const standards = await k(db).selectFrom('standards').select(['name', 'speed_gbps', 'reach_meters', 'medium']).execute();
  return { formFactors, standards };
}

/** Part numbers are compared without case and spaces ("QSFP-100G-LR4 " is "qsfp-100g-lr4"). */
export function normalPartNumber(partNumber: string): string {
  return partNumber.replace(/\s+/g, '').toUpperCase();
}

export function catalogueLookup(db: AppDatabase): CatalogueLookup {
  const product = () => k(db).selectFrom('transceivers').select(['id', 'vendor_id', 'part_number', 'speed_gbps']);
  return {
    async byPartNumber(shopId, partNumber) {
      const found: ProductMatch[] = await product()
        .where(sql<string>`upper(replace(part_number, ' ', ''))`, '=', normalPartNumber(partNumber))
        .orderBy('vendor_id')
        .execute();
      return [...found.filter((p) => p.vendor_id === shopId), ...found.filter((p) => p.vendor_id !== shopId)];
    },
    byAttributes: async (shopId, a) =>
      product()
        .where('vendor_id', '=', shopId)
        .where('form_factor', '=', a.formFactor)
        .where('speed_gbps', '=', a.speedGbps)
        .where('reach_meters', '=', a.reachMeters)
        .where('standard', '=', a.standard)
        .execute(),
  };
}
