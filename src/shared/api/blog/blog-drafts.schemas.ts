import { type Static, Type } from '@sinclair/typebox';
import { PageOf } from '../common.schemas.js';
import { NOT_BLANK_PATTERN, Nullable, PagingFields, StringEnum } from '../schema-helpers.js';
import {
  BLOG_STATUSES,
  BLOG_TOPIC_TYPES,
  PIPELINE_STATES,
  PIPELINE_STEPS,
  STEP_RUN_STATUSES,
  TEMPLATE_GENERATOR,
  PIPELINE_GENERATOR_PREFIX,
  PIPELINE_WAIT_REASONS,
} from '../../vocabulary/blog.vocabulary.js';
import { EXAMPLE_HOT_TOPIC_ID } from '../../vocabulary/sales-alerts.vocabulary.js';

export const MAX_TITLE_LENGTH = 200;
export const MAX_BODY_CHARS = 200_000;

const STATUS_DOC =
  'Editorial status: draft (template body, or the pipeline at work), review (the pipeline finished; a person reads it), approved, rejected. ' +
  'Moves: generate -> draft; pipeline succeeds -> review; regenerate -> draft; by PATCH: draft -> review, review -> approved | rejected | draft, ' +
  'approved -> review, rejected -> review. The service never publishes anything itself.';

export const GenerateBody = Type.Object(
  {
    topic_type: StringEnum(BLOG_TOPIC_TYPES, { description: 'hype_cycle, comparison, new_product or tutorial' }),
    title: Type.Optional(
      Type.String({
        minLength: 1,
        maxLength: MAX_TITLE_LENGTH,
        pattern: NOT_BLANK_PATTERN,
        description: 'The title to write to; without it a template title is used',
      }),
    ),
    hot_topic: Type.Optional(
      Type.String({
        minLength: 1,
        maxLength: 300,
        description: `A topic id from GET /api/hot-topics (e.g. "${EXAMPLE_HOT_TOPIC_ID}"); its title, summary, keywords and evidence feed the draft`,
      }),
    ),
  },
  { additionalProperties: false },
);
export type GenerateBody = Static<typeof GenerateBody>;

export const DraftParams = Type.Object({ id: Type.String({ minLength: 1, maxLength: 100, description: 'Draft id (UUID)' }) }, { additionalProperties: false });
export type DraftParams = Static<typeof DraftParams>;

export const QualityIssue = Type.Object({
  rule: Type.String({ description: 'The hard rule it breaks, e.g. min_words, sr4_dr4_fibers (docs/blog-engine.md lists them)' }),
  message: Type.String({ description: 'What is wrong, in words' }),
});
export type QualityIssue = Static<typeof QualityIssue>;

export const PipelineWait = Type.Object(
  {
    reason: StringEnum(PIPELINE_WAIT_REASONS, { description: 'rate_limit: the hosted model answered HTTP 429 and the call waits before it tries again' }),
    retry: Type.Integer({ minimum: 1, description: 'The retry it waits for (1: the first)' }),
    retries: Type.Integer({ minimum: 1, description: 'How many retries there are before the call gives up' }),
    until: Type.String({ description: 'When the retry is sent' }),
    message: Type.String({ description: 'The wait in plain words' }),
  },
  { description: 'While the running pipeline waits instead of talking to the model: why and until when; null otherwise' },
);
export type PipelineWait = Static<typeof PipelineWait>;

export const PipelineInfo = Type.Object(
  {
    state: StringEnum(PIPELINE_STATES, {
      description:
        'idle (never queued), queued, running, succeeded, failed (a step failed or the run stalled; POST /api/blog/{id}/resume continues from that step), ' +
        'offline (no language model reachable: the template body stands), cancelled (reset-queue)',
    }),
    run: Type.Integer({ description: 'Number of the latest run (0: never ran)' }),
    step: Nullable(Type.Integer({ minimum: 1, maximum: 10, description: 'The step running, or the step that failed' })),
    step_name: Nullable(StringEnum(PIPELINE_STEPS)),
    steps_done: Type.Integer({ description: 'Steps of the latest run that succeeded (0 to 10)' }),
    message: Nullable(Type.String({ description: 'Why the pipeline did not run or failed, in plain words' })),
    updated_at: Nullable(Type.String()),
    queue_position: Nullable(Type.Integer({ description: 'Position in the queue when queued (1: next)' })),
    waiting: Nullable(PipelineWait),
  },
  { description: 'The 10-step pipeline on this draft' },
);
export type PipelineInfo = Static<typeof PipelineInfo>;

