import { useState } from 'react';
import { FEEDBACK_CRITERIA, type FeedbackCriterion } from '../../../shared/vocabulary/blog.vocabulary.js';
import { describeError } from '../api/loadable.js';
import { useI18n } from '../i18n/use-i18n.js';
import { useApiClient } from '../state/api-context.js';

const SCALE = Array.from({ length: 10 }, (_, i) => i + 1);
const initialScores = () => Object.fromEntries(FEEDBACK_CRITERIA.map((c) => [c, 7])) as Record<FeedbackCriterion, number>;

/** Eight scores (1-10) and free text; the service keeps them for the next runs' system prompt and the training data. */
export function BlogFeedbackForm({ draftId }: { draftId: string }) {
  const client = useApiClient();
  const { t } = useI18n();
  const [scores, setScores] = useState(initialScores);
  const [comment, setComment] = useState('');
  const [result, setResult] = useState<{ ok: boolean; text: string } | null>(null);

  async function send() {
    try {
      const stored = await client.act('/api/blog/:id/feedback', { id: draftId }, { scores, comment });
      setResult({ ok: true, text: t('blog.feedbackSaved', { overall: String(stored.overall) }) });
      setComment('');
    } catch (error) {
      setResult({ ok: false, text: describeError(error) });
    }
  }

  return (
    <form
      className="stack"
      data-testid="blog-feedback"
      onSubmit={(e) => {
        e.preventDefault();
        // send shows every failure under the form, so its promise never rejects.
        void send();
      }}
    >
      <h3>{t('blog.feedbackTitle')}</h3>
      <div className="filters">
        {FEEDBACK_CRITERIA.map((criterion) => (
          <label key={criterion} className="field">
            <span>{t(`blog.criterion.${criterion}`)}</span>
            <select name={`score-${criterion}`} value={scores[criterion]} onChange={(e) => setScores({ ...scores, [criterion]: Number(e.target.value) })}>
              {SCALE.map((n) => (
                <option key={n} value={n}>
                  {n}
                </option>
              ))}
            </select>
          </label>
        ))}
      </div>
      <label className="field field-grow">
        <span>{t('blog.feedbackComment')}</span>
        <textarea name="feedback-comment" rows={3} maxLength={5000} value={comment} onChange={(e) => setComment(e.target.value)} />
      </label>
      <button type="submit" className="button-secondary" data-testid="blog-feedback-submit">
        {t('blog.feedbackSend')}
      </button>
      {result && (
        <p className={result.ok ? 'muted' : 'state state-error'} role={result.ok ? 'status' : 'alert'} data-testid="blog-feedback-result">
          {result.text}
        </p>
      )}
    </form>
  );
}
