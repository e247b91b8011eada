import type { AppDatabase } from '../../db/database.js';
import type { CollectionSource, SourceRecord } from '../../vector/collection-source.js';
import type { Document, DocumentListQuery, DocumentStatus } from '../../../shared/api/documents.schemas.js';
import type { Chunk } from './pdf-text.types.js';
import type { Selectable } from 'kysely';
import { documentChunksTable, documentsTable } from '../../db/tables/documents.tables.js';
import type { TableRow } from '../../db/tables/table-spec.js';

// The only SQL of the documents feature: documents, document_chunks and the manual_chunks collection's source.

/** Every column of documents but the markdown (fetched only by the markdown route): lists stay light. */
const DOCUMENT_COLUMNS = Object.keys(documentsTable.columns)
  .filter((column) => column !== 'markdown')
  .join(', ');
const NOW = "strftime('%Y-%m-%dT%H:%M:%fZ', 'now')";

export function insertDocument(db: AppDatabase, doc: { id: string; filename: string; sha256: string; sizeBytes: number }): Document {
  db.sqlite
    .prepare("INSERT INTO documents (id, filename, sha256, size_bytes, status) VALUES (?, ?, ?, ?, 'queued')")
    .run(doc.id, doc.filename, doc.sha256, doc.sizeBytes);
  return getDocument(db, doc.id) as Document;
}

export function getDocument(db: AppDatabase, id: string): Document | undefined {
  return db.sqlite.prepare(`SELECT ${DOCUMENT_COLUMNS} FROM documents WHERE id = ?`).get(id) as Document | undefined;
}

export function getMarkdown(db: AppDatabase, id: string): { id: string; filename: string; markdown: string | null } | undefined {
  return db.sqlite.prepare('SELECT id, filename, markdown FROM documents WHERE id = ?').get(id) as
    { id: string; filename: string; markdown: string | null } | undefined;
}

export function listDocuments(db: AppDatabase, query: DocumentListQuery): { total: number; items: Document[] } {
  const where = query.status ? 'WHERE status = ?' : '';
  const args = query.status ? [query.status] : [];
  const total = (db.sqlite.prepare(`SELECT count(*) AS n FROM documents ${where}`).get(...args) as { n: number }).n;
  const items = db.sqlite
    .prepare(`SELECT ${DOCUMENT_COLUMNS} FROM documents ${where} ORDER BY created_at DESC, id LIMIT ? OFFSET ?`)
    .all(...args, query.limit ?? 50, query.offset ?? 0) as Document[];
  return { total, items };
}

/** A document with the same bytes that is waiting, running or done (a failed one may be uploaded again). */
export function findLiveBySha(db: AppDatabase, sha256: string): Document | undefined {
  return db.sqlite.prepare(`SELECT ${DOCUMENT_COLUMNS} FROM documents WHERE sha256 = ? AND status != 'failed' ORDER BY created_at LIMIT 1`).get(sha256) as
    Document | undefined;
}

export function updateProgress(db: AppDatabase, id: string, fields: { status?: DocumentStatus; progress: number; pages?: number }): void {
  db.sqlite
    .prepare(`UPDATE documents SET status = coalesce(?, status), progress = ?, pages = coalesce(?, pages), updated_at = ${NOW} WHERE id = ?`)
    .run(fields.status ?? null, Math.min(1, Math.max(0, fields.progress)), fields.pages ?? null, id);
}

/** Marks a document failed and removes any chunk of it, in one transaction: a failed document never has chunks. */
export function markFailed(db: AppDatabase, id: string, error: string): void {
  db.sqlite.transaction(() => {
    db.sqlite.prepare('DELETE FROM document_chunks WHERE document_id = ?').run(id);
    db.sqlite
      .prepare(`UPDATE documents SET status = 'failed', error = ?, chunks_count = 0, processed_at = NULL, updated_at = ${NOW} WHERE id = ?`)
      .run(error, id);
  })();
}

/** Every queued or processing document becomes failed with this message; returns their ids. */
export function failUnfinished(db: AppDatabase, error: string): string[] {
  return db.sqlite.transaction(() => {
    const ids = (db.sqlite.prepare("SELECT id FROM documents WHERE status IN ('queued', 'processing')").all() as Array<{ id: string }>).map((r) => r.id);
    for (const id of ids) markFailed(db, id, error);
    return ids;
  })();
}

