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
import { startPull } from './snapshot-pull.service.js';
import { readSnapshotManifest, readSnapshotPage } from './snapshot-serve.service.js';
import { readTakeAlongStatus } from './take-along-state.service.js';
import { MAX_ANSWER_BYTES, REQUEST_TIMEOUT_MS } from './team-snapshot.client.js';

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
        description: [
          'The service fetches from the address given only when it is http or https without a user name or password in it, and, when the',
          'laptop has TAKE_ALONG_TEAM_URL configured, only from that server (400 otherwise, naming the problem). It follows no redirect,',
          `reads only JSON answers of the snapshot routes' shape, at most ${MAX_ANSWER_BYTES / 2 ** 20} MiB each, within ${REQUEST_TIMEOUT_MS / 1000} s each;`,
          'anything else fails the pull',
          '(see the status). One pull at a time per data directory: while one runs (this service, another, or the CLI), 409 names it.',
          'Once the snapshot is applied the status shows `indexing` until search has caught up with it, then `pull` is null.',
        ].join(' '),
        body: PullBody,
        response: withErrors({ 202: TakeAlongStatus }, [...PROTECTED_ERRORS, 409]),
      },
    },
    async (request, reply) => {
      if (running !== null) {
        throw new ConflictError(`A pull from ${running.from} is under way (${running.state}): wait until it ends.`, { running: { from: running.from } });
      }
      const { from, password } = request.body;
      const progress: PullProgress = { from, state: 'running', pulled_rows: 0, total_rows: 0, error: null };
      const started = await startPull(
        {
          db: ctx.db,
          now: ctx.now,
          fetch,
          teamUrl: ctx.config.takeAlongTeamUrl,
          onProgress: ({ pulled, total }) => Object.assign(progress, { pulled_rows: pulled, total_rows: total }),
        },
        { from, password },
      );
      progress.from = started.from;
      running = progress;
      // The pull records its own failure (GET /api/take-along/status shows it); the log gets one line without secrets.
      // Once applied, the collections of the replaced tables are synced as at a start before the status says done.
      void started.done
        .then(async () => {
          progress.state = 'indexing';
          await ctx.search.whenIdle();
        })
        .catch((error: Error) => request.log.warn({ from: started.from }, `take-along pull failed: ${error.message}`))
        .finally(() => {
          running = null;
        });
      return reply.code(202).send(await readTakeAlongStatus(ctx.db, ctx.now(), running));
    },
  );
};
