import { randomUUID } from 'node:crypto';
import { ConflictError, NotFoundError, UnprocessableError } from '../../errors.js';
import type { Draft, DraftListQuery, DraftPage, DraftSteps, GenerateBody, UpdateDraftBody } from '../../../shared/api/blog/blog-drafts.schemas.js';
import type { QueueReset, QueueState } from '../../../shared/api/blog/blog-queue.schemas.js';
import { BLOG_STATUS_MOVES, TEMPLATE_GENERATOR } from '../../../shared/vocabulary/blog.vocabulary.js';
import { gatherBlogFacts } from './blog-facts.service.js';
import type { BlogEngine } from './blog-engine.js';
import { draftOf, draftSummaryOf, stepRunOf } from './blog.mappers.js';
import {
  currentStepRuns,
  deleteDraft,
  type DraftChange,
  type DraftRow,
  findDraft,
  insertDraft,
  listDrafts,
  queueDraft,
  stepRuns,
  updateDraft,
} from './blog.repository.js';
import { readTeamQueue, resetTeamQueue, type TeamQueueRows } from './blog-lane.repository.js';
import { ABORT_MESSAGES } from './pipeline-queue.js';
import { templateDraft } from './blog-template.js';
import { runQaChecks } from './qa-checks.js';
import { wordCount } from './text-structure.js';

/** "a draft", "an approved": the article the status's first sound takes. */
const withArticle = (word: string) => `${/^[aeiou]/i.test(word) ? 'an' : 'a'} ${word}`;

const iso = (engine: BlogEngine) => new Date(engine.clock.now()).toISOString();

/** Queued or running, whichever process runs it: the pipeline is at work on the draft. */
const inFlight = (row: DraftRow) => row.pipeline_state === 'queued' || row.pipeline_state === 'running';

/** A draft's place in the team's queue: 0 while it runs, 1 next, null when it is not there. */
function positionIn(queue: TeamQueueRows, id: string): number | null {
  if (queue.running?.draft_id === id) return 0;
  const index = queue.queued.indexOf(id);
  return index === -1 ? null : index + 1;
}

async function requireDraft(engine: BlogEngine, id: string): Promise<DraftRow> {
  const row = await findDraft(engine.db, id);
  if (!row) throw new NotFoundError(`No blog draft with id ${id}`);
  return row;
}

async function present(engine: BlogEngine, row: DraftRow): Promise<Draft> {
  return draftOf(row, await stepRuns(engine.db, row.id, row.pipeline_run), positionIn(await readTeamQueue(engine.db), row.id));
}

/** POST /api/blog/generate: the template draft at once; the pipeline is queued to rewrite it. */
export async function generateDraft(engine: BlogEngine, body: GenerateBody): Promise<Draft> {
  const nowMs = engine.clock.now();
  const facts = await gatherBlogFacts({ db: engine.db, resourcesDir: engine.resourcesDir }, nowMs, body);
  const template = templateDraft(body.topic_type, facts, body.title?.trim(), nowMs);
  const now = iso(engine);
  const id = randomUUID();
  await insertDraft(engine.db, {
    id,
    title: template.title,
    topic_type: body.topic_type,
    hot_topic: body.hot_topic ?? null,
    status: 'draft',
    body: template.body,
    keywords: JSON.stringify(template.keywords),
    generated_by: TEMPLATE_GENERATOR,
    word_count: wordCount(template.body),
    quality_issues: JSON.stringify(runQaChecks(template.body)),
    facts: JSON.stringify(facts),
    pipeline_state: 'queued',
    pipeline_run: 1,
    pipeline_updated_at: now,
    pipeline_queued_at: now,
    created_at: now,
    updated_at: now,
  });
  engine.poke();
  return present(engine, await requireDraft(engine, id));
}

export async function listDraftPage(engine: BlogEngine, query: DraftListQuery): Promise<DraftPage> {
  const limit = query.limit ?? 20;
  const offset = query.offset ?? 0;
  const { total, rows } = await listDrafts(engine.db, { ...(query.status ? { status: query.status } : {}), limit, offset });
  const steps = await currentStepRuns(engine.db, rows);
  const queue = await readTeamQueue(engine.db);
  const items = rows.map((row) => draftSummaryOf(row, (steps.get(row.id) ?? []).filter((s) => s.status === 'succeeded').length, positionIn(queue, row.id)));
  return { total, limit, offset, items };
}

