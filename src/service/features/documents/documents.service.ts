import { createHash, randomUUID } from 'node:crypto';
import { createReadStream, createWriteStream, rmSync } from 'node:fs';
import { readFile, stat } from 'node:fs/promises';
import { basename, join } from 'node:path';
import { Transform, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { ServiceContext } from '../../context.js';
import { AppError, ConflictError, InvalidError, NotFoundError } from '../../errors.js';
import { deleteDocument, findLiveBySha, getDocument, getMarkdown, insertDocument, listDocuments } from './documents.repository.js';
import { type Document, type DocumentList, type DocumentListQuery, type DocumentMarkdown, UPLOAD_FIELD } from '../../../shared/api/documents.schemas.js';

export type DocumentsCtx = Pick<ServiceContext, 'db' | 'config' | 'documents' | 'search'>;

/** PDF readers accept the header anywhere in the first 1024 bytes (Acrobat's tolerance); so do we. */
const HEADER_WINDOW = 1024;
const MAX_FILENAME = 255;

export class PayloadTooLargeError extends AppError {
  constructor(message: string) {
    super(413, 'Payload Too Large', message);
  }
}

function tooLarge(ctx: DocumentsCtx): PayloadTooLargeError {
  const mib = Math.round((ctx.config.documents.maxBytes / 1024 / 1024) * 10) / 10;
  return new PayloadTooLargeError(`file: larger than the ${mib} MiB limit (DOCUMENTS_MAX_BYTES)`);
}

export function cleanFilename(raw: string | undefined): string {
  // Control characters (C0, DEL and C1) have no place in a file name the dashboard shows.
  const name = (raw ?? '')
    .replace(/\p{Cc}/gu, '')
    .trim()
    .slice(0, MAX_FILENAME);
  return name === '' ? 'document.pdf' : name;
}

export function hasPdfHeader(head: Uint8Array): boolean {
  return Buffer.from(head.subarray(0, HEADER_WINDOW)).includes('%PDF-', 0, 'latin1');
}

export interface ReceivedFile {
  id: string;
  filename: string;
  path: string;
  sha256: string;
  sizeBytes: number;
  /** The first bytes, for the magic check. */
  head: Uint8Array;
}

/**
 * Checks a file that has been written to the incoming folder and queues it: not a PDF -> 400, empty -> 400, the
 * same bytes already queued, processing or processed -> 409 (naming that document). The file is removed on refusal.
 */
export async function admitFile(ctx: DocumentsCtx, file: ReceivedFile): Promise<Document> {
  try {
    if (file.sizeBytes === 0) throw new InvalidError('file: the uploaded file is empty');
    if (!hasPdfHeader(file.head)) throw new InvalidError(`file: "${file.filename}" is not a PDF (no %PDF- header at its start)`);
    if (file.sizeBytes > ctx.config.documents.maxBytes) throw tooLarge(ctx);
    const existing = await findLiveBySha(ctx.db, file.sha256);
    if (existing) {
      throw new ConflictError(`file: the same PDF is already ${existing.status} as document ${existing.id}`, {
        document_id: existing.id,
        status: existing.status,
      });
    }
  } catch (error) {
    rmSync(file.path, { force: true });
    throw error;
  }
  // The bytes go into the database with the row (every process sharing it can read them); the file stays for the job.
  const content = await readFile(file.path);
  const doc = await insertDocument(
    ctx.db,
    { id: file.id, filename: file.filename, sha256: file.sha256, sizeBytes: file.sizeBytes, content },
    ctx.documents.claim(),
  );
  await ctx.documents.enqueue(doc.id, file.path);
  return doc;
}

/**
 * Copies a file into the incoming folder as a stream (never whole in memory), hashing and counting it on the way,
 * then admits it. `truncated` tells whether the source stopped at the size limit (multipart's fileSize).
 */
async function storeAndAdmit(ctx: DocumentsCtx, source: Readable & { truncated?: boolean }, filename: string): Promise<Document> {
  const id = randomUUID();
  const path = join(ctx.documents.incomingDir, `${id}.pdf`);
  const hash = createHash('sha256');
  const head: Buffer[] = [];
  let headBytes = 0;
  let sizeBytes = 0;
  const tap = new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      hash.update(chunk);
      sizeBytes += chunk.length;
      if (headBytes < HEADER_WINDOW) {
        head.push(chunk.subarray(0, HEADER_WINDOW - headBytes));
        headBytes += Math.min(chunk.length, HEADER_WINDOW - headBytes);
      }
      callback(null, chunk);
    },
  });
  try {
    await pipeline(source, tap, createWriteStream(path));
  } catch (error) {
    rmSync(path, { force: true });
    if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw tooLarge(ctx);
    throw error;
  }
  if (source.truncated) {
    rmSync(path, { force: true });
    throw tooLarge(ctx);
  }
  return admitFile(ctx, { id, filename: cleanFilename(filename), path, sha256: hash.digest('hex'), sizeBytes, head: Buffer.concat(head) });
}

