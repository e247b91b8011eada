import type { AppDatabase } from '../../../db/database.js';
import { NotFoundError } from '../../../errors.js';
import type { Language } from '../../../../shared/vocabulary/language.vocabulary.js';
import { parseNumberList, parseSpeedGbps, pickDescription } from '../common/catalogue.values.js';
import { findStandard, listStandards, type StandardRow } from './standards.repository.js';
import type { Standard, StandardList, StandardQuery } from '../../../../shared/api/catalogue/standards.schemas.js';

function toStandard(row: StandardRow, lang: Language | undefined): Standard {
  return { ...row, wavelengths: parseNumberList(row.wavelengths), transceiver_count: Number(row.transceiver_count), ...pickDescription(row, lang) };
}

export async function getStandards(db: AppDatabase, query: StandardQuery): Promise<StandardList> {
  const rows = await listStandards(db, {
    ...(query.category !== undefined ? { category: query.category } : {}),
    ...(query.medium !== undefined ? { medium: query.medium } : {}),
    ...(query.speed_gbps !== undefined ? { speedGbps: parseSpeedGbps(query.speed_gbps) } : {}),
    ...(query.q !== undefined ? { text: query.q } : {}),
  });
  return { total: rows.length, items: rows.map((row) => toStandard(row, query.lang)) };
}

export async function getStandard(db: AppDatabase, name: string, lang?: Language): Promise<Standard> {
  const row = await findStandard(db, name);
  if (!row) throw new NotFoundError(`No standard named "${name}" (see GET /api/standards)`);
  return toStandard(row, lang);
}
