import type { Draft } from '../../../shared/api/blog/blog-drafts.schemas.js';
import { useI18n } from '../i18n/use-i18n.js';

/**
 * What the pipeline has to say beyond its state, in words: that its call waits out the hosted model's rate limit,
 * which hard rules keep a finished article in draft, and what a failed step's provider reported (a bridge command's
 * exit code, stdout and stderr).
 */
export function BlogPipelineNotes({ draft }: { draft: Draft }) {
  const { t, format } = useI18n();
  const { waiting, state } = draft.pipeline;
  const rulesBroken = state === 'succeeded' && draft.status === 'draft' && !draft.is_template && draft.quality_issues.length > 0;
  const failed = draft.steps.find((s) => s.status === 'failed' && s.details !== null);
  const text = (value: unknown) => (typeof value === 'string' ? value : value === null || value === undefined ? '' : JSON.stringify(value));
  return (
    <>
      {waiting !== null && (
        <p className="state state-warn" data-testid="blog-pipeline-waiting" data-reason={waiting.reason}>
          {t('blog.waiting.rate_limit', { retry: String(waiting.retry), retries: String(waiting.retries), until: format.dateTime(waiting.until) })}
        </p>
      )}
      {rulesBroken && (
        <p className="state state-warn" data-testid="blog-rules-broken">
          {t('blog.rulesBroken', { rules: [...new Set(draft.quality_issues.map((i) => i.rule))].join(', ') })}
        </p>
      )}
      {failed?.details != null && (
        <div className="stack" data-testid="blog-step-details">
          <h3>{t('blog.stepDetails', { step: String(failed.step), name: t(`blog.stepName.${failed.name}`) })}</h3>
          {'exitCode' in failed.details && <p>{t('blog.exitCode', { code: text(failed.details.exitCode) || text(failed.details.signal) })}</p>}
          {(['stdout', 'stderr'] as const).map((stream) =>
            text(failed.details?.[stream]) === '' ? null : (
              <div key={stream} className="stack">
                <span className="muted">{t(`blog.stream.${stream}`)}</span>
                <pre className="description-text" data-testid={`blog-step-${stream}`} style={{ whiteSpace: 'pre-wrap' }}>
                  {text(failed.details?.[stream])}
                </pre>
              </div>
            ),
          )}
        </div>
      )}
    </>
  );
}
