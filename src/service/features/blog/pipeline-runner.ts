import type { Logger } from 'pino';
import type { AppDatabase } from '../../db/database.js';
import { PIPELINE_GENERATOR_PREFIX, PIPELINE_STEPS, type PipelineStep } from '../../../shared/vocabulary/blog.vocabulary.js';
import { FEEDBACK_CRITERIA } from '../../../shared/vocabulary/blog.vocabulary.js';
import type { PipelineWait, QualityIssue } from '../../../shared/api/blog/blog-drafts.schemas.js';
import { type LanguageModel, LanguageModelUnavailableError, type ModelWait } from './llm/index.js';
import { feedbackDigest } from './blog-feedback.service.js';
import { feedbackRowOf } from './blog.mappers.js';
import { findDraft, finishStepRun, insertFeedback, startStepRun, stepRuns, updateDraft } from './blog.repository.js';
import { systemPrompt } from './hard-rules.js';
import { MAX_REPAIR_ROUNDS, qaCheck, type QaOutcome, scoreOutcome, type ScoreOutcome } from './pipeline-finish.js';
import { type Clock, PipelineAbortedError, type QueueJob, type RunControl } from './pipeline-queue.js';
import { keywordsFrom, LAST_WRITING_STEP, scorePrompt, WRITING_STEPS } from './pipeline-steps.js';
import { wordCount } from './text-structure.js';

export interface PipelineDeps {
  db: AppDatabase;
  logger: Logger;
  clock: Clock;
  model: LanguageModel;
}

const iso = (ms: number) => new Date(ms).toISOString();

/**
 * Runs the 10 steps on one draft for the queue. The run number was chosen when the job was queued (a resumed run
 * keeps it): the steps of that run that already succeeded are reused, so a failed run continues where it failed.
 * Each step's output and duration are stored as it ends. The run records its own outcome on the draft and never
 * throws for a step's failure.
 */
export async function runPipeline(deps: PipelineDeps, job: QueueJob, control: RunControl): Promise<void> {
  const { db, clock, model } = deps;
  const draft = await findDraft(db, job.draftId);
  if (!draft) return;
  const run = draft.pipeline_run;
  const outputs: Partial<Record<PipelineStep, string>> = {};
  for (const s of await stepRuns(db, draft.id, run)) if (s.status === 'succeeded' && s.output !== null) outputs[s.name as PipelineStep] = s.output;
  await updateDraft(db, draft.id, { pipeline_state: 'running', pipeline_message: null, pipeline_updated_at: iso(clock.now()) });
  const system = systemPrompt(await feedbackDigest(db));
  const waits = waitRecorder(deps, draft.id);
  const ask = async (prompt: string) => {
    try {
      return await model.chat({
        messages: [
          { role: 'system', content: system },
          { role: 'user', content: prompt },
        ],
        signal: control.signal,
        onText: () => {
          control.progress();
          waits.clear();
        },
        onWait: (wait) => {
          control.progress();
          waits.record(wait);
        },
      });
    } finally {
      await waits.settled();
    }
  };
  let current = 0;
  try {
    for (const [index, name] of PIPELINE_STEPS.entries()) {
      if (outputs[name] !== undefined) continue;
      control.signal.throwIfAborted();
      current = index + 1;
      control.progress();
      const startedAt = clock.now();
      await updateDraft(db, draft.id, { pipeline_step: current, pipeline_updated_at: iso(startedAt) });
      await startStepRun(db, { draft_id: draft.id, run, step: current, name, started_at: iso(startedAt) });
      const key = { draft_id: draft.id, run, step: current };
      try {
        const output = await executeStep(name, { title: draft.title, topic_type: draft.topic_type, facts: draft.facts, outputs }, ask);
        await finishStepRun(db, key, { status: 'succeeded', output, error: null, details: null, duration_ms: clock.now() - startedAt });
        outputs[name] = output;
      } catch (error) {
        const details = detailsOf(error);
        await finishStepRun(db, key, { status: 'failed', output: null, error: messageOf(error), details, duration_ms: clock.now() - startedAt });
        throw error;
      }
      control.progress();
    }
    await finishRun(deps, draft.id, outputs);
  } catch (error) {
    await recordFailure(deps, draft.id, current, error, control.signal);
  }
}

async function executeStep(
  name: PipelineStep,
  input: { title: string; topic_type: string; facts: string; outputs: Partial<Record<PipelineStep, string>> },
  ask: (prompt: string) => Promise<string>,
): Promise<string> {
  const writing = WRITING_STEPS[name];
  if (writing) {
    const answer = (await ask(writing(input))).trim();
    if (answer.length === 0) throw new Error('the model answered with nothing');
    return answer;
  }
  if (name === 'qa_check') return JSON.stringify(await qaCheck(input.outputs[LAST_WRITING_STEP] ?? '', ask));
  const qa = JSON.parse(input.outputs.qa_check ?? '{}') as QaOutcome;
  const answer = await ask(scorePrompt(input.title, qa.text, FEEDBACK_CRITERIA));
  return JSON.stringify({ answer, ...scoreOutcome(answer, qa.issues) });
}

