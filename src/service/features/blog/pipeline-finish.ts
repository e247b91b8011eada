import type { QualityIssue } from '../../../shared/api/blog/blog-drafts.schemas.js';
import type { FeedbackScores } from '../../../shared/api/blog/blog-feedback.schemas.js';
import { FEEDBACK_CRITERIA } from '../../../shared/vocabulary/blog.vocabulary.js';
import { checkMarkdownMarkers, runQaChecks, stripMarkdownMarkers } from './qa-checks.js';
import { overallOf } from './blog.mappers.js';
import { repairPrompt } from './pipeline-steps.js';

/** Steps 9 and 10: the QA check (repair, else flag and keep out of review, never pass silently) and the quality score. */
export interface QaOutcome {
  text: string;
  /** The hard rules the text still breaks: recorded on the draft as quality_issues. */
  issues: QualityIssue[];
  /** What was repaired, in words. */
  repairs: string[];
}

/** How many repair rounds the model gets for the rules the text breaks: each is a whole rewrite, so they are few. */
export const MAX_REPAIR_ROUNDS = 3;

/**
 * Markdown markers are stripped by program. For any other broken rule the model gets up to MAX_REPAIR_ROUNDS repair
 * rounds with the list (and how to expand or merge when the length or the sections are wrong); an answer is kept only
 * when it breaks fewer rules than the text it replaces. What remains is flagged, and keeps the draft out of review.
 */
export async function qaCheck(text: string, ask: (prompt: string) => Promise<string>): Promise<QaOutcome> {
  const repairs: string[] = [];
  let current = text;
  if (checkMarkdownMarkers(current).length > 0) {
    current = stripMarkdownMarkers(current);
    repairs.push('markdown markers removed');
  }
  let issues = runQaChecks(current);
  for (let round = 1; round <= MAX_REPAIR_ROUNDS && issues.length > 0; round++) {
    const answer = stripMarkdownMarkers(await ask(repairPrompt(current, issues)));
    const after = runQaChecks(answer);
    if (after.length < issues.length) {
      repairs.push(`repair round ${round}: ${issues.length - after.length} of ${issues.length} problem(s) fixed`);
      current = answer;
      issues = after;
    } else {
      repairs.push(`repair round ${round} did not help`);
    }
  }
  return { text: current, issues, repairs };
}

export interface ScoreOutcome {
  scores: FeedbackScores;
  comment: string;
  /** 1 to 10, one decimal: the overall score of `scores` (the mean), the same number the feedback row shows. */
  qa_score: number;
}

const clampScore = (n: number) => Math.min(10, Math.max(1, Math.round(n)));

/** The first JSON object in the model's answer with all eight scores, or null. */
export function parseScores(answer: string): { scores: FeedbackScores; comment: string } | null {
  const start = answer.indexOf('{');
  const end = answer.lastIndexOf('}');
  if (start === -1 || end <= start) return null;
  let parsed: unknown;
  try {
    parsed = JSON.parse(answer.slice(start, end + 1));
  } catch {
    return null;
  }
  if (typeof parsed !== 'object' || parsed === null) return null;
  const record = parsed as Record<string, unknown>;
  const scores = {} as FeedbackScores;
  for (const c of FEEDBACK_CRITERIA) {
    const value = Number(record[c]);
    if (!Number.isFinite(value)) return null;
    scores[c] = clampScore(value);
  }
  return { scores, comment: typeof record.comment === 'string' ? record.comment.slice(0, 2000) : '' };
}

export function scoreOutcome(answer: string, issues: readonly QualityIssue[]): ScoreOutcome {
  const parsed = parseScores(answer);
  const fallback = clampScore(10 - 2 * issues.length);
  const judged = parsed?.scores ?? (Object.fromEntries(FEEDBACK_CRITERIA.map((c) => [c, fallback])) as FeedbackScores);
  // Each score is lowered by one per hard rule the text still breaks, so the stored scores, their overall and the
  // draft's qa_score are one judgement.
  const scores = Object.fromEntries(FEEDBACK_CRITERIA.map((c) => [c, clampScore(judged[c] - issues.length)])) as FeedbackScores;
  const notes = [parsed ? parsed.comment : "The model's scores could not be read; scored from the QA checks alone."];
  if (issues.length > 0) notes.push(`QA: ${issues.map((i) => i.rule).join(', ')}.`);
  return { scores, comment: notes.filter((n) => n.length > 0).join(' '), qa_score: overallOf(scores) };
}
