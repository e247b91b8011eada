import { Type } from '@sinclair/typebox';
import { PROTECTED_ERRORS, withErrors } from '../../http/error-responses.js';
import type { FeatureRoutes } from '../../http/typed-app.js';
import { Draft, DraftListQuery, DraftPage, DraftParams, DraftSteps, GenerateBody, UpdateDraftBody } from '../../../shared/api/blog/blog-drafts.schemas.js';
import { Feedback, FeedbackBody, TrainingDataQuery } from '../../../shared/api/blog/blog-feedback.schemas.js';
import { QueueReset, QueueState } from '../../../shared/api/blog/blog-queue.schemas.js';
import { addFeedback, trainingDataJsonl } from './blog-feedback.service.js';
import { draftAsHtml, draftAsText } from './blog-export.render.js';
import {
  generateDraft,
  getDraft,
  getDraftSteps,
  listDraftPage,
  queueState,
  regenerateDraft,
  removeDraft,
  resetQueue,
  updateDraftFields,
} from './blog.service.js';

const TAGS = ['blog'];
const fileText = (mediaType: string, description: string) => Type.Unsafe<string>({ description, content: { [mediaType]: { schema: { type: 'string' } } } });

export const blogRoutes: FeatureRoutes = async (app, { ctx }) => {
  const engine = ctx.blog;

  app.post(
    '/api/blog/generate',
    {
      schema: {
        tags: TAGS,
        summary: "Creates a draft at once from a template (the caller's title, else a template title) and queues the 10-step pipeline that rewrites it",
        description:
          'The reply is the template draft (generated_by "template:v1", pipeline.state "queued"). Data comes from the catalogue at the speed ' +
          'the title or hot topic names (else 800G for hype_cycle and new_product, 400G for comparison and tutorial), the lifecycle forecast ' +
          'and the hot topic. The pipeline runs in the background, one draft at a time: poll GET /api/blog/{id}. When the language model ' +
          'answers, generated_by becomes "pipeline:v1:<provider>:<model>", word_count and qa_score are stored, the status moves to review ' +
          'and the score is stored as feedback; when no model is reachable the template stands with pipeline.state "offline" and the reason.',
        body: GenerateBody,
        response: withErrors({ 201: Draft }, PROTECTED_ERRORS),
      },
    },
    async (request, reply) => reply.code(201).send(await generateDraft(engine, request.body)),
  );

  app.get(
    '/api/blog',
    {
      schema: {
        tags: TAGS,
        summary: 'Blog drafts, newest first, without their bodies',
        querystring: DraftListQuery,
        response: withErrors({ 200: DraftPage }, PROTECTED_ERRORS),
      },
    },
    async (request) => listDraftPage(engine, request.query),
  );

  app.get(
    '/api/blog/llm/queue',
    {
      schema: {
        tags: TAGS,
        summary: "The team's pipeline queue: waiting drafts, the running one, since when and its last progress",
        description: 'Read from the database: every replica of the service on it answers with the same queue.',
        response: withErrors({ 200: QueueState }, PROTECTED_ERRORS),
      },
    },
    async () => queueState(engine),
  );

  app.post(
    '/api/blog/llm/reset-queue',
    {
      schema: {
        tags: TAGS,
        summary:
          "Clears the team's serialized pipeline queue: aborts the running pipeline wherever it runs (its draft ends cancelled) and ends the waiting ones cancelled",
        response: withErrors({ 200: QueueReset }, PROTECTED_ERRORS),
      },
    },
    async () => resetQueue(engine),
  );

  app.get(
    '/api/blog/feedback/training-data',
    {
      schema: {
        tags: TAGS,
        summary: 'All feedback as training data (JSONL: one chat with the draft as the answer, plus its scores, per line), oldest first',
        querystring: TrainingDataQuery,
        produces: ['application/x-ndjson'],
        response: withErrors({ 200: fileText('application/x-ndjson', 'One JSON object per line') }, PROTECTED_ERRORS),
      },
    },
    async (request, reply) =>
      reply
        .header('content-type', 'application/x-ndjson; charset=utf-8')
        .header('content-disposition', 'attachment; filename="blog-training-data.jsonl"')
        .send(await trainingDataJsonl(ctx.db, request.query)),
  );

  app.get(
    '/api/blog/:id',
    {
      schema: {
        tags: TAGS,
        summary: 'One draft with its body, quality issues, pipeline state and the steps of its latest run',
        params: DraftParams,
        response: withErrors({ 200: Draft }, [...PROTECTED_ERRORS, 404]),
      },
    },
    async (request) => getDraft(engine, request.params.id),
  );

  app.patch(
    '/api/blog/:id',
    {
      schema: {
        tags: TAGS,
        summary: 'Edits a draft (title, body, keywords) or moves its status; 409 while the pipeline is at work on it',
        description:
          'Status moves a person may make: draft -> review; review -> approved, rejected or draft; approved -> review; rejected -> review ' +
          '(another is 422). A new body is checked again: word_count and quality_issues follow it.',
        params: DraftParams,
        body: UpdateDraftBody,
        response: withErrors({ 200: Draft }, [...PROTECTED_ERRORS, 404, 409, 422]),
      },
    },
    async (request) => updateDraftFields(engine, request.params.id, request.body),
  );

  app.delete(
    '/api/blog/:id',
    {
      schema: {
        tags: TAGS,
        summary: 'Deletes a draft and its step outputs (its pipeline is aborted); feedback on it is kept for the training data',
        params: DraftParams,
        response: withErrors({ 204: Type.Null({ description: 'Deleted' }) }, [...PROTECTED_ERRORS, 404]),
      },
    },
    async (request, reply) => {
      await removeDraft(engine, request.params.id);
      return reply.code(204).send(null);
    },
  );

  app.post(
    '/api/blog/:id/regenerate',
    {
      schema: {
        tags: TAGS,
        summary: 'Re-runs the full pipeline on the draft as a new run (status back to draft); 409 while it is queued or running',
        params: DraftParams,
        response: withErrors({ 202: Draft }, [...PROTECTED_ERRORS, 404, 409]),
      },
    },
    async (request, reply) => reply.code(202).send(await regenerateDraft(engine, request.params.id, {})),
  );

  app.post(
    '/api/blog/:id/resume',
    {
      schema: {
        tags: TAGS,
        summary:
          'Continues the latest run from the step that failed, stalled or was cancelled (or never reached the model), reusing the stored outputs of the steps before it; 409 when nothing stopped',
        params: DraftParams,
        response: withErrors({ 202: Draft }, [...PROTECTED_ERRORS, 404, 409]),
      },
    },
    async (request, reply) => reply.code(202).send(await regenerateDraft(engine, request.params.id, { resume: true })),
  );

  app.post(
    '/api/blog/:id/feedback',
    {
      schema: {
        tags: TAGS,
        summary: 'Stores a feedback record: eight quality scores (1 to 10) and free text; it joins the system prompt of later runs',
        params: DraftParams,
        body: FeedbackBody,
        response: withErrors({ 201: Feedback }, [...PROTECTED_ERRORS, 404]),
      },
    },
    async (request, reply) => reply.code(201).send(await addFeedback(ctx.db, ctx.now(), request.params.id, request.body)),
  );

  app.get(
    '/api/blog/:id/steps',
    {
      schema: {
        tags: TAGS,
        summary: "The whole output of each step of the draft's latest run, with durations",
        params: DraftParams,
        response: withErrors({ 200: DraftSteps }, [...PROTECTED_ERRORS, 404]),
      },
    },
    async (request) => getDraftSteps(engine, request.params.id),
  );

  app.get(
    '/api/blog/:id/text',
    {
      schema: {
        tags: TAGS,
        summary: 'The draft as a plain-text file (title, body, hashtags)',
        params: DraftParams,
        produces: ['text/plain'],
        response: withErrors({ 200: fileText('text/plain', 'The draft as plain text') }, [...PROTECTED_ERRORS, 404]),
      },
    },
    async (request, reply) =>
      reply
        .header('content-type', 'text/plain; charset=utf-8')
        .header('content-disposition', 'attachment; filename="blog-draft.txt"')
        .send(draftAsText(await getDraft(engine, request.params.id))),
  );

  app.get(
    '/api/blog/:id/html',
    {
      schema: {
        tags: TAGS,
        summary: 'The draft as a standalone HTML page',
        params: DraftParams,
        produces: ['text/html'],
        response: withErrors({ 200: fileText('text/html', 'The draft as HTML') }, [...PROTECTED_ERRORS, 404]),
      },
    },
    async (request, reply) =>
      reply
        .header('content-type', 'text/html; charset=utf-8')
        .header('content-disposition', 'attachment; filename="blog-draft.html"')
        .send(draftAsHtml(await getDraft(engine, request.params.id))),
  );
};
