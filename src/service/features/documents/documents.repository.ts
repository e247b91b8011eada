import type { AppDatabase } from '../../db/database.js';
import { type CollectionSource, snippetOf, type SourceRecord } from '../../vector/collection-source.js';
import type { Document, DocumentListQuery, DocumentStatus } from '../../../shared/api/documents.schemas.js';
import type { Chunk } from './pdf-text.types.js';
import { type DocumentTables, documentsTable } from '../../db/tables/documents.tables.js';
import { IDS_PER_STATEMENT, inSlices, ROWS_PER_INSERT } from '../../db/statement-slices.js';
import { eventLoopTurns } from '../../event-loop-turns.js';

// The only SQL of the documents feature: documents, document_chunks and the manual_chunks collection's source.

const k = (db: AppDatabase) => db.kysely.withTables<DocumentTables>();

/** The columns that say which process holds an unfinished document; internal, never in an answer. */
type ClaimColumn = 'processing_holder' | 'processing_pid' | 'processing_heartbeat_at';
const CLAIM_COLUMNS: readonly string[] = ['processing_holder', 'processing_pid', 'processing_heartbeat_at'] satisfies ClaimColumn[];

/** Every column of documents but the markdown (fetched only by the markdown route, so lists stay light) and the claim. */
const DOCUMENT_COLUMNS = (Object.keys(documentsTable.columns) as Array<keyof DocumentTables['documents']>).filter(
  (column): column is Exclude<keyof DocumentTables['documents'], 'markdown' | ClaimColumn> => column !== 'markdown' && !CLAIM_COLUMNS.includes(column),
);

const UNFINISHED: DocumentStatus[] = ['queued', 'processing'];

/** The process that queues a document and processes it: an id of its own run, its process id, the time now. */
export interface ProcessingClaim {
  holder: string;
  pid: number;
  atIso: string;
}

/** The document's row, queued and held by `claim`'s process, and its PDF's bytes, in one transaction. */
export function insertDocument(
  db: AppDatabase,
  doc: { id: string; filename: string; sha256: string; sizeBytes: number; content: Buffer },
  claim: ProcessingClaim,
): Promise<Document> {
  return db.transaction(async (tx) => {
    await k(tx)
      .insertInto('documents')
      .values({
        id: doc.id,
        filename: doc.filename,
        sha256: doc.sha256,
        size_bytes: doc.sizeBytes,
        status: 'queued',
        processing_holder: claim.holder,
        processing_pid: claim.pid,
        processing_heartbeat_at: claim.atIso,
      })
      .execute();
    await k(tx).insertInto('document_files').values({ document_id: doc.id, content: doc.content }).execute();
    return (await getDocument(tx, doc.id)) as Document;
  });
}

/** The uploaded PDF's bytes. */
export async function documentFile(db: AppDatabase, id: string): Promise<Buffer | undefined> {
  const row = await k(db).selectFrom('document_files').select('content').where('document_id', '=', id).executeTakeFirst();
  return row ? Buffer.from(row.content) : undefined;
}

/** Of these ids, the documents that exist, each with whether its bytes are stored. */
export async function documentFileStates(db: AppDatabase, ids: readonly string[]): Promise<Map<string, boolean>> {
  const states = new Map<string, boolean>();
  for (const slice of inSlices(ids, IDS_PER_STATEMENT)) {
    const rows = await k(db)
      .selectFrom('documents as d')
      .leftJoin('document_files as f', 'f.document_id', 'd.id')
      .select(['d.id', 'f.document_id as stored'])
      .where('d.id', 'in', slice)
      .execute();
    for (const row of rows) states.set(row.id, row.stored !== null);
  }
  return states;
}

/** Stores the bytes of documents that have none, each read when its turn comes, all in one transaction. */
export function storeDocumentFiles(db: AppDatabase, files: ReadonlyArray<{ id: string; read(): Promise<Buffer> }>): Promise<void> {
  return db.transaction(async (tx) => {
    for (const file of files) {
      await k(tx)
        .insertInto('document_files')
        .values({ document_id: file.id, content: await file.read() })
        .onConflict((oc) => oc.column('document_id').doNothing())
        .execute();
    }
  });
}

export async function getDocument(db: AppDatabase, id: string): Promise<Document | undefined> {
  return k(db).selectFrom('documents').select(DOCUMENT_COLUMNS).where('id', '=', id).executeTakeFirst();
}

export async function getMarkdown(db: AppDatabase, id: string): Promise<{ id: string; filename: string; markdown: string | null } | undefined> {
  return k(db).selectFrom('documents').select(['id', 'filename', 'markdown']).where('id', '=', id).executeTakeFirst();
}

