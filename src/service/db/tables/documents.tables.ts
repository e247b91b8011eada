import { blob, integer, real, table, type TablesOf, text } from './table-spec.js';

/** Uploaded PDF documents and their chunks (migrations/007_documents.sql; owned by features/documents). */
export const documentsTable = table('documents', {
  id: text(),
  filename: text(),
  sha256: text(),
  size_bytes: integer(),
  pages: integer().orNull(),
  status: text<'queued' | 'processing' | 'processed' | 'failed'>(),
  progress: real().defaulted(),
  error: text().orNull(),
  markdown: text().orNull(),
  chunks_count: integer().defaulted(),
  processed_at: text().orNull(),
  created_at: text().defaulted(),
  updated_at: text().defaulted(),
  /** The process whose queue or job holds the document while it is queued or processing (migrations/028). */
  processing_holder: text().orNull(),
  /** That process's id on its machine. */
  processing_pid: integer().orNull(),
  /** That process's last sign of life; lapsed, the process is gone. */
  processing_heartbeat_at: text().orNull(),
});

export const documentChunksTable = table('document_chunks', {
  /** AUTOINCREMENT, never reused: the manual_chunks collection's change fingerprint and each chunk's version. */
  seq: integer().defaulted(),
  id: text(),
  document_id: text(),
  idx: integer(),
  heading: text().defaulted(),
  text: text(),
  token_estimate: integer(),
  page_start: integer(),
  page_end: integer(),
  created_at: text().defaulted(),
});

/** The uploaded PDF's bytes (migrations/023), so every service process sharing the database can read them. */
export const documentFilesTable = table('document_files', {
  document_id: text(),
  content: blob(),
});

export const DOCUMENT_TABLES = [documentsTable, documentChunksTable, documentFilesTable] as const;

export type DocumentTables = TablesOf<typeof DOCUMENT_TABLES>;