/**
 * Stores all chunks and marks the document processed in one transaction: either every chunk and the new status
 * are written, or nothing is. Returns each chunk's id and version (its seq) for the vector collection.
 */
export function storeChunks(
  db: AppDatabase,
  input: { documentId: string; pages: number; markdown: string; chunks: Chunk[]; processedAt: string },
): Array<{ id: string; version: string }> {
  const insert = db.sqlite.prepare(
    'INSERT INTO document_chunks (id, document_id, idx, heading, text, token_estimate, page_start, page_end) VALUES (?, ?, ?, ?, ?, ?, ?, ?)',
  );
  return db.sqlite.transaction(() => {
    db.sqlite.prepare('DELETE FROM document_chunks WHERE document_id = ?').run(input.documentId);
    const stored = input.chunks.map((c) => {
      const id = `${input.documentId}#${c.idx}`;
      const info = insert.run(id, input.documentId, c.idx, c.heading, c.text, c.tokens, c.pageStart, c.pageEnd);
      return { id, version: String(info.lastInsertRowid) };
    });
    db.sqlite
      .prepare(
        `UPDATE documents SET status = 'processed', progress = 1, error = NULL, pages = ?, markdown = ?, chunks_count = ?, processed_at = ?, updated_at = ${NOW} WHERE id = ?`,
      )
      .run(input.pages, input.markdown, stored.length, input.processedAt, input.documentId);
    return stored;
  })();
}

export function deleteDocument(db: AppDatabase, id: string): boolean {
  // document_chunks go with it (ON DELETE CASCADE).
  return db.sqlite.prepare('DELETE FROM documents WHERE id = ?').run(id).changes > 0;
}

export function countChunks(db: AppDatabase, documentId: string): number {
  return (db.sqlite.prepare('SELECT count(*) AS n FROM document_chunks WHERE document_id = ?').get(documentId) as { n: number }).n;
}

/** The text a chunk is embedded from: the document and heading path give a chunk its context. */
export function chunkEmbeddingText(filename: string, heading: string, text: string): string {
  return `${filename}${heading ? ` — ${heading}` : ''}\n${text}`;
}

const SNIPPET_CHARS = 280;

function snippet(text: string): string {
  const flat = text
    .replace(/[#|*]+/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  if (flat.length <= SNIPPET_CHARS) return flat;
  const cut = flat.lastIndexOf(' ', SNIPPET_CHARS);
  return `${flat.slice(0, cut > SNIPPET_CHARS / 2 ? cut : SNIPPET_CHARS)}…`;
}

type ChunkRow = Pick<
  Selectable<TableRow<typeof documentChunksTable>>,
  'id' | 'seq' | 'document_id' | 'idx' | 'heading' | 'text' | 'token_estimate' | 'page_start' | 'page_end'
> & {
  filename: string;
};

/**
 * The manual_chunks vector collection reads processed documents' chunks from here. Versions are the chunks'
 * seq, which is never reused, so re-processing a document always counts as a change.
 */
export function manualChunkSource(db: AppDatabase): CollectionSource {
  const fingerprint = db.sqlite.prepare('SELECT count(*) AS n, max(seq) AS m FROM document_chunks');
  const versions = db.sqlite.prepare('SELECT id, seq FROM document_chunks');
  const rows = (ids: string[]): ChunkRow[] => {
    if (ids.length === 0) return [];
    const marks = ids.map(() => '?').join(', ');
    return db.sqlite
      .prepare(
        `SELECT c.id, c.seq, c.document_id, d.filename, c.idx, c.heading, c.text, c.token_estimate, c.page_start, c.page_end
         FROM document_chunks c JOIN documents d ON d.id = c.document_id WHERE c.id IN (${marks})`,
      )
      .all(...ids) as ChunkRow[];
  };
  const toRecord = (r: ChunkRow): SourceRecord => ({
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
    fingerprint() {
      const row = fingerprint.get() as { n: number; m: number | null };
      return `${row.n}|${row.m ?? 0}`;
    },
    versions: () => new Map((versions.all() as Array<{ id: string; seq: number }>).map((r) => [r.id, String(r.seq)])),
    documents: (ids) => rows(ids).map((r) => ({ id: r.id, version: String(r.seq), text: chunkEmbeddingText(r.filename, r.heading, r.text) })),
    records: (ids) => new Map(rows(ids).map((r) => [r.id, toRecord(r)])),
  };
}