export async function listDocuments(db: AppDatabase, query: DocumentListQuery): Promise<{ total: number; items: Document[] }> {
  let base = k(db).selectFrom('documents');
  if (query.status) base = base.where('status', '=', query.status);
  const counted = await base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
  const items = await base
    .select(DOCUMENT_COLUMNS)
    .orderBy('created_at', 'desc')
    .orderBy('id')
    .limit(query.limit ?? 50)
    .offset(query.offset ?? 0)
    .execute();
  return { total: Number(counted.n), items };
}

/** A document with the same bytes that is waiting, running or done (a failed one may be uploaded again). */
export async function findLiveBySha(db: AppDatabase, sha256: string): Promise<Document | undefined> {
  return k(db)
    .selectFrom('documents')
    .select(DOCUMENT_COLUMNS)
    .where('sha256', '=', sha256)
    .where('status', '!=', 'failed')
    .orderBy('created_at')
    .orderBy('id')
    .limit(1)
    .executeTakeFirst();
}

export async function updateProgress(db: AppDatabase, id: string, fields: { status?: DocumentStatus; progress: number; pages?: number }): Promise<void> {
  await k(db)
    .updateTable('documents')
    .set({
      progress: Math.min(1, Math.max(0, fields.progress)),
      ...(fields.status ? { status: fields.status } : {}),
      ...(fields.pages !== undefined ? { pages: fields.pages } : {}),
      updated_at: db.dialect.nowIso(),
    })
    .where('id', '=', id)
    .execute();
}

/** What a failed document's row says. */
const failedRow = (db: AppDatabase, error: string) =>
  ({ status: 'failed', error, chunks_count: 0, processed_at: null, updated_at: db.dialect.nowIso() }) as const;

/** Marks a document failed and removes any chunk of it, in one transaction: a failed document never has chunks. */
export function markFailed(db: AppDatabase, id: string, error: string): Promise<void> {
  return db.transaction(async (tx) => {
    await k(tx).deleteFrom('document_chunks').where('document_id', '=', id).execute();
    await k(tx).updateTable('documents').set(failedRow(tx, error)).where('id', '=', id).execute();
  });
}