const draftFields = {
  id: Type.String(),
  title: Type.String(),
  topic_type: StringEnum(BLOG_TOPIC_TYPES),
  hot_topic: Nullable(Type.String({ description: 'The hot topic it was written from' })),
  status: StringEnum(BLOG_STATUSES, { description: STATUS_DOC }),
  generated_by: Type.String({
    description: `"${TEMPLATE_GENERATOR}" while the body is the template; "${PIPELINE_GENERATOR_PREFIX}<provider>:<model>" once the pipeline wrote it`,
  }),
  is_template: Type.Boolean({ description: 'The body is still the template (the pipeline has not finished on it)' }),
  keywords: Type.Array(Type.String(), { description: 'Shown as hashtags' }),
  word_count: Type.Integer(),
  qa_score: Nullable(
    Type.Number({
      minimum: 1,
      maximum: 10,
      description:
        "The quality-score step (1 to 10, one decimal): the mean of its eight scores, each lowered by one per hard rule the text still breaks; the same as the overall score of the pipeline's feedback row. Null until the pipeline finished",
    }),
  ),
  quality_issues: Type.Array(QualityIssue, {
    description: 'Hard rules the body still breaks (the QA checks); empty when it passes. A pipeline draft that breaks one stays in draft, never review',
  }),
  pipeline: PipelineInfo,
  created_at: Type.String(),
  updated_at: Type.String(),
};

export const DraftSummary = Type.Object(draftFields);
export type DraftSummary = Static<typeof DraftSummary>;

export const StepRun = Type.Object({
  step: Type.Integer({ minimum: 1, maximum: 10 }),
  name: StringEnum(PIPELINE_STEPS),
  status: StringEnum(STEP_RUN_STATUSES),
  started_at: Type.String(),
  duration_ms: Nullable(Type.Integer({ description: 'How long the step took; null while running' })),
  output_chars: Type.Integer(),
  error: Nullable(Type.String()),
  details: Nullable(
    Type.Record(Type.String(), Type.Unknown(), {
      description:
        "What the provider reported with a failed step's error: for the bridge command {command, exitCode, signal, stdout, stderr}; for a model server its status or cause. Null otherwise",
    }),
  ),
});
export type StepRun = Static<typeof StepRun>;

export const Draft = Type.Object({
  ...draftFields,
  body: Type.String({ description: 'Plain text: paragraphs separated by blank lines, section headings on lines of their own' }),
  steps: Type.Array(StepRun, { description: 'The steps of the latest run, in order' }),
});
export type Draft = Static<typeof Draft>;

export const StepOutput = Type.Object({ ...StepRun.properties, output: Nullable(Type.String()) });
export const DraftSteps = Type.Object({ draft_id: Type.String(), run: Type.Integer(), items: Type.Array(StepOutput) });
export type DraftSteps = Static<typeof DraftSteps>;

export const DraftListQuery = Type.Object(
  {
    ...PagingFields(20, 100),
    status: Type.Optional(StringEnum(BLOG_STATUSES, { description: 'Only drafts in this status' })),
  },
  { additionalProperties: false },
);
export type DraftListQuery = Static<typeof DraftListQuery>;

export const DraftPage = PageOf(DraftSummary);
export type DraftPage = Static<typeof DraftPage>;

export const UpdateDraftBody = Type.Object(
  {
    title: Type.Optional(Type.String({ minLength: 1, maxLength: MAX_TITLE_LENGTH, pattern: NOT_BLANK_PATTERN })),
    body: Type.Optional(
      Type.String({ minLength: 1, maxLength: MAX_BODY_CHARS, pattern: NOT_BLANK_PATTERN, description: "A person's edit; the QA checks run again on it" }),
    ),
    keywords: Type.Optional(Type.Array(Type.String({ minLength: 1, maxLength: 60 }), { maxItems: 30 })),
    status: Type.Optional(StringEnum(BLOG_STATUSES, { description: STATUS_DOC })),
  },
  { additionalProperties: false, minProperties: 1 },
);
export type UpdateDraftBody = Static<typeof UpdateDraftBody>;
