import type { QualityIssue } from '../../../shared/api/blog/blog-drafts.schemas.js';
import type { FeedbackScores } from '../../../shared/api/blog/blog-feedback.schemas.js';
import { FEEDBACK_CRITERIA } from '../../../shared/vocabulary/blog.vocabulary.js';
import { checkMarkdownMarkers, runQaChecks, stripMarkdownMarkers } from './qa-checks.js';
import { repairPrompt } from './pipeline-steps.js';

/** Steps 9 and 10: the QA check (repair or flag, never pass silently) and the quality score. */
export interface QaOutcome {
  text: string;
  /** The hard rules the text still breaks: recorded on the draft as quality_issues. */
  issues: QualityIssue[];
  /** What was repaired, in words. */
  repairs: string[];
}

/**
 * Markdown markers are stripped by program. For any other broken rule the model gets one repair round with the
 * list; its answer is kept only when it breaks fewer rules than the text it replaces. What remains is flagged.
 */
export async function qaCheck(text: string, ask: (prompt: string) => Promise<string>): Promise<QaOutcome> {
  const repairs: string[] = [];
  let current = text;
  if (checkMarkdownMarkers(current).length > 0) {
    current = stripMarkdownMarkers(current);
    repairs.push('markdown markers removed');
  }
  let issues = runQaChecks(current);
  if (issues.length > 0) {
    const answer = stripMarkdownMarkers(
      await ask(
        repairPrompt(
          current,
          issues.map((i) => i.message),
        ),
      ),
    );
    const after = runQaChecks(answer);
    if (after.length < issues.length) {
      repairs.push(`model repair: ${issues.length - after.length} of ${issues.length} problem(s) fixed`);
      current = answer;
      issues = after;
    } else {
      repairs.push('model repair did not help; the problems are flagged');
    }
  }
  return { text: current, issues, repairs };
}

export interface ScoreOutcome {
  scores: FeedbackScores;
  comment: string;
  /** 1 to 10: the mean of the eight scores, lowered by one per hard rule the text still breaks. */
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
  const scores = parsed?.scores ?? (Object.fromEntries(FEEDBACK_CRITERIA.map((c) => [c, fallback])) as FeedbackScores);
  const mean = FEEDBACK_CRITERIA.reduce((sum, c) => sum + scores[c], 0) / FEEDBACK_CRITERIA.length;
  const notes = [parsed ? parsed.comment : "The model's scores could not be read; scored from the QA checks alone."];
  if (issues.length > 0) notes.push(`QA: ${issues.map((i) => i.rule).join(', ')}.`);
  return { scores, comment: notes.filter((n) => n.length > 0).join(' '), qa_score: clampScore(mean - issues.length) };
}