/** An upload of POST /api/documents/process (one multipart file part). */
export async function receiveUpload(
  ctx: DocumentsCtx,
  part: { fieldname: string; filename: string; file: Readable & { truncated?: boolean } },
): Promise<Document> {
  if (part.fieldname !== UPLOAD_FIELD) {
    part.file.resume();
    throw new InvalidError(`${part.fieldname}: unexpected form field; send the PDF in the field "${UPLOAD_FIELD}"`);
  }
  // A body cut short or with a broken part fails while the file streams to disk; that is the client's fault.
  let bodyError: Error | undefined;
  part.file.once('error', (error: Error) => {
    bodyError = error;
  });
  try {
    return await storeAndAdmit(ctx, part.file, part.filename);
  } catch (error) {
    if (bodyError !== undefined) throw malformedUpload(bodyError);
    throw error;
  }
}

/** The multipart parser's complaint ("Unexpected end of form", "Malformed part header") as a 400 naming the body. */
export function malformedUpload(cause: unknown): InvalidError {
  const reason = cause instanceof Error ? cause.message : String(cause);
  return new InvalidError(`body: the multipart/form-data upload is malformed or cut short (${reason}); nothing was stored`, { field: 'body' });
}

/**
 * A PDF on the local disk (the process-pdf CLI verb), admitted by the same rules as an upload. A file over the
 * limit is refused before it is copied, since its size is known up front.
 */
export async function admitLocalFile(ctx: DocumentsCtx, sourcePath: string): Promise<Document> {
  const info = await stat(sourcePath).catch(() => undefined);
  if (!info?.isFile()) throw new InvalidError(`file: cannot read ${sourcePath}: no such file`);
  if (info.size > ctx.config.documents.maxBytes) throw tooLarge(ctx);
  return storeAndAdmit(ctx, createReadStream(sourcePath), basename(sourcePath));
}

export async function requireDocument(ctx: Pick<ServiceContext, 'db'>, id: string): Promise<Document> {
  const doc = await getDocument(ctx.db, id);
  if (!doc) throw new NotFoundError(`params/id: no document ${id}`);
  return doc;
}

export function documentList(ctx: Pick<ServiceContext, 'db'>, query: DocumentListQuery): Promise<DocumentList> {
  return listDocuments(ctx.db, query);
}

export async function documentMarkdown(ctx: Pick<ServiceContext, 'db'>, id: string): Promise<DocumentMarkdown> {
  const found = await getMarkdown(ctx.db, id);
  if (!found) throw new NotFoundError(`params/id: no document ${id}`);
  return found;
}

/** Stops a queued or running document (it ends failed, "cancelled by request", with no chunks). */
export async function cancelDocument(ctx: DocumentsCtx, id: string): Promise<Document> {
  const doc = await requireDocument(ctx, id);
  if (!(await ctx.documents.cancel(id))) {
    throw new ConflictError(`params/id: document ${id} is ${doc.status}, not queued or processing; nothing to cancel`);
  }
  return requireDocument(ctx, id);
}

/** Removes a document and its chunks (cancelling it first if needed); its vectors leave manual_chunks. */
export async function removeDocument(ctx: DocumentsCtx, id: string): Promise<void> {
  await requireDocument(ctx, id);
  await ctx.documents.cancel(id);
  await deleteDocument(ctx.db, id);
  await (
    await ctx.search.sync('manual_chunks')
  ).done;
}
