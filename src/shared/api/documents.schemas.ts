import { type Static, Type } from '@sinclair/typebox';
import { ListOf } from './common.schemas.js';
import { Nullable, PagingFields, StringEnum } from './schema-helpers.js';

export const DOCUMENT_STATUSES = ['queued', 'processing', 'processed', 'failed'] as const;
export type DocumentStatus = (typeof DOCUMENT_STATUSES)[number];

export const Document = Type.Object(
  {
    id: Type.String({ description: 'UUID' }),
    filename: Type.String({ description: 'As uploaded' }),
    sha256: Type.String({ description: 'Of the uploaded bytes' }),
    size_bytes: Type.Integer(),
    pages: Nullable(Type.Integer({ description: 'Known once the PDF has been opened' })),
    status: StringEnum(DOCUMENT_STATUSES, { description: 'queued -> processing -> processed | failed' }),
    progress: Type.Number({ minimum: 0, maximum: 1, description: 'Share of the work done: extraction to 0.5, embedding to 0.95, storing to 1' }),
    error: Nullable(Type.String({ description: 'Why processing failed (encrypted, damaged, no text layer, cancelled, interrupted by restart)' })),
    chunks_count: Type.Integer({ description: 'Chunks stored (0 until processed)' }),
    processed_at: Nullable(Type.String({ description: 'When the chunks were stored (ISO-8601)' })),
    created_at: Type.String(),
    updated_at: Type.String(),
  },
  { title: 'Document' },
);
export type Document = Static<typeof Document>;

export const DocumentParams = Type.Object({ id: Type.String({ format: 'uuid', description: 'Document id' }) });

export const DocumentListQuery = Type.Object(
  {
    status: Type.Optional(StringEnum(DOCUMENT_STATUSES)),
    ...PagingFields(50, 500),
  },
  { additionalProperties: false },
);
export type DocumentListQuery = Static<typeof DocumentListQuery>;

export const DocumentList = ListOf(Document);
export type DocumentList = Static<typeof DocumentList>;

export const DocumentMarkdown = Type.Object({
  id: Type.String(),
  filename: Type.String(),
  markdown: Nullable(Type.String({ description: 'null until the document is processed' })),
});
export type DocumentMarkdown = Static<typeof DocumentMarkdown>;

/** The upload is a multipart stream read by @fastify/multipart, so the request schema checks its content type. */
export const UploadHeaders = Type.Object({
  'content-type': Type.String({ pattern: '^multipart/form-data', description: 'multipart/form-data with one field "file" holding the PDF' }),
});

export const UPLOAD_FIELD = 'file';
