import { Type } from '@sinclair/typebox';
import { PROTECTED_ERRORS, withErrors } from '../../../http/error-responses.js';
import type { FeatureRoutes } from '../../../http/typed-app.js';
import { DatasheetIdParams, TransceiverDatasheetAnswer } from '../../../../shared/api/sales/datasheets.schemas.js';
import { transceiverDatasheet, transceiverDatasheetPdf } from './datasheet.service.js';

// Per-media-type responses (the OpenAPI document shows the media type); Fastify sends the body as it is.
const HtmlFile = Type.Unsafe<string>({
  description:
    'The datasheet as one self-contained HTML file: inline CSS, no scripts, fonts, images or web addresses; A4 print layout (@page, @media print). ' +
    'Content-Disposition: attachment; filename="<part number>-datasheet.html"',
  content: { 'text/html': { schema: { type: 'string' } } },
});
const PdfFile = Type.Unsafe<Buffer>({
  description:
    'The datasheet as an A4 PDF (built-in Helvetica, no embedded font files). Content-Disposition: attachment; filename="<part number>-datasheet.pdf"',
  content: { 'application/pdf': { schema: { type: 'string', format: 'binary' } } },
});

const TAGS = ['sales'];
const ERRORS = [...PROTECTED_ERRORS, 404];

export const datasheetRoutes: FeatureRoutes = async (app, { ctx }) => {
  app.get(
    '/api/datasheets/transceiver/:id',
    {
      schema: {
        tags: TAGS,
        summary: 'The transceiver datasheet: specifications, optical power budget, pricing (operator, original vendor and competitors apart), compatibility',
        description:
          ':id is looked up as a slug first, then as a UUID. The datasheet is stored and regenerated on the first read after its product, prices or ' +
          'compatibility change (generated_at, input_hash). The HTML export is included (html); as files: GET /api/datasheets/transceiver/:id/html and /pdf.',
        params: DatasheetIdParams,
        response: withErrors({ 200: TransceiverDatasheetAnswer }, ERRORS),
      },
    },
    async (request) => {
      const { datasheet, html } = await transceiverDatasheet(ctx, request.params.id);
      return { ...datasheet, html };
    },
  );

  app.get(
    '/api/datasheets/transceiver/:id/html',
    {
      schema: {
        tags: TAGS,
        summary: 'The transceiver datasheet as a self-contained, printable HTML file (slug first, then UUID)',
        params: DatasheetIdParams,
        produces: ['text/html'],
        response: withErrors({ 200: HtmlFile }, ERRORS),
      },
    },
    async (request, reply) => {
      const { datasheet, html } = await transceiverDatasheet(ctx, request.params.id);
      return reply
        .header('content-type', 'text/html; charset=utf-8')
        .header('content-disposition', `attachment; filename="${datasheet.exports.html.file_name}"`)
        .send(html);
    },
  );

  app.get(
    '/api/datasheets/transceiver/:id/pdf',
    {
      schema: {
        tags: TAGS,
        summary: 'The transceiver datasheet as an A4 PDF (slug first, then UUID)',
        params: DatasheetIdParams,
        produces: ['application/pdf'],
        response: withErrors({ 200: PdfFile }, ERRORS),
      },
    },
    async (request, reply) => {
      const { datasheet, pdf } = await transceiverDatasheetPdf(ctx, request.params.id);
      return reply
        .header('content-type', 'application/pdf')
        .header('content-disposition', `attachment; filename="${datasheet.exports.pdf.file_name}"`)
        .send(pdf);
    },
  );
};
