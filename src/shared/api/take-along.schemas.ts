import { type Static, Type } from '@sinclair/typebox';
import { Limit, Nullable } from './schema-helpers.js';

/** A cell of a snapshot row: the engines store text, numbers and NULL only. */
const Cell = Type.Union([Type.String(), Type.Number(), Type.Null()]);

/** The longest cursor a page hands out: the key of one row, JSON in base64url. */
const CURSOR_MAX_CHARS = 4096;

export const SnapshotManifest = Type.Object(
  {
    taken_at: Type.String({ description: 'When the team server started serving this snapshot (ISO-8601 UTC): its age is counted from here' }),
    schema_version: Type.Integer({ description: "The team database's latest migration; a laptop pulls only from a team on its own schema" }),
    internal_demand: Type.Boolean({ description: 'true when the caller signed in with the team password: internal demand rows (is_internal) are included' }),
    demo: Type.Boolean({ description: "true while the team's catalogue is the generated demo data set" }),
    tables: Type.Array(
      Type.Object({
        name: Type.String(),
        columns: Type.Array(Type.String(), { description: 'The order of the cells in every row of the pages' }),
        rows: Type.Integer({ minimum: 0, description: 'Rows the caller may read now' }),
      }),
    ),
  },
  { title: 'SnapshotManifest' },
);
export type SnapshotManifest = Static<typeof SnapshotManifest>;

export const SnapshotTableParams = Type.Object({
  table: Type.String({ pattern: '^[a-z_]{1,64}$', description: 'A table named by the manifest' }),
});

export const SnapshotPageQuery = Type.Object({
  after: Type.Optional(
    Type.String({
      pattern: '^[A-Za-z0-9_-]+$',
      maxLength: CURSOR_MAX_CHARS,
      description: "The previous page's `next`; absent for the first page",
    }),
  ),
  limit: Limit(2000, 5000),
});
export type SnapshotPageQuery = Static<typeof SnapshotPageQuery>;

export const SnapshotPage = Type.Object(
  {
    table: Type.String(),
    columns: Type.Array(Type.String()),
    rows: Type.Array(Type.Array(Cell)),
    next: Nullable(Type.String({ description: 'The cursor of the next page; null when this page ends the table' })),
  },
  { title: 'SnapshotPage' },
);
export type SnapshotPage = Static<typeof SnapshotPage>;

export const PullBody = Type.Object(
  {
    from: Type.String({
      format: 'uri',
      pattern: '^https?://',
      maxLength: 2048,
      description:
        "The team server's address, e.g. https://team.example: http or https, no user name or password in it, and the configured TAKE_ALONG_TEAM_URL's address when the laptop has one",
    }),
    password: Type.Optional(
      Type.String({ minLength: 1, maxLength: 1024, description: 'The team password; without it the snapshot leaves out internal demand rows' }),
    ),
  },
  { additionalProperties: false },
);
export type PullBody = Static<typeof PullBody>;

export const SnapshotInfo = Type.Object({
  from: Type.String({ description: 'The team server it was pulled from' }),
  taken_at: Type.String({ description: 'When the team server served it (ISO-8601 UTC)' }),
  applied_at: Type.String({ description: 'When this laptop switched to it (ISO-8601 UTC)' }),
  age_seconds: Type.Integer({ minimum: 0, description: 'Seconds since taken_at' }),
  internal_demand: Type.Boolean({ description: 'true when it was pulled with the team password and holds internal demand rows' }),
  demo: Type.Boolean({ description: "true when the team's catalogue was the generated demo data set" }),
  rows: Type.Integer({ minimum: 0 }),
});
export type SnapshotInfo = Static<typeof SnapshotInfo>;

export const PullProgress = Type.Object({
  from: Type.String(),
  state: Type.Union([Type.Literal('running'), Type.Literal('indexing'), Type.Literal('interrupted'), Type.Literal('failed')], {
    description:
      "running: pages are arriving (or are being applied); indexing: the snapshot is applied and search's vector collections are being brought in step with it (search answers from the vectors it has meanwhile; once `pull` is null again, search is ready); interrupted: a pull stopped part-way and continues where it stopped when started again; failed: see error",
  }),
  pulled_rows: Type.Integer({ minimum: 0 }),
  total_rows: Type.Integer({ minimum: 0 }),
  error: Nullable(Type.String()),
});
export type PullProgress = Static<typeof PullProgress>;

export const TakeAlongStatus = Type.Object(
  {
    showing: Type.Union([Type.Literal('own'), Type.Literal('team-snapshot')], {
      description: "own: the laptop's own data; team-snapshot: a read-only snapshot of a team server's data",
    }),
    snapshot: Nullable(SnapshotInfo),
    pull: Nullable(PullProgress),
  },
  { title: 'TakeAlongStatus' },
);
export type TakeAlongStatus = Static<typeof TakeAlongStatus>;
