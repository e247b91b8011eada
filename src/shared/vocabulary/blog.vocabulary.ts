/**
 * The closed lists of the blog engine, for the schemas and the dashboard alike (no TypeBox here, so the renderer
 * can import the values without pulling the schema library into its bundle).
 */
export { TOPIC_TYPES as BLOG_TOPIC_TYPES, type TopicType as BlogTopicType } from './sales-alerts.vocabulary.js';

/**
 * Editorial state of a draft (docs/blog-engine.md draws the moves): draft (template body, or the pipeline is at
 * work), review (the pipeline finished: a person reads it before anyone uses it), approved and rejected (a person
 * decided). Nothing is ever published by the service itself.
 */
export const BLOG_STATUSES = ['draft', 'review', 'approved', 'rejected'] as const;
export type BlogStatus = (typeof BLOG_STATUSES)[number];

/** The moves a person may make through PATCH /api/blog/:id (the pipeline makes draft -> review itself). */
export const BLOG_STATUS_MOVES: Readonly<Record<BlogStatus, readonly BlogStatus[]>> = {
  draft: ['review'],
  review: ['approved', 'rejected', 'draft'],
  approved: ['review'],
  rejected: ['review'],
};

/**
 * State of the draft's latest pipeline run: idle (never queued), queued, running, succeeded, failed (a step failed:
 * resumable from that step), offline (no language model reachable: the template stands), cancelled (reset-queue).
 */
export const PIPELINE_STATES = ['idle', 'queued', 'running', 'succeeded', 'failed', 'offline', 'cancelled'] as const;
export type PipelineState = (typeof PIPELINE_STATES)[number];

/** The 10 pipeline steps, in order. */
export const PIPELINE_STEPS = [
  'topic_expansion',
  'angle_selection',
  'outline',
  'master_draft',
  'reality_injection',
  'technical_deepening',
  'opinion_layer',
  'tone_cleanup',
  'qa_check',
  'quality_score',
] as const;
export type PipelineStep = (typeof PIPELINE_STEPS)[number];

/** Why a running pipeline waits instead of talking to the model: rate_limit (the hosted model answered HTTP 429). */
export const PIPELINE_WAIT_REASONS = ['rate_limit'] as const;
export type PipelineWaitReason = (typeof PIPELINE_WAIT_REASONS)[number];

export const STEP_RUN_STATUSES = ['running', 'succeeded', 'failed'] as const;
export type StepRunStatus = (typeof STEP_RUN_STATUSES)[number];

/** The eight quality scores of a feedback record, each 1 (poor) to 10 (excellent). */
export const FEEDBACK_CRITERIA = [
  'accuracy',
  'technical_depth',
  'practical_value',
  'originality',
  'structure',
  'readability',
  'human_tone',
  'sales_relevance',
] as const;
export type FeedbackCriterion = (typeof FEEDBACK_CRITERIA)[number];

/** Who wrote a feedback record: a person, or the pipeline's own quality-score step. */
export const FEEDBACK_SOURCES = ['person', 'pipeline'] as const;
export type FeedbackSource = (typeof FEEDBACK_SOURCES)[number];

/** The generated_by value of a draft whose body comes from a template (the pipeline's is `pipeline:v1:<model id>`). */
export const TEMPLATE_GENERATOR = 'template:v1';
export const PIPELINE_GENERATOR_PREFIX = 'pipeline:v1:';

/** A keyword as a hashtag: "400GBASE-DR4" -> "#400GBASEDR4", "co-packaged optics" -> "#copackagedoptics". */
export function hashtag(keyword: string): string {
  return `#${keyword.replace(/[^\p{L}\p{N}.]+/gu, '')}`;
}
