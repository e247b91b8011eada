import type { Selectable } from 'kysely';
import type { AppDatabase } from '../../../db/database.js';
import type { DatasheetTables, GeneratedDatasheetsTable } from '../../../db/tables/datasheets.tables.js';

export type StoredDatasheet = Selectable<GeneratedDatasheetsTable>;
export type DatasheetKind = StoredDatasheet['kind'];

export async function findStoredDatasheet(db: AppDatabase, kind: DatasheetKind, productId: string): Promise<StoredDatasheet | undefined> {
  return db.kysely
    .withTables<DatasheetTables>()
    .selectFrom('generated_datasheets')
    .selectAll()
    .where('kind', '=', kind)
    .where('product_id', '=', productId)
    .executeTakeFirst();
}

/** Replaces the stored datasheet of a product (one statement, so a reader sees the old row or the new one). */
export async function storeDatasheet(db: AppDatabase, row: StoredDatasheet): Promise<void> {
  await db.kysely
    .withTables<DatasheetTables>()
    .insertInto('generated_datasheets')
    .values(row)
    .onConflict((oc) =>
      oc.columns(['kind', 'product_id']).doUpdateSet({
        input_hash: row.input_hash,
        generator_version: row.generator_version,
        datasheet_json: row.datasheet_json,
        html: row.html,
        pdf_base64: row.pdf_base64,
        generated_at: row.generated_at,
      }),
    )
    .execute();
}

/** Keeps a rendered PDF beside the datasheet it was rendered from; a row regenerated meanwhile is left alone. */
export async function storeDatasheetPdf(db: AppDatabase, kind: DatasheetKind, productId: string, inputHash: string, pdfBase64: string): Promise<void> {
  await db.kysely
    .withTables<DatasheetTables>()
    .updateTable('generated_datasheets')
    .set({ pdf_base64: pdfBase64 })
    .where('kind', '=', kind)
    .where('product_id', '=', productId)
    .where('input_hash', '=', inputHash)
    .execute();
}