async function finishRun(deps: PipelineDeps, draftId: string, outputs: Partial<Record<PipelineStep, string>>): Promise<void> {
  const qa = JSON.parse(outputs.qa_check ?? '{}') as QaOutcome;
  const score = JSON.parse(outputs.quality_score ?? '{}') as ScoreOutcome;
  const now = iso(deps.clock.now());
  await deps.db.transaction(async (tx) => {
    const draft = await findDraft(tx, draftId);
    if (!draft) return;
    const keywords = [...new Set([...keywordsFrom(outputs.topic_expansion ?? ''), ...(JSON.parse(draft.keywords) as string[])])].slice(0, 12);
    const generatedBy = `${PIPELINE_GENERATOR_PREFIX}${deps.model.id}`;
    const broken = qa.issues.length > 0;
    await updateDraft(tx, draftId, {
      body: qa.text,
      generated_by: generatedBy,
      keywords: JSON.stringify(keywords),
      word_count: wordCount(qa.text),
      qa_score: score.qa_score,
      quality_issues: JSON.stringify(qa.issues),
      // A text that still breaks a hard rule is not passed on for review as if it had passed: it stays a draft.
      status: broken ? 'draft' : 'review',
      pipeline_state: 'succeeded',
      pipeline_step: null,
      pipeline_waiting: null,
      pipeline_message: broken ? brokenRulesMessage(qa.issues) : null,
      pipeline_updated_at: now,
      updated_at: now,
    });
    await insertFeedback(tx, feedbackRowOf({ ...draft, body: qa.text, generated_by: generatedBy }, 'pipeline', score.scores, score.comment, now));
  });
}

/** Why a finished article stays a draft: the rules it still breaks after the repair rounds, each with what is wrong. */
function brokenRulesMessage(issues: readonly QualityIssue[]): string {
  const rules = [...new Set(issues.map((i) => i.rule))];
  return (
    `The article still breaks ${rules.length} hard rule(s) after ${MAX_REPAIR_ROUNDS} repair rounds, so it stays a draft instead of going to review: ` +
    `${issues.map((i) => `${i.rule} (${i.message})`).join('; ')}. Edit it, or regenerate.`
  );
}

/** What a provider reported with its error (a bridge command's exit code, stdout and stderr), kept with the failed step. */
function detailsOf(error: unknown): string | null {
  if (!(error instanceof LanguageModelUnavailableError) || Object.keys(error.details).length === 0) return null;
  return JSON.stringify(error.details);
}

/**
 * Shows on the running draft that its call waits (the hosted model's rate limit) until the model sends text again
 * or the call ends. Writes go out in order; settled() waits for them.
 */
function waitRecorder(deps: PipelineDeps, draftId: string) {
  let writes: Promise<void> = Promise.resolve();
  let waiting = false;
  const write = (pipeline_waiting: string | null) => {
    writes = writes
      .then(async () => {
        await updateDraft(deps.db, draftId, { pipeline_waiting });
      })
      .catch((error: unknown) => deps.logger.warn({ err: error, draftId }, 'blog pipeline wait not recorded'));
  };
  const clear = () => {
    if (!waiting) return;
    waiting = false;
    write(null);
  };
  return {
    record(wait: ModelWait) {
      waiting = true;
      const until = iso(deps.clock.now() + wait.waitMs);
      const message =
        `The hosted language model is over its rate limit (HTTP 429): retry ${wait.retry} of ${wait.retries} ` +
        `in ${Math.round(wait.waitMs / 1000)} s, at ${until.slice(11, 19)} UTC.`;
      const shown: PipelineWait = { reason: wait.reason, retry: wait.retry, retries: wait.retries, until, message };
      write(JSON.stringify(shown));
    },
    clear,
    async settled() {
      clear();
      await writes;
    },
  };
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

async function recordFailure(deps: PipelineDeps, draftId: string, step: number, error: unknown, signal: AbortSignal): Promise<void> {
  const reason: unknown = signal.aborted ? signal.reason : error;
  const draft = await findDraft(deps.db, draftId);
  if (!draft) return;
  const standing = draft.generated_by.startsWith(PIPELINE_GENERATOR_PREFIX) ? 'The previous text stands.' : 'The template draft stands.';
  const change = { pipeline_updated_at: iso(deps.clock.now()), pipeline_step: step === 0 ? null : step, pipeline_waiting: null };
  if (reason instanceof PipelineAbortedError) {
    if (reason.kind === 'deleted') return;
    const state = reason.kind === 'reset' ? 'cancelled' : 'failed';
    await updateDraft(deps.db, draftId, { ...change, pipeline_state: state, pipeline_message: `${reason.message} ${standing}` });
  } else if (reason instanceof LanguageModelUnavailableError) {
    deps.logger.warn({ draftId, step, details: reason.details }, `blog pipeline stopped: ${reason.message}`);
    const stored = step > 0 && detailsOf(reason) !== null ? ` (The details are stored with step ${step}: GET /api/blog/${draftId}/steps.)` : '';
    await updateDraft(deps.db, draftId, {
      ...change,
      pipeline_state: 'offline',
      pipeline_message: `${step <= 1 ? 'The pipeline did not run' : `The pipeline stopped at step ${step} (${PIPELINE_STEPS[step - 1]})`}: ${reason.message}${stored} ${standing} ${step <= 1 ? 'Regenerate' : 'Resume'} once the language model is reachable.`,
    });
  } else {
    deps.logger.warn({ err: reason, draftId, step }, 'blog pipeline step failed');
    await updateDraft(deps.db, draftId, {
      ...change,
      pipeline_state: 'failed',
      pipeline_message: `Step ${step} (${PIPELINE_STEPS[step - 1] ?? 'start'}) failed: ${messageOf(reason)}. ${standing} Resume to continue from it.`,
    });
  }
}
