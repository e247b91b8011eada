import { Type } from '@sinclair/typebox';
import { decodeBody } from '../../../http/body-charset.js';
import { PROTECTED_ERRORS, withErrors } from '../../../http/error-responses.js';
import { clientGoneSignal } from '../../../http/client-gone-signal.js';
import type { FeatureRoutes } from '../../../http/typed-app.js';
import { IMPORT_MAX_BYTES, IMPORT_MAX_ROWS, ImportJsonBody, ImportParams, ImportQuery, ImportReport } from '../../../../shared/api/catalogue/import.schemas.js';
import { runImport } from './import.service.js';

export const importRoutes: FeatureRoutes = async (app, { ctx }) => {
  // Registered inside this plugin only: nowhere else does the API take a CSV body.
  app.addContentTypeParser('text/csv', { parseAs: 'buffer', bodyLimit: IMPORT_MAX_BYTES }, (request, body, done) => {
    try {
      done(null, decodeBody(request, body));
    } catch (error) {
      done(error as Error, undefined);
    }
  });

  app.post(
    '/api/import/:kind',
    {
      bodyLimit: IMPORT_MAX_BYTES,
      schema: {
        tags: ['import'],
        summary: 'Import transceivers, switches, prices or demand from CSV or JSON, all rows in one transaction',
        description:
          `Send application/json {format: "csv"|"json", data: "<text>", skip_bad_rows?, dry_run?}, or the CSV itself as text/csv with ` +
          `?skip_bad_rows=&dry_run=. Every row is validated; when any row is bad nothing is written (422 with the report in details) ` +
          `unless skip_bad_rows is true. Transceivers are upserted by slug, else vendor_id + part_number; switches by slug, else ` +
          `vendor_id + model; demand by sku. Prices obey the minimum price per speed class. At most ${IMPORT_MAX_BYTES / 1024 / 1024} MiB and ${IMPORT_MAX_ROWS} rows.`,
        params: ImportParams,
        querystring: ImportQuery,
        body: { content: { 'application/json': { schema: ImportJsonBody }, 'text/csv': { schema: Type.String({ description: 'CSV with a header row' }) } } },
        response: withErrors({ 200: ImportReport }, [...PROTECTED_ERRORS, 409, 413, 415, 422]),
      },
    },
    async (request, reply) => {
      const body = request.body as ImportJsonBody | string;
      const json = typeof body === 'string' ? undefined : body;
      return runImport(ctx.db, {
        kind: request.params.kind,
        format: json ? json.format : 'csv',
        text: json ? json.data : (body as string),
        skipBadRows: json?.skip_bad_rows ?? request.query.skip_bad_rows ?? false,
        dryRun: json?.dry_run ?? request.query.dry_run ?? false,
        now: ctx.now,
        alertRules: ctx.config.catalogue,
        onProductsChanged: () => void ctx.search.indexProducts(),
        signal: clientGoneSignal(reply),
      });
    },
  );
};