export async function getDraft(engine: BlogEngine, id: string): Promise<Draft> {
  return present(engine, await requireDraft(engine, id));
}

export async function getDraftSteps(engine: BlogEngine, id: string): Promise<DraftSteps> {
  const row = await requireDraft(engine, id);
  const steps = await stepRuns(engine.db, id, row.pipeline_run);
  return { draft_id: id, run: row.pipeline_run, items: steps.map((s) => ({ ...stepRunOf(s), output: s.output })) };
}

/** PATCH /api/blog/:id: a person's edit or status move; the pipeline's draft is not edited under it. */
export async function updateDraftFields(engine: BlogEngine, id: string, body: UpdateDraftBody): Promise<Draft> {
  const row = await requireDraft(engine, id);
  if (inFlight(row)) throw new ConflictError('The pipeline is at work on this draft; wait for it, or reset the queue, before editing');
  const change: DraftChange = { updated_at: iso(engine) };
  if (body.status !== undefined && body.status !== row.status) {
    const allowed = BLOG_STATUS_MOVES[row.status];
    if (!allowed.includes(body.status)) {
      throw new UnprocessableError(`body/status: ${withArticle(row.status)} draft cannot move to ${body.status} (allowed: ${allowed.join(', ')})`);
    }
    change.status = body.status;
  }
  if (body.title !== undefined) change.title = body.title.trim();
  if (body.keywords !== undefined) change.keywords = JSON.stringify([...new Set(body.keywords.map((k) => k.trim()))]);
  if (body.body !== undefined) {
    change.body = body.body;
    change.word_count = wordCount(body.body);
    change.quality_issues = JSON.stringify(runQaChecks(body.body));
  }
  await updateDraft(engine.db, id, change);
  return present(engine, await requireDraft(engine, id));
}

/** POST /api/blog/:id/regenerate (a new full run) and POST /api/blog/:id/resume (the latest run continued from the step that stopped). */
export async function regenerateDraft(engine: BlogEngine, id: string, options: { resume?: boolean }): Promise<Draft> {
  const row = await requireDraft(engine, id);
  const busy = () => new ConflictError('The pipeline is already queued or running for this draft');
  if (inFlight(row)) throw busy();
  const resumable = row.pipeline_run > 0 && ['failed', 'offline', 'cancelled'].includes(row.pipeline_state);
  if (options.resume === true && !resumable) {
    throw new ConflictError(`The latest run of this draft is ${row.pipeline_state}; there is nothing to resume (regenerate starts a new run)`);
  }
  const now = iso(engine);
  const queued = await queueDraft(engine.db, id, row, {
    status: 'draft',
    pipeline_run: options.resume === true ? row.pipeline_run : row.pipeline_run + 1,
    pipeline_step: null,
    pipeline_message: null,
    pipeline_updated_at: now,
    pipeline_queued_at: now,
    updated_at: now,
  });
  // Another request queued it (or a run ended) between the read and this write.
  if (!queued) throw busy();
  engine.poke();
  return present(engine, await requireDraft(engine, id));
}

export async function removeDraft(engine: BlogEngine, id: string): Promise<void> {
  await requireDraft(engine, id);
  await deleteDraft(engine.db, id);
  // A run of it, wherever it runs, sees the draft gone at its next beat (here: at once) and stops.
  engine.poke();
}

/** GET /api/blog/llm/queue: the team's queue, the same through every process on the database. */
export async function queueState(engine: BlogEngine): Promise<QueueState> {
  const queue = await readTeamQueue(engine.db);
  return {
    length: queue.queued.length,
    running: queue.running,
    queued: queue.queued,
    gap_ms: engine.gapMs,
    stall_ms: engine.stallMs,
    resets: queue.resets,
  };
}

/** POST /api/blog/llm/reset-queue: every queued draft ends cancelled, and the running pipeline stops wherever it runs. */
export async function resetQueue(engine: BlogEngine): Promise<QueueReset> {
  const cancelled = await resetTeamQueue(engine.db, { nowIso: iso(engine), message: `${ABORT_MESSAGES.reset} It had not started.` });
  engine.poke();
  return { cancelled, queue: await queueState(engine) };
}
