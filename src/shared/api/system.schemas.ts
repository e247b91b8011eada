import { type Static, Type } from '@sinclair/typebox';
import { Nullable } from './schema-helpers.js';

export const SystemInfo = Type.Object({
  version: Type.String(),
  data_dir: Type.String(),
  database: Type.Object(
    {
      engine: Type.Union([Type.Literal('sqlite'), Type.Literal('postgres')]),
      location: Type.String({ description: 'The SQLite file, or the PostgreSQL URL without its password' }),
    },
    { description: 'Where the service keeps its data: the SQLite file in the data directory, or PostgreSQL (DATABASE_URL)' },
  ),
  listen: Type.Object({ host: Type.String(), port: Type.Integer() }),
  shared_on_lan: Type.Boolean({ description: 'true when HOST is not a loopback address' }),
  lan_urls: Type.Array(Type.String(), { description: 'Dashboard URLs colleagues can open (empty unless shared)' }),
  migrations: Type.Array(Type.Object({ version: Type.Integer(), name: Type.String(), applied_at: Type.String() })),
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
