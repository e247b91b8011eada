import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Value } from '@sinclair/typebox/value';
import type { CrawlPlan } from './shop-crawler.js';
import { ShopConfig } from './shop-config.schema.js';

export interface ShopConfigDirs {
  resourcesDir: string;
  dataDir: string;
}

/** The adapter file that applies to a vendor: the data directory's copy wins over the shipped one. */
export function shopConfigFile(dirs: ShopConfigDirs, vendorId: string): string | null {
  if (!/^[A-Za-z0-9._-]+$/.test(vendorId)) return null;
  const candidates = [join(dirs.dataDir, 'scrapers', `${vendorId}.json`), join(dirs.resourcesDir, 'scrapers', `${vendorId}.json`)];
  return candidates.find((file) => existsSync(file)) ?? null;
}

/** Reads and checks an adapter file; the error names the file and the first problems, for the run's message. */
export function readShopConfig(file: string): ShopConfig {
  let parsed: unknown;
  try {
    parsed = JSON.parse(readFileSync(file, 'utf8'));
  } catch (error) {
    throw new Error(`${file}: not readable JSON (${(error as Error).message})`);
  }
  if (!Value.Check(ShopConfig, parsed)) {
    const problems = [...Value.Errors(ShopConfig, parsed)].slice(0, 3).map((e) => `${e.path || '/'} ${e.message}`);
    throw new Error(`${file}: not a valid shop adapter: ${problems.join('; ')}`);
  }
  return parsed;
}

/**
 * How one vendor's shop is crawled: its adapter file when there is one, else the generic adapter at its website.
 * `baseUrl` (the CLI's --url) replaces the address in either case, keeping the adapter's paths and selectors.
 */
export function shopPlan(dirs: ShopConfigDirs, vendor: { id: string; website: string | null }, baseUrl?: string): CrawlPlan {
  const file = shopConfigFile(dirs, vendor.id);
  if (file) {
    const config = readShopConfig(file);
    return { kind: 'configured', baseUrl: baseUrl ?? config.baseUrl, config };
  }
  const address = baseUrl ?? vendor.website;
  if (!address) throw new Error(`vendor ${vendor.id} has no website and no adapter in scrapers/${vendor.id}.json: nothing to scrape`);
  return { kind: 'generic', baseUrl: address };
}
