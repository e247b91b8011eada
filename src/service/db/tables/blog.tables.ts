import type { BlogStatus, BlogTopicType, FeedbackSource, PipelineState, StepRunStatus } from '../../../shared/vocabulary/blog.vocabulary.js';
import { integer, real, table, type TablesOf, text } from './table-spec.js';

/** Blog drafts (migrations/016_blog.sql; owned by features/blog, whose repository is the only writer). */
export const blogDraftsTable = table('blog_drafts', {
  id: text(),
  title: text(),
  topic_type: text<BlogTopicType>(),
  hot_topic: text().orNull(),
  status: text<BlogStatus>().defaulted(),
  body: text(),
  /** JSON array of keywords. */
  keywords: text().defaulted(),
  generated_by: text(),
  word_count: integer().defaulted(),
  /** JSON array of {rule, message}. */
  quality_issues: text().defaulted(),
  /** JSON object of the facts the template and prompts use. */
  facts: text().defaulted(),
  pipeline_state: text<PipelineState>().defaulted(),
  pipeline_run: integer().defaulted(),
  pipeline_step: integer().orNull(),
  pipeline_message: text().orNull(),
  pipeline_updated_at: text().orNull(),
  created_at: text(),
  updated_at: text(),
  /** The process running the pipeline, and its last sign of life (migration 024); a queued draft has none. */
  pipeline_holder: text().orNull(),
  pipeline_heartbeat_at: text().orNull(),
  /** When the draft joined the team's queue: the oldest queued draft runs next (migration 027). */
  pipeline_queued_at: text().orNull(),
  /** While a call of the running pipeline waits (the hosted model's rate limit): JSON {reason, retry, retries, until} (migration 033). */
  pipeline_waiting: text().orNull(),
  /** The pipeline's QA score, 1 to 10 with one decimal: its feedback row's overall score (migration 033). */
  qa_score: real().orNull(),
});

/** The language model's lane, one row: the process whose pipeline talks to the model, shared by every process (migration 024). */
export const blogModelLaneTable = table('blog_model_lane', {
  id: integer().defaulted(),
  holder: text().orNull(),
  draft_id: text().orNull(),
  heartbeat_at: text().orNull(),
  finished_at: text().orNull(),
  /** The running pipeline's start and last progress, and the team's count of resets (migration 027). */
  started_at: text().orNull(),
  progress_at: text().orNull(),
  resets: integer().defaulted(),
});

/** One pipeline step of one run of a draft, with its output and duration (features/blog). */
export const blogStepRunsTable = table('blog_step_runs', {
  id: integer().defaulted(),
  draft_id: text(),
  run: integer(),
  step: integer(),
  name: text(),
  status: text<StepRunStatus>(),
  output: text().orNull(),
  error: text().orNull(),
  started_at: text(),
  duration_ms: integer().orNull(),
  /** A failed step's error details as JSON (a bridge command's exit code, stdout and stderr; migration 033). */
  details: text().orNull(),
});

/** Feedback on drafts, from people and from the pipeline's quality-score step (features/blog). */
export const blogFeedbackTable = table('blog_feedback', {
  id: integer().defaulted(),
  draft_id: text().orNull(),
  source: text<FeedbackSource>(),
  accuracy: integer(),
  technical_depth: integer(),
  practical_value: integer(),
  originality: integer(),
  structure: integer(),
  readability: integer(),
  human_tone: integer(),
  sales_relevance: integer(),
  comment: text().defaulted(),
  draft_title: text(),
  draft_topic_type: text(),
  draft_body: text(),
  generated_by: text(),
  created_at: text(),
});

export const BLOG_TABLES = [blogDraftsTable, blogStepRunsTable, blogFeedbackTable, blogModelLaneTable] as const;

export type BlogTables = TablesOf<typeof BLOG_TABLES>;
