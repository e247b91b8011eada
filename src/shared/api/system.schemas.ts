import { type Static, Type } from '@sinclair/typebox';
import { Nullable } from './schema-helpers.js';

export const TextIndexStatus = Type.Object(
  {
    state: Type.Union([Type.Literal('complete'), Type.Literal('building'), Type.Literal('incomplete')], {
      description:
        'complete: the text query `q` of GET /api/transceivers reads the index; building: the service is adding the catalogue to it in the background; incomplete: nothing builds it right now (a running service builds it after its start). Until complete, `q` finds the same rows by scanning the catalogue, only slower.',
    }),
    done: Type.Integer({ minimum: 0, description: 'Rows the background build has added (0 where a migration filled the index at once).' }),
    total: Type.Integer({ minimum: 0, description: 'done plus the catalogue rows still to add.' }),
    percent: Type.Integer({ minimum: 0, maximum: 100 }),
    rows_per_s: Nullable(Type.Number({ minimum: 0, description: 'Pace of the running build; null when none runs or before its first chunk.' })),
    eta_seconds: Nullable(Type.Number({ minimum: 0, description: 'Time left at that pace; null when unknown or complete.' })),
    completed_at: Nullable(Type.String({ description: 'When the index became complete (ISO 8601); null while incomplete.' })),
  },
  {
    description:
      "The catalogue's text index (trigram full-text index behind `q`). A migration creates it empty and the service fills it in the background after the first start following an upgrade, so that start answers at once whatever the size of the catalogue.",
  },
);
export type TextIndexStatus = Static<typeof TextIndexStatus>;

export const SystemInfo = Type.Object({
  version: Type.String(),
  data_dir: Type.String(),
  database_file: Type.String(),
  listen: Type.Object({ host: Type.String(), port: Type.Integer() }),
  shared_on_lan: Type.Boolean({ description: 'true when HOST is not a loopback address' }),
  lan_urls: Type.Array(Type.String(), { description: 'Dashboard URLs colleagues can open (empty unless shared)' }),
  migrations: Type.Array(Type.Object({ version: Type.Integer(), name: Type.String(), applied_at: Type.String() })),
  text_index: TextIndexStatus,
  scheduler: Type.Object({
    enabled: Type.Boolean(),
    jobs: Type.Array(
      Type.Object({
        name: Type.String(),
        running: Type.Boolean(),
        lastRunAt: Nullable(Type.String()),
        lastError: Nullable(Type.String()),
        nextRunAt: Nullable(Type.String()),
      }),
    ),
  }),
});
export type SystemInfo = Static<typeof SystemInfo>;
