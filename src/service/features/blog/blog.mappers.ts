import type { Draft, DraftSummary, PipelineInfo, PipelineWait, QualityIssue, StepRun } from '../../../shared/api/blog/blog-drafts.schemas.js';
import type { Feedback, FeedbackScores } from '../../../shared/api/blog/blog-feedback.schemas.js';
import { FEEDBACK_CRITERIA, type FeedbackSource, PIPELINE_STEPS, type PipelineStep, TEMPLATE_GENERATOR } from '../../../shared/vocabulary/blog.vocabulary.js';
import type { DraftRow, FeedbackRow, NewFeedbackRow, StepRunRow } from './blog.repository.js';

/** Rows of the blog tables to the API's shapes and back; JSON columns are parsed here only. */

export function pipelineInfo(row: DraftRow, stepsDone: number, queuePosition: number | null): PipelineInfo {
  return {
    state: row.pipeline_state,
    run: row.pipeline_run,
    step: row.pipeline_step,
    step_name: row.pipeline_step === null ? null : (PIPELINE_STEPS[row.pipeline_step - 1] ?? null),
    steps_done: stepsDone,
    message: row.pipeline_message,
    updated_at: row.pipeline_updated_at,
    queue_position: queuePosition !== null && queuePosition > 0 ? queuePosition : null,
    waiting: row.pipeline_state === 'running' && row.pipeline_waiting !== null ? (JSON.parse(row.pipeline_waiting) as PipelineWait) : null,
  };
}

export function draftSummaryOf(row: DraftRow, stepsDone: number, queuePosition: number | null): DraftSummary {
  return {
    id: row.id,
    title: row.title,
    topic_type: row.topic_type,
    hot_topic: row.hot_topic,
    status: row.status,
    generated_by: row.generated_by,
    is_template: row.generated_by === TEMPLATE_GENERATOR,
    keywords: JSON.parse(row.keywords) as string[],
    word_count: row.word_count,
    qa_score: row.qa_score,
    quality_issues: JSON.parse(row.quality_issues) as QualityIssue[],
    pipeline: pipelineInfo(row, stepsDone, queuePosition),
    created_at: row.created_at,
    updated_at: row.updated_at,
  };
}

export function stepRunOf(row: StepRunRow): StepRun {
  return {
    step: row.step,
    name: row.name as PipelineStep,
    status: row.status,
    started_at: row.started_at,
    duration_ms: row.duration_ms,
    output_chars: row.output?.length ?? 0,
    error: row.error,
    details: row.details === null ? null : (JSON.parse(row.details) as Record<string, unknown>),
  };
}

export function draftOf(row: DraftRow, steps: StepRunRow[], queuePosition: number | null): Draft {
  const done = steps.filter((s) => s.status === 'succeeded').length;
  return { ...draftSummaryOf(row, done, queuePosition), body: row.body, steps: steps.map(stepRunOf) };
}

export function scoresOf(row: FeedbackRow): FeedbackScores {
  return Object.fromEntries(FEEDBACK_CRITERIA.map((c) => [c, row[c]])) as FeedbackScores;
}

export function overallOf(scores: FeedbackScores): number {
  return Math.round((FEEDBACK_CRITERIA.reduce((sum, c) => sum + scores[c], 0) / FEEDBACK_CRITERIA.length) * 10) / 10;
}

export function feedbackOf(row: FeedbackRow): Feedback {
  const scores = scoresOf(row);
  return { id: row.id, draft_id: row.draft_id, source: row.source, scores, overall: overallOf(scores), comment: row.comment, created_at: row.created_at };
}

/** A feedback row with a snapshot of the draft it judges (kept when the draft is deleted). */
export function feedbackRowOf(
  draft: Pick<DraftRow, 'id' | 'title' | 'topic_type' | 'body' | 'generated_by'>,
  source: FeedbackSource,
  scores: FeedbackScores,
  comment: string,
  createdAt: string,
): NewFeedbackRow {
  return {
    draft_id: draft.id,
    source,
    ...scores,
    comment,
    draft_title: draft.title,
    draft_topic_type: draft.topic_type,
    draft_body: draft.body,
    generated_by: draft.generated_by,
    created_at: createdAt,
  };
}
