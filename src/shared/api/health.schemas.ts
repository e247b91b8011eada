import { type Static, Type } from '@sinclair/typebox';
import { StringEnum } from './schema-helpers.js';

export const LOAD_STATUSES = ['ok', 'busy', 'overloaded'] as const;
export const LoadStatus = StringEnum(LOAD_STATUSES);
export type LoadStatus = Static<typeof LoadStatus>;

export const HealthResponse = Type.Object({
  status: Type.Literal('ok', { description: 'The process answers; see load_status for how loaded it is' }),
  version: Type.String({ description: 'Service version from package.json' }),
  uptime_seconds: Type.Number(),
  load_status: LoadStatus,
  load_reasons: Type.Array(Type.String(), { description: 'Which thresholds were crossed (empty when ok)' }),
  demo_data: Type.Optional(
    Type.Boolean({
      description:
        'true while the catalogue is the generated demo data set (seeded, nothing imported since); the desktop About says so. Always set by this service.',
    }),
  ),
  cpu: Type.Object({
    cores: Type.Integer(),
    load_1m: Type.Number(),
    load_5m: Type.Number(),
    load_15m: Type.Number(),
    load_per_core_1m: Type.Number(),
  }),
  memory: Type.Object({
    total_bytes: Type.Integer(),
    free_bytes: Type.Integer(),
    used_ratio: Type.Number(),
  }),
  process: Type.Object({
    rss_bytes: Type.Integer(),
    heap_used_bytes: Type.Integer(),
    event_loop_delay_p99_ms: Type.Number(),
  }),
  // No path: health answers without a token, and where the data lives is for signed-in clients (GET /api/system).
  disk: Type.Object({
    total_bytes: Type.Integer(),
    free_bytes: Type.Integer(),
    used_ratio: Type.Number(),
  }),
  database: Type.Object({
    ok: Type.Boolean(),
    latency_ms: Type.Number({ description: 'Time of a real query against the SQLite file' }),
    migrations_applied: Type.Integer(),
  }),
});
export type HealthResponse = Static<typeof HealthResponse>;
