import type { AppDatabase } from '../../../db/database.js';
import { NotFoundError } from '../../../errors.js';
import type { Language } from '../../../../shared/vocabulary/language.vocabulary.js';
import { pickDescription } from '../common/catalogue.values.js';
import { findFormFactor, type FormFactorRow, listFormFactors } from './form-factors.repository.js';
import type { FormFactor, FormFactorList } from '../../../../shared/api/catalogue/form-factors.schemas.js';

function toFormFactor(row: FormFactorRow, lang: Language | undefined): FormFactor {
  return {
    ...row,
    transceiver_count: Number(row.transceiver_count),
    ...pickDescription(row, lang),
  };
}

export async function getFormFactors(db: AppDatabase, lang?: Language): Promise<FormFactorList> {
  const rows = await listFormFactors(db);
  return { total: rows.length, items: rows.map((row) => toFormFactor(row, lang)) };
}

export async function getFormFactor(db: AppDatabase, name: string, lang?: Language): Promise<FormFactor> {
  const row = await findFormFactor(db, name);
  if (!row) throw new NotFoundError(`No form factor named "${name}" (see GET /api/form-factors)`);
  return toFormFactor(row, lang);
}
