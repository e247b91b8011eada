import type { AppDatabase } from '../../db/database.js';
import { NotFoundError } from '../../errors.js';
import type { Feedback, FeedbackBody, TrainingDataQuery } from '../../../shared/api/blog/blog-feedback.schemas.js';
import { FEEDBACK_CRITERIA, type FeedbackCriterion } from '../../../shared/vocabulary/blog.vocabulary.js';
import { feedbackOf, feedbackRowOf, overallOf, scoresOf } from './blog.mappers.js';
import { feedbackRows, findDraft, insertFeedback } from './blog.repository.js';
import { type FeedbackDigest, HARD_RULES, PIPELINE_ROLE } from './hard-rules.js';

/** People's feedback the system prompt summarises: the latest records, and their newest comments. */
const DIGEST_RECORDS = 50;
const DIGEST_COMMENTS = 5;

export async function addFeedback(db: AppDatabase, nowMs: number, draftId: string, body: FeedbackBody): Promise<Feedback> {
  const draft = await findDraft(db, draftId);
  if (!draft) throw new NotFoundError(`No blog draft with id ${draftId}`);
  const row = await insertFeedback(db, feedbackRowOf(draft, 'person', body.scores, (body.comment ?? '').trim(), new Date(nowMs).toISOString()));
  return feedbackOf(row);
}

export async function feedbackDigest(db: AppDatabase): Promise<FeedbackDigest> {
  const rows = await feedbackRows(db, { source: 'person', newestFirst: true, limit: DIGEST_RECORDS });
  if (rows.length === 0) return { records: 0, averages: null, comments: [] };
  const averages = Object.fromEntries(FEEDBACK_CRITERIA.map((c) => [c, rows.reduce((sum, r) => sum + r[c], 0) / rows.length])) as Record<
    FeedbackCriterion,
    number
  >;
  const comments = rows
    .map((r) => r.comment.replace(/\s+/g, ' ').trim())
    .filter((c) => c.length > 0)
    .slice(0, DIGEST_COMMENTS);
  return { records: rows.length, averages, comments };
}

/**
 * The feedback as training data, one JSON object per line (JSONL): the chat that would produce the draft (system
 * role and rules, the request) with the draft as the assistant's answer, and the scores a person or the pipeline
 * gave it. Oldest first.
 */
export async function trainingDataJsonl(db: AppDatabase, query: TrainingDataQuery): Promise<string> {
  const system = `${PIPELINE_ROLE}\n${HARD_RULES.map((r, i) => `${i + 1}. ${r.text}`).join('\n')}`;
  const rows = await feedbackRows(db, query.source === undefined ? {} : { source: query.source });
  return rows
    .filter((row) => query.min_overall === undefined || overallOf(scoresOf(row)) >= query.min_overall)
    .map((row) => {
      const feedback = feedbackOf(row);
      return `${JSON.stringify({
        messages: [
          { role: 'system', content: system },
          { role: 'user', content: `Write the article "${row.draft_title}" (topic type ${row.draft_topic_type}).` },
          { role: 'assistant', content: row.draft_body },
        ],
        feedback_id: feedback.id,
        draft_id: feedback.draft_id,
        source: feedback.source,
        generated_by: row.generated_by,
        scores: feedback.scores,
        overall: feedback.overall,
        comment: feedback.comment,
        created_at: feedback.created_at,
      })}\n`;
    })
    .join('');
}
