import { type Static, Type } from '@sinclair/typebox';
import { Nullable } from '../schema-helpers.js';

export const QueueState = Type.Object({
  length: Type.Integer({ description: "Pipelines waiting in the team's queue (the running one not counted)" }),
  running: Nullable(
    Type.Object({
      draft_id: Type.String(),
      title: Type.String(),
      step: Nullable(Type.Integer({ minimum: 1, maximum: 10 })),
      since: Type.String({ description: 'When the run started' }),
      last_progress_at: Type.String({
        description: 'When it last made progress, as its process last recorded it (with its heartbeat); after 15 minutes without any the run is reset',
      }),
    }),
  ),
  queued: Type.Array(Type.String(), { description: 'Draft ids waiting, next first' }),
  gap_ms: Type.Integer({ description: 'Pause between queued pipelines (3 s)' }),
  stall_ms: Type.Integer({ description: 'A run without progress for this long is aborted (15 minutes)' }),
  resets: Type.Integer({ description: "Resets of the team's queue, through any process (reset-queue and stalls)" }),
});
export type QueueState = Static<typeof QueueState>;

export const QueueReset = Type.Object({
  cancelled: Type.Array(Type.String(), { description: 'Draft ids whose run was aborted or taken off the queue' }),
  queue: QueueState,
});
export type QueueReset = Static<typeof QueueReset>;
