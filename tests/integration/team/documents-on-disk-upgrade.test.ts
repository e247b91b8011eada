import { randomUUID } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { DocumentTables } from '../../../src/service/db/tables/documents.tables.js';
import { documentFile } from '../../../src/service/features/documents/documents.repository.js';
import { dropTestDatabase, TEST_ENGINE } from '../../helpers/test-database.js';
import { startTestService, type TestService } from '../../helpers/test-service.js';

/** A document row as an earlier release wrote it: its PDF in DATA_DIR/documents, nothing in document_files. */
async function olderDocument(t: TestService, dir: string, bytes: Buffer): Promise<string> {
  const id = randomUUID();
  await t.service.ctx.db.kysely
    .withTables<DocumentTables>()
    .insertInto('documents')
    .values({ id, filename: `${id}.pdf`, sha256: id.replace(/-/g, ''), size_bytes: bytes.length, status: 'processed' })
    .execute();
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, `${id}.pdf`), bytes);
  return id;
}

describe(`a data directory whose PDFs sit in DATA_DIR/documents upgrades in place (${TEST_ENGINE})`, () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'ti-upgrade-'));
  const documentsDir = join(dataDir, 'documents');
  const open = (): Promise<TestService> => startTestService({ dataDir });
  afterAll(async () => {
    rmSync(dataDir, { recursive: true, force: true });
    await dropTestDatabase(dataDir);
  });

  it('moves every PDF in at once, or none while one cannot be read, and a start after the move only tidies up', async () => {
    let t = await open();
    const first = Buffer.from('%PDF-1.7 first manual');
    const second = Buffer.from('%PDF-1.4 second manual');
    const one = await olderDocument(t, documentsDir, first);
    const two = await olderDocument(t, join(documentsDir, 'incoming'), second);
    // A third document whose "file" cannot be read: the move must take none of them.
    const three = await olderDocument(t, documentsDir, Buffer.from('%PDF-1.7'));
    rmSync(join(documentsDir, `${three}.pdf`));
    mkdirSync(join(documentsDir, `${three}.pdf`));
    writeFileSync(join(documentsDir, 'not-a-document.pdf'), '%PDF-1.7 stray');
    await t.close();

    t = await open();
    expect(await documentFile(t.service.ctx.db, one)).toBeUndefined();
    expect(await documentFile(t.service.ctx.db, two)).toBeUndefined();
    expect(existsSync(join(documentsDir, `${one}.pdf`))).toBe(true);
    expect(existsSync(join(documentsDir, 'incoming', `${two}.pdf`))).toBe(true);
    await t.close();

    rmSync(join(documentsDir, `${three}.pdf`), { recursive: true });
    t = await open();
    expect(await documentFile(t.service.ctx.db, one)).toEqual(first);
    expect(await documentFile(t.service.ctx.db, two)).toEqual(second);
    expect(existsSync(join(documentsDir, `${one}.pdf`))).toBe(false);
    expect(existsSync(join(documentsDir, 'incoming', `${two}.pdf`))).toBe(false);
    // A file that belongs to no document is left where it is.
    expect(existsSync(join(documentsDir, 'not-a-document.pdf'))).toBe(true);

    // Stopped after the commit but before the files were removed: the next start keeps what is stored and tidies up.
    writeFileSync(join(documentsDir, `${one}.pdf`), 'bytes of a file the move already stored');
    await t.close();
    t = await open();
    expect(await documentFile(t.service.ctx.db, one)).toEqual(first);
    expect(existsSync(join(documentsDir, `${one}.pdf`))).toBe(false);
    await t.close();
  });
});
