import { JobList, JobParams, JobRun, JobRunPage, JobRunParams, JobRunsQuery, RunStarted } from '../../../shared/api/jobs.schemas.js';
import { PROTECTED_ERRORS, withErrors } from '../../http/error-responses.js';
import type { FeatureRoutes } from '../../http/typed-app.js';
import { getJobRun, listJobRuns, listJobs, startJob } from './jobs.service.js';

export const jobsRoutes: FeatureRoutes = async (app, { ctx }) => {
  app.get(
    '/api/jobs',
    {
      schema: {
        tags: ['jobs'],
        summary: 'The background jobs (news aggregator, vendor-shop scrapers): schedule, next run, last run',
        response: withErrors({ 200: JobList }, PROTECTED_ERRORS),
      },
    },
    async () => listJobs(ctx),
  );

  app.get(
    '/api/jobs/runs',
    {
      schema: {
        tags: ['jobs'],
        summary: 'Job run history, newest first: started, finished, pages, items, errors',
        querystring: JobRunsQuery,
        response: withErrors({ 200: JobRunPage }, PROTECTED_ERRORS),
      },
    },
    async (request) => listJobRuns(ctx, request.query),
  );

  app.get(
    '/api/jobs/runs/:id',
    {
      schema: { tags: ['jobs'], summary: 'One job run', params: JobRunParams, response: withErrors({ 200: JobRun }, [...PROTECTED_ERRORS, 404]) },
    },
    async (request) => getJobRun(ctx, request.params.id),
  );

  app.post(
    '/api/jobs/:name/run',
    {
      schema: {
        tags: ['jobs'],
        summary: 'Run a job now (also when SCHEDULER_ENABLED=false); answers 202 with the started run, 409 with the running one',
        params: JobParams,
        response: withErrors({ 202: RunStarted }, [...PROTECTED_ERRORS, 404, 409]),
      },
    },
    async (request, reply) => reply.code(202).send(await startJob(ctx, request.params.name, 'manual')),
  );
};
