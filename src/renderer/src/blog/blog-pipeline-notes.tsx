import type { Draft } from '../../../shared/api/blog/blog-drafts.schemas.js';
import { useI18n } from '../i18n/use-i18n.js';
import { failedStepOutput, rulesKeepingDraft } from './pipeline-notes.utils.js';

/**
 * What the pipeline has to say beyond its state, in words: that its call waits out the hosted model's rate limit,
 * which hard rules keep a finished article in draft, and what a failed step's provider reported (a bridge command's
 * exit code, stdout and stderr).
 */
export function BlogPipelineNotes({ draft }: { draft: Draft }) {
  const { t, format } = useI18n();
  const { waiting } = draft.pipeline;
  const rules = rulesKeepingDraft(draft);
  const failed = failedStepOutput(draft);
  return (
    <>
      {waiting !== null && (
        <p className="state state-warn" data-testid="blog-pipeline-waiting" data-reason={waiting.reason}>
          {t('blog.waiting.rate_limit', { retry: String(waiting.retry), retries: String(waiting.retries), until: format.dateTime(waiting.until) })}
        </p>
      )}
      {rules.length > 0 && (
        <p className="state state-warn" data-testid="blog-rules-broken">
          {t('blog.rulesBroken', { rules: rules.join(', ') })}
        </p>
      )}
      {failed !== null && (
        <div className="stack" data-testid="blog-step-details">
          <h3>{t('blog.stepDetails', { step: String(failed.step), name: t(`blog.stepName.${failed.name}`) })}</h3>
          {failed.exit !== '' && <p>{t('blog.exitCode', { code: failed.exit })}</p>}
          {(['stdout', 'stderr'] as const).map((stream) =>
            failed[stream] === '' ? null : (
              <div key={stream} className="stack">
                <span className="muted">{t(`blog.stream.${stream}`)}</span>
                <pre className="description-text" data-testid={`blog-step-${stream}`} style={{ whiteSpace: 'pre-wrap' }}>
                  {failed[stream]}
                </pre>
              </div>
            ),
          )}
        </div>
      )}
    </>
  );
}