/** A queued document starts processing; false when it is no longer queued (cancelled, failed or deleted meanwhile). */
export async function startProcessing(db: AppDatabase, id: string, atIso: string): Promise<boolean> {
  const result = await k(db)
    .updateTable('documents')
    .set({ status: 'processing', progress: 0, processing_heartbeat_at: atIso, updated_at: db.dialect.nowIso() })
    .where('id', '=', id)
    .where('status', '=', 'queued')
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** Touches the unfinished documents `holder` has queued or processing, so other processes see that it is alive. */
export async function beatHeldDocuments(db: AppDatabase, holder: string, atIso: string): Promise<void> {
  await k(db)
    .updateTable('documents')
    .set({ processing_heartbeat_at: atIso })
    .where('processing_holder', '=', holder)
    .where('status', 'in', UNFINISHED)
    .execute();
}

/** The unfinished documents and the processes that hold them. */
export async function unfinishedDocuments(db: AppDatabase): Promise<Array<{ id: string; holder: string | null; pid: number | null }>> {
  return k(db)
    .selectFrom('documents')
    .select(['id', 'processing_holder as holder', 'processing_pid as pid'])
    .where('status', 'in', UNFINISHED)
    .orderBy('id')
    .execute();
}

/**
 * The queued or processing documents of processes that are gone become failed with this message, in one transaction,
 * and their ids are returned: those whose heartbeat is older than `staleBeforeIso` (or that no process holds), and
 * those held by `goneHolders`. The conditions are checked by the UPDATE itself, so a document its process finished a
 * moment ago stays finished.
 */
export function failUnfinished(db: AppDatabase, gone: { staleBeforeIso: string; goneHolders: readonly string[] }, error: string): Promise<string[]> {
  return db.transaction(async (tx) => {
    const rows = await k(tx)
      .updateTable('documents')
      .set(failedRow(tx, error))
      .where('status', 'in', UNFINISHED)
      .where((eb) =>
        eb.or([
          eb('processing_holder', 'is', null),
          eb('processing_heartbeat_at', 'is', null),
          eb('processing_heartbeat_at', '<', gone.staleBeforeIso),
          ...(gone.goneHolders.length > 0 ? [eb('processing_holder', 'in', gone.goneHolders)] : []),
        ]),
      )
      .returning('id')
      .execute();
    const ids = rows.map((r) => r.id).sort();
    // An unfinished document has no chunks (they are written with the status that finishes it); the rule holds anyway.
    for (const slice of inSlices(ids, IDS_PER_STATEMENT)) await k(tx).deleteFrom('document_chunks').where('document_id', 'in', slice).execute();
    return ids;
  });
}

/** A chunk's id, which is also its id in the manual_chunks collection. */
export const chunkId = (documentId: string, idx: number) => `${documentId}#${idx}`;

/**
 * Stores all chunks and marks the document processed in one transaction: either every chunk and the new status
 * are written, or nothing is. Returns each chunk's id and version (its seq) for the vector collection, or undefined
 * when the document is gone or failed meanwhile (cancelled, or ended by another process that found this one's
 * heartbeat lapsed): then nothing is written.
 */
export function storeChunks(
  db: AppDatabase,
  input: { documentId: string; pages: number; markdown: string; chunks: Chunk[]; processedAt: string },
): Promise<Array<{ id: string; version: string }> | undefined> {
  return db.transaction(async (tx) => {
    // The row first: its lock holds off another process's sweep until the chunks are committed with it.
    const finished = await k(tx)
      .updateTable('documents')
      .set({
        status: 'processed',
        progress: 1,
        error: null,
        pages: input.pages,
        markdown: input.markdown,
        chunks_count: input.chunks.length,
        processed_at: input.processedAt,
        updated_at: tx.dialect.nowIso(),
      })
      .where('id', '=', input.documentId)
      .where('status', '!=', 'failed')
      .executeTakeFirst();
    if (Number(finished.numUpdatedRows) === 0) return undefined;
    await k(tx).deleteFrom('document_chunks').where('document_id', '=', input.documentId).execute();
    const seqs = new Map<string, number>();
    const turn = eventLoopTurns();
    for (const slice of inSlices(input.chunks, ROWS_PER_INSERT)) {
      await turn();
      const rows = slice.map((c) => ({
        id: chunkId(input.documentId, c.idx),
        document_id: input.documentId,
        idx: c.idx,
        heading: c.heading,
        text: c.text,
        token_estimate: c.tokens,
        page_start: c.pageStart,
        page_end: c.pageEnd,
      }));
      const inserted = await k(tx).insertInto('document_chunks').values(rows).returning(['id', 'seq']).execute();
      for (const row of inserted) seqs.set(row.id, Number(row.seq));
    }
    return input.chunks.map((c) => {
      const id = chunkId(input.documentId, c.idx);
      return { id, version: String(seqs.get(id)) };
    });
  });
}

export async function deleteDocument(db: AppDatabase, id: string): Promise<boolean> {
  // document_chunks go with it (ON DELETE CASCADE).
  const result = await k(db).deleteFrom('documents').where('id', '=', id).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

export async function countChunks(db: AppDatabase, documentId: string): Promise<number> {
  const row = await k(db)
    .selectFrom('document_chunks')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('document_id', '=', documentId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** The text a chunk is embedded from: the document and heading path give a chunk its context. */
export function chunkEmbeddingText(filename: string, heading: string, text: string): string {
  return `${filename}${heading ? ` — ${heading}` : ''}\n${text}`;
}

/** Markdown marks (headings, table bars, emphasis) are not shown in a hit's snippet. */
function snippet(text: string): string {
  return snippetOf(text.replace(/[#|*]+/g, ' '));
}

/**
 * The manual_chunks vector collection reads processed documents' chunks from here. Versions are the chunks'
 * seq, which is never reused, so re-processing a document always counts as a change.
 */
export function manualChunkSource(db: AppDatabase): CollectionSource {
  const summary = () =>
    k(db)
      .selectFrom('document_chunks')
      .select((eb) => [eb.fn.countAll<number>().as('n'), eb.fn.max('seq').as('m')])
      .executeTakeFirstOrThrow();
  const rows = async (ids: string[]) => {
    const found = [];
    for (const slice of inSlices(ids, IDS_PER_STATEMENT)) {
      found.push(
        ...(await k(db)
          .selectFrom('document_chunks as c')
          .innerJoin('documents as d', 'd.id', 'c.document_id')
          .select(['c.id', 'c.seq', 'c.document_id', 'd.filename', 'c.idx', 'c.heading', 'c.text', 'c.token_estimate', 'c.page_start', 'c.page_end'])
          .where('c.id', 'in', slice)
          .execute()),
      );
    }
    return found;
  };
  const toRecord = (r: Awaited<ReturnType<typeof rows>>[number]): SourceRecord => ({
    title: `${r.filename}${r.heading ? ` — ${r.heading}` : ''}`,
    snippet: snippet(r.text),
    record: {
      id: r.id,
      document_id: r.document_id,
      filename: r.filename,
      idx: r.idx,
      heading: r.heading,
      text: r.text,
      token_estimate: r.token_estimate,
      page_start: r.page_start,
      page_end: r.page_end,
    },
  });
  return {
    async fingerprint() {
      const row = await summary();
      return `${Number(row.n)}|${Number(row.m ?? 0)}`;
    },
    count: async () => Number((await summary()).n),
    async versions() {
      const rows = await k(db).selectFrom('document_chunks').select(['id', 'seq']).execute();
      return new Map(rows.map((r) => [r.id, String(r.seq)]));
    },
    documents: async (ids) => (await rows(ids)).map((r) => ({ id: r.id, version: String(r.seq), text: chunkEmbeddingText(r.filename, r.heading, r.text) })),
    records: async (ids) => new Map((await rows(ids)).map((r) => [r.id, toRecord(r)])),
  };
}
