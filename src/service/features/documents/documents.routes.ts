import multipart from '@fastify/multipart';
import { Type } from '@sinclair/typebox';
import { InvalidError } from '../../errors.js';
import { PROTECTED_ERRORS, withErrors } from '../../http/error-responses.js';
import type { FeatureRoutes } from '../../http/typed-app.js';
import {
  Document,
  DocumentList,
  DocumentListQuery,
  DocumentMarkdown,
  DocumentParams,
  UPLOAD_FIELD,
  UploadHeaders,
} from '../../../shared/api/documents.schemas.js';
import { cancelDocument, documentList, documentMarkdown, malformedUpload, receiveUpload, removeDocument, requireDocument } from './documents.service.js';

const tags = ['documents'];

export const documentsRoutes: FeatureRoutes = async (app, { ctx }) => {
  // Registered inside this plugin only: no other route takes multipart bodies. One file per request, streamed.
  await app.register(multipart, { limits: { fileSize: ctx.config.documents.maxBytes, files: 1, fields: 10, parts: 11 } });

  app.post(
    '/api/documents/process',
    {
      schema: {
        tags,
        summary: 'Upload a PDF (manual or datasheet) to convert to markdown, chunk, embed and store',
        description:
          `multipart/form-data with the PDF in the field "${UPLOAD_FIELD}" (at most DOCUMENTS_MAX_BYTES, default 50 MiB). Answers 202 at once; ` +
          'the work runs as a job: poll GET /api/documents/:id until status is processed (chunks_count, processed_at) or failed (error). ' +
          'Not a PDF: 400; too large: 413; the same file already queued, processing or processed: 409.',
        consumes: ['multipart/form-data'],
        headers: UploadHeaders,
        response: withErrors({ 202: Document }, [...PROTECTED_ERRORS, 409, 413]),
      },
    },
    async (request, reply) => {
      const part = await request.file().catch((error: unknown) => {
        // Fastify's own errors (406 for another content type, 413) keep their status; the parser's are the body's fault.
        if (typeof (error as { statusCode?: unknown }).statusCode === 'number') throw error;
        throw malformedUpload(error);
      });
      if (!part) throw new InvalidError(`${UPLOAD_FIELD}: the form has no file; send the PDF in the field "${UPLOAD_FIELD}"`);
      const doc = await receiveUpload(ctx, part);
      return reply.code(202).send(doc);
    },
  );

  app.get(
    '/api/documents',
    {
      schema: {
        tags,
        summary: 'Documents with status and progress, newest first',
        querystring: DocumentListQuery,
        response: withErrors({ 200: DocumentList }, PROTECTED_ERRORS),
      },
    },
    async (request) => documentList(ctx, request.query),
  );

  app.get(
    '/api/documents/:id',
    {
      schema: {
        tags,
        summary: 'One document with status and progress',
        params: DocumentParams,
        response: withErrors({ 200: Document }, [...PROTECTED_ERRORS, 404]),
      },
    },
    async (request) => requireDocument(ctx, request.params.id),
  );

  app.get(
    '/api/documents/:id/markdown',
    {
      schema: {
        tags,
        summary: 'The markdown extracted from a processed document',
        params: DocumentParams,
        response: withErrors({ 200: DocumentMarkdown }, [...PROTECTED_ERRORS, 404]),
      },
    },
    async (request) => documentMarkdown(ctx, request.params.id),
  );

  app.post(
    '/api/documents/:id/cancel',
    {
      schema: {
        tags,
        summary: 'Cancel a queued or processing document; it ends failed ("cancelled by request") with no chunks',
        params: DocumentParams,
        response: withErrors({ 200: Document }, [...PROTECTED_ERRORS, 404, 409]),
      },
    },
    async (request) => cancelDocument(ctx, request.params.id),
  );

  app.delete(
    '/api/documents/:id',
    {
      schema: {
        tags,
        summary: 'Delete a document and its chunks (cancelling it first when it is still running)',
        params: DocumentParams,
        response: withErrors({ 204: Type.Null() }, [...PROTECTED_ERRORS, 404]),
      },
    },
    async (request, reply) => {
      await removeDocument(ctx, request.params.id);
      return reply.code(204).send(null);
    },
  );
};
