import { type Static, Type } from '@sinclair/typebox';
import { Nullable, StringEnum } from '../schema-helpers.js';

export const IMPORT_KINDS = ['transceivers', 'switches', 'prices', 'demand'] as const;
export type ImportKind = (typeof IMPORT_KINDS)[number];

/** An import is one transaction; these bound how long it can hold the database and how much memory it takes. */
export const IMPORT_MAX_BYTES = 16 * 1024 * 1024;
export const IMPORT_MAX_ROWS = 100_000;
/** The report lists at most this many problems (the counts are always complete). */
export const IMPORT_MAX_REPORTED_ERRORS = 1000;

export const ImportParams = Type.Object({ kind: StringEnum(IMPORT_KINDS) });

const Options = {
  skip_bad_rows: Type.Optional(
    Type.Boolean({ default: false, description: 'Write the good rows and report the bad ones; by default one bad row means nothing is written' }),
  ),
  dry_run: Type.Optional(Type.Boolean({ default: false, description: 'Validate and report without writing anything' })),
};

export const ImportJsonBody = Type.Object(
  {
    format: StringEnum(['csv', 'json'] as const, { description: 'How `data` is written' }),
    data: Type.String({ description: 'CSV text with a header row, or a JSON array of objects' }),
    ...Options,
  },
  { additionalProperties: false },
);
export type ImportJsonBody = Static<typeof ImportJsonBody>;

export const ImportQuery = Type.Object(Options, { additionalProperties: false });
export type ImportQuery = Static<typeof ImportQuery>;

export const ImportProblem = Type.Object({
  row: Type.Integer({ description: '1-based position among the data records' }),
  line: Type.Integer({ description: 'Line of the submitted text on which the record starts' }),
  field: Nullable(Type.String()),
  reason: Type.String(),
});
export type ImportProblem = Static<typeof ImportProblem>;

export const ImportReport = Type.Object(
  {
    kind: StringEnum(IMPORT_KINDS),
    format: StringEnum(['csv', 'json'] as const),
    dry_run: Type.Boolean(),
    skip_bad_rows: Type.Boolean(),
    committed: Type.Boolean({ description: 'Whether anything was written' }),
    rows: Type.Integer(),
    valid_rows: Type.Integer(),
    bad_rows: Type.Integer(),
    inserted: Type.Integer(),
    updated: Type.Integer(),
    unchanged: Type.Integer({
      description: 'Valid rows that matched what is stored (a record identical in every field, a price observation already stored verbatim): nothing written',
    }),
    errors: Type.Array(ImportProblem, { description: `Every problem of every bad row (the first ${IMPORT_MAX_REPORTED_ERRORS})` }),
    errors_truncated: Type.Boolean(),
  },
  { title: 'ImportReport' },
);
export type ImportReport = Static<typeof ImportReport>;
