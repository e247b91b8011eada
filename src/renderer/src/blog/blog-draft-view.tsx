import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { hashtag } from '../../../shared/vocabulary/blog.vocabulary.js';
import { useApiQuery } from '../api/api-queries.js';
import { describeError } from '../api/loadable.js';
import { AsyncView } from '../components/async-view.js';
import { Card } from '../components/card.js';
import { ProgressBar } from '../components/progress-bar.js';
import { useI18n } from '../i18n/use-i18n.js';
import { useApiClient } from '../state/api-context.js';
import { BlogFeedbackForm } from './blog-feedback-form.js';
import { BlogPipelineNotes } from './blog-pipeline-notes.js';
import { DRAFT_POLL, isBlogQuery } from './blog-poll.js';

const STEPS = 10;

/** One draft: pipeline progress, hashtags, quality issues, the text, and what a person can do with it. */
export function BlogDraftView({ id, onDeleted }: { id: string; onDeleted(): void }) {
  const { state, reload } = useApiQuery({ path: '/api/blog/:id', params: { id } }, { poll: DRAFT_POLL });
  const client = useApiClient();
  const queryClient = useQueryClient();
  const { t, format } = useI18n();
  const [problem, setProblem] = useState('');

  async function act(action: () => Promise<unknown>) {
    setProblem('');
    try {
      await action();
      await queryClient.invalidateQueries({ predicate: isBlogQuery });
    } catch (error) {
      setProblem(describeError(error));
    }
  }

  return (
    <Card title={t('blog.draftTitle')} testId="blog-draft" wide>
      <AsyncView state={state} what={t('blog.draftWhat')} onRetry={reload}>
        {(draft) => {
          const pipeline = draft.pipeline;
          const working = pipeline.state === 'queued' || pipeline.state === 'running';
          const canResume = ['failed', 'offline', 'cancelled'].includes(pipeline.state) && pipeline.run > 0;
          const fileName = draft.title.replace(/[^\p{L}\p{N}]+/gu, '-').slice(0, 60) || 'blog-draft';
          return (
            <div className="stack" data-status={draft.status} data-pipeline={pipeline.state}>
              <h3 data-testid="blog-draft-heading">{draft.title}</h3>
              <p className="news-meta">
                <span className="badge badge-neutral" data-testid="blog-draft-status">
                  {t(`blog.status.${draft.status}`)}
                </span>
                <span className={draft.is_template ? 'badge badge-warn' : 'badge badge-good'} data-testid="blog-generated-by">
                  {draft.is_template ? t('blog.template') : draft.generated_by}
                </span>
                <span>{t('blog.words', { words: format.number(draft.word_count) })}</span>
                {draft.qa_score !== null && <span data-testid="blog-qa-score">{t('blog.qaScore', { score: format.number(draft.qa_score, 1) })}</span>}
              </p>
              <div className="stack" data-testid="blog-progress">
                <span>
                  {t(`blog.pipeline.${pipeline.state}`)}
                  {pipeline.step_name !== null && working
                    ? ` · ${t('blog.step', { step: String(pipeline.step ?? 0), name: t(`blog.stepName.${pipeline.step_name}`) })}`
                    : ''}
                </span>
                <ProgressBar ratio={pipeline.steps_done / STEPS} label={t('blog.progressLabel')} />
                {pipeline.message !== null && (
                  <p className="muted" data-testid="blog-pipeline-message">
                    {pipeline.message}
                  </p>
                )}
                <BlogPipelineNotes draft={draft} />
              </div>
              {draft.keywords.length > 0 && (
                <p className="tags" data-testid="blog-hashtags">
                  {draft.keywords.map((k) => (
                    <span key={k} className="tag">
                      {hashtag(k)}
                    </span>
                  ))}
                </p>
              )}
              {draft.quality_issues.length > 0 && (
                <div className="stack" data-testid="blog-quality-issues">
                  <h3>{t('blog.qualityIssues', { count: format.number(draft.quality_issues.length) })}</h3>
                  <ul>
                    {draft.quality_issues.map((issue, i) => (
                      <li key={`${issue.rule}-${i}`} data-rule={issue.rule}>
                        {issue.message}
                      </li>
                    ))}
                  </ul>
                </div>
              )}
              <div className="chip-row">
                {!working && (draft.quality_issues.length > 0 || draft.status === 'review') && (
                  <button
                    type="button"
                    className="button-secondary"
                    data-testid="blog-regenerate"
                    onClick={() => void act(() => client.act('/api/blog/:id/regenerate', { id }, null))}
                  >
                    {t('blog.regenerate')}
                  </button>
                )}
                {!working && canResume && (
                  <button
                    type="button"
                    className="button-secondary"
                    data-testid="blog-resume"
                    onClick={() => void act(() => client.act('/api/blog/:id/resume', { id }, null))}
                  >
                    {t('blog.resume')}
                  </button>
                )}
                <button
                  type="button"
                  className="button-secondary"
                  data-testid="blog-export-text"
                  onClick={() => void act(() => client.download('/api/blog/:id/text', {}, `${fileName}.txt`, { id }))}
                >
                  {t('blog.exportText')}
                </button>
                <button
                  type="button"
                  className="button-secondary"
                  data-testid="blog-export-html"
                  onClick={() => void act(() => client.download('/api/blog/:id/html', {}, `${fileName}.html`, { id }))}
                >
                  {t('blog.exportHtml')}
                </button>
                <button
                  type="button"
                  className="link-button"
                  data-testid="blog-delete"
                  onClick={() =>
                    void act(async () => {
                      await client.remove('/api/blog/:id', { id });
                      onDeleted();
                    })
                  }
                >
                  {t('blog.delete')}
                </button>
              </div>
              {problem !== '' && (
                <p className="state state-error" role="alert">
                  {problem}
                </p>
              )}
              <div className="description-text" data-testid="blog-body" style={{ whiteSpace: 'pre-wrap' }}>
                {draft.body}
              </div>
              <BlogFeedbackForm draftId={id} />
            </div>
          );
        }}
      </AsyncView>
    </Card>
  );
}
