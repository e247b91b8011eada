import { type Static, Type } from '@sinclair/typebox';
import { Nullable, StringEnum } from '../schema-helpers.js';
import { FEEDBACK_CRITERIA, FEEDBACK_SOURCES, type FeedbackCriterion } from '../../vocabulary/blog.vocabulary.js';

const Score = Type.Integer({ minimum: 1, maximum: 10, description: '1 (poor) to 10 (excellent)' });

export const FeedbackScores = Type.Object(Object.fromEntries(FEEDBACK_CRITERIA.map((c) => [c, Score])) as Record<FeedbackCriterion, typeof Score>, {
  additionalProperties: false,
  description: `The eight quality scores: ${FEEDBACK_CRITERIA.join(', ')}`,
});
export type FeedbackScores = Static<typeof FeedbackScores>;

export const FeedbackBody = Type.Object(
  {
    scores: FeedbackScores,
    comment: Type.Optional(Type.String({ maxLength: 5000, description: 'Free text: what to do differently; it joins the system prompt of later runs' })),
  },
  { additionalProperties: false },
);
export type FeedbackBody = Static<typeof FeedbackBody>;

export const Feedback = Type.Object({
  id: Type.Integer(),
  draft_id: Nullable(Type.String({ description: 'null once the draft was deleted (the feedback is kept)' })),
  source: StringEnum(FEEDBACK_SOURCES, { description: 'person, or pipeline (its quality-score step)' }),
  scores: FeedbackScores,
  overall: Type.Number({ description: 'Mean of the eight scores, one decimal' }),
  comment: Type.String(),
  created_at: Type.String(),
});
export type Feedback = Static<typeof Feedback>;

export const TrainingDataQuery = Type.Object(
  {
    source: Type.Optional(StringEnum(FEEDBACK_SOURCES, { description: 'Only feedback from this source' })),
    min_overall: Type.Optional(Type.Number({ minimum: 1, maximum: 10, description: 'Only records whose mean score is at least this' })),
  },
  { additionalProperties: false },
);
export type TrainingDataQuery = Static<typeof TrainingDataQuery>;
