import type { Draft } from '../../../shared/api/blog/blog-drafts.schemas.js';

/**
 * What a failed step's command reported (the bridge provider's exit code, stdout and stderr), as the draft view shows
 * it; null when no failed step carries any (a model server's failure is said in the pipeline's message already).
 */
export interface FailedStepOutput {
  step: number;
  name: Draft['steps'][number]['name'];
  /** The exit code, else the signal that ended the command; '' for a provider that has neither. */
  exit: string;
  stdout: string;
  stderr: string;
}

const asText = (value: unknown): string => (typeof value === 'string' ? value : value === null || value === undefined ? '' : JSON.stringify(value));

export function failedStepOutput(draft: Pick<Draft, 'steps'>): FailedStepOutput | null {
  const failed = draft.steps.find((s) => s.status === 'failed' && s.details !== null);
  if (failed?.details == null) return null;
  const { exitCode, signal, stdout, stderr } = failed.details;
  const output = { step: failed.step, name: failed.name, exit: asText(exitCode) || asText(signal), stdout: asText(stdout), stderr: asText(stderr) };
  return output.exit === '' && output.stdout === '' && output.stderr === '' ? null : output;
}

/** The hard rules that keep a finished pipeline article in draft (none while it is the template or in review). */
export function rulesKeepingDraft(draft: Pick<Draft, 'status' | 'is_template' | 'quality_issues' | 'pipeline'>): string[] {
  if (draft.pipeline.state !== 'succeeded' || draft.status !== 'draft' || draft.is_template) return [];
  return [...new Set(draft.quality_issues.map((i) => i.rule))];
}
