import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { TSchema, Static } from '@sinclair/typebox';
import { Value } from '@sinclair/typebox/value';
import type { AppDatabase } from '../../db/database.js';
import { type SeedContentCounts, insertSeedContent } from './seed-content.repository.js';
import { SeedDatasheets, SeedFaq, SeedGuides, SeedNews } from './seed-content.schemas.js';

export const SEED_CONTENT_DIR = join('seed', 'content');

function readSeedFile<T extends TSchema>(dir: string, file: string, schema: T): Static<T> {
  const path = join(dir, file);
  const data = JSON.parse(readFileSync(path, 'utf8')) as unknown;
  const error = Value.Errors(schema, data).First();
  if (error) throw new Error(`${path}: ${error.path || '/'} ${error.message}`);
  return data as Static<T>;
}

/**
 * Loads the search seed (FAQ, troubleshooting guides, news summaries, datasheet chunks) from
 * <resourcesDir>/seed/content/ into the database. Idempotent. The vector collections pick the rows up on their next sync
 * (ctx.search.start() at service start, or before the next search).
 */
export function seedSearchContent(db: AppDatabase, resourcesDir: string): Promise<SeedContentCounts> {
  const dir = join(resourcesDir, SEED_CONTENT_DIR);
  return insertSeedContent(db, {
    faq: readSeedFile(dir, 'faq.json', SeedFaq),
    guides: readSeedFile(dir, 'troubleshooting.json', SeedGuides),
    news: readSeedFile(dir, 'news.json', SeedNews),
    datasheets: readSeedFile(dir, 'datasheets.json', SeedDatasheets),
  });
}
