import { sql } from 'kysely';
import type { AppDatabase } from '../../db/database.js';
import { prepareQuery } from '../../db/prepared-query.js';
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
export function scrapedVendors(db: AppDatabase): ShopVendor[] {
  return prepareQuery(db, k(db).selectFrom('vendors').select(vendorColumns).where('scrape_interval_hours', 'is not', null).orderBy('id')).all();
}

export function findVendor(db: AppDatabase, id: string): ShopVendor | undefined {
  return prepareQuery(db, k(db).selectFrom('vendors').select(vendorColumns).where('id', '=', id)).get();
}

export function catalogueVocabulary(db: AppDatabase): CatalogueVocabulary {
  const formFactors = prepareQuery(db, k(db).selectFrom('form_factors').select('name'))
    .all()
    .map((r) => r.name);
  const standards = prepareQuery(db, k(db).selectFrom('standards').select(['name', 'speed_gbps', 'reach_meters', 'medium'])).all();
  return { formFactors, standards };
}

/** Part numbers are compared without case and spaces ("QSFP-100G-LR4 " is "qsfp-100g-lr4"). */
export function normalPartNumber(partNumber: string): string {
  return partNumber.replace(/\s+/g, '').toUpperCase();
}

export function catalogueLookup(db: AppDatabase): CatalogueLookup {
  const product = k(db).selectFrom('transceivers').select(['id', 'vendor_id', 'part_number', 'speed_gbps']);
  const byPart = prepareQuery(db, product.where(sql<string>`upper(replace(part_number, ' ', ''))`, '=', '').orderBy('vendor_id'));
  const byAttributes = prepareQuery(
    db,
    product.where('vendor_id', '=', '').where('form_factor', '=', '').where('speed_gbps', '=', 0).where('reach_meters', '=', 0).where('standard', '=', ''),
  );
  return {
    byPartNumber(shopId, partNumber) {
      const found: ProductMatch[] = byPart.all([normalPartNumber(partNumber)]);
      return [...found.filter((p) => p.vendor_id === shopId), ...found.filter((p) => p.vendor_id !== shopId)];
    },
    byAttributes: (shopId, a) => byAttributes.all([shopId, a.formFactor, a.speedGbps, a.reachMeters, a.standard]),
  };
}
