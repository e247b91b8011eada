import {
  PullBody,
  type PullProgress,
  SnapshotManifest,
  SnapshotPage,
  SnapshotPageQuery,
  SnapshotTableParams,
  TakeAlongStatus,
} from '../../../shared/api/take-along.schemas.js';
import { ConflictError } from '../../errors.js';
import { PROTECTED_ERRORS, withErrors } from '../../http/error-responses.js';
import type { FeatureRoutes } from '../../http/typed-app.js';
import { viewerOf } from '../auth/index.js';
import { pullSnapshot } from './snapshot-pull.service.js';
import { readSnapshotManifest, readSnapshotPage } from './snapshot-serve.service.js';
import { readTakeAlongStatus } from './take-along-state.service.js';

const tags = ['take-along'];

/**
 * "Take along". On a team server: the snapshot's manifest and its tables page by page (with the team password's
 * token, or without one when TAKE_ALONG_ANONYMOUS is set, then without internal demand rows). On a laptop: which
 * data it shows, and a pull that runs in the background (the CLI verb runs the same pull in the foreground).
 */
export const takeAlongRoutes: FeatureRoutes = async (app, { ctx }) => {
  const served = { tokenOptional: ctx.config.takeAlongAnonymous };
  // The pull this service runs now, if any: its progress for GET /api/take-along/status.
  let running: PullProgress | null = null;

  app.get(
    '/api/take-along/manifest',
    {
      schema: {
        tags,
        summary: "Team server: the tables of a snapshot of the team's data, their columns and row counts",
        response: withErrors({ 200: SnapshotManifest }, PROTECTED_ERRORS),
      },
      config: served,
    },
    async (request) => readSnapshotManifest(ctx.db, viewerOf(request), ctx.now()),
  );

  app.get(
    '/api/take-along/tables/:table',
    {
      schema: {
        tags,
        summary: 'Team server: one page of a snapshot table in key order; pass `next` as `after` for the following page',
        params: SnapshotTableParams,
        querystring: SnapshotPageQuery,
        response: withErrors({ 200: SnapshotPage }, [...PROTECTED_ERRORS, 404]),
      },
      config: served,
    },
    async (request) => readSnapshotPage(ctx.db, viewerOf(request), request.params.table, request.query),
  );

  app.get(
    '/api/take-along/status',
    {
      schema: {
        tags,
        summary: "Laptop: whether it shows its own data or a team snapshot (and the snapshot's age), and a pull under way or unfinished",
        response: withErrors({ 200: TakeAlongStatus }, PROTECTED_ERRORS),
      },
    },
    async () => readTakeAlongStatus(ctx.db, ctx.now(), running),
  );

  app.post(
    '/api/take-along/pull',
    {
      schema: {
        tags,
        summary: "Laptop: pull a snapshot of a team server's data in the background, continuing an interrupted pull; follow it with GET /api/take-along/status",
        body: PullBody,
        response: withErrors({ 202: TakeAlongStatus }, [...PROTECTED_ERRORS, 409]),
      },
    },
    async (request, reply) => {
      if (running !== null) throw new ConflictError(`A pull from ${running.from} is under way`);
      const { from, password } = request.body;
      running = { from, state: 'running', pulled_rows: 0, total_rows: 0, error: null };
      const progress = running;
      const done = pullSnapshot(
        {
          db: ctx.db,
          now: ctx.now,
          fetch,
          onProgress: ({ pulled, total }) => Object.assign(progress, { pulled_rows: pulled, total_rows: total }),
        },
        { from, password },
      );
      // The pull records its own failure (GET /api/take-along/status shows it); the log gets one line without secrets.
      void done
        .catch((error: Error) => request.log.warn({ from }, `take-along pull failed: ${error.message}`))
        .finally(() => {
          running = null;
        });
      return reply.code(202).send(await readTakeAlongStatus(ctx.db, ctx.now(), running));
    },
  );
};
