import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { BLOG_TOPIC_TYPES, type BlogTopicType } from '../../../shared/vocabulary/blog.vocabulary.js';
import { useApiQuery } from '../api/api-queries.js';
import { describeError } from '../api/loadable.js';
import { Card } from '../components/card.js';
import { useI18n } from '../i18n/use-i18n.js';
import { useApiClient } from '../state/api-context.js';
import { isBlogQuery, QUEUE_POLL } from './blog-poll.js';

/**
 * Title, topic type or a hot topic, then Generate. While a pipeline runs or waits, a second request is not sent: the
 * card shows a "pipeline busy" notice instead (one generation at a time from the dashboard).
 */
export function BlogGenerateCard({ onCreated }: { onCreated(id: string): void }) {
  const client = useApiClient();
  const queryClient = useQueryClient();
  const { t, format } = useI18n();
  const [title, setTitle] = useState('');
  const [topicType, setTopicType] = useState<BlogTopicType>('comparison');
  const [hotTopic, setHotTopic] = useState('');
  const [sending, setSending] = useState(false);
  const [notice, setNotice] = useState('');
  const [problem, setProblem] = useState('');
  const queue = useApiQuery({ path: '/api/blog/llm/queue' }, { poll: QUEUE_POLL });
  const topics = useApiQuery({ path: '/api/hot-topics', query: { limit: 50 } });
  const q = queue.state.status === 'ready' ? queue.state.data : null;
  const busy = sending || (q !== null && (q.running !== null || q.length > 0));

  async function generate() {
    setProblem('');
    // Ask again first: the cached queue may be up to one poll old.
    const fresh = await client.get('/api/blog/llm/queue', {}).catch(() => q);
    if (sending || (fresh !== null && (fresh.running !== null || fresh.length > 0))) {
      setNotice(t('blog.busy'));
      return;
    }
    setNotice('');
    setSending(true);
    try {
      const draft = await client.act(
        '/api/blog/generate',
        {},
        { topic_type: topicType, ...(title.trim() ? { title: title.trim() } : {}), ...(hotTopic ? { hot_topic: hotTopic } : {}) },
      );
      onCreated(draft.id);
      await queryClient.invalidateQueries({ predicate: isBlogQuery });
    } catch (error) {
      setProblem(describeError(error));
    } finally {
      setSending(false);
    }
  }

  async function resetQueue() {
    await client.act('/api/blog/llm/reset-queue', {}, null).catch((error: unknown) => setProblem(describeError(error)));
    setNotice('');
    await queryClient.invalidateQueries({ predicate: isBlogQuery });
  }

  const topicItems = topics.state.status === 'ready' ? topics.state.data.items : [];
  return (
    <Card title={t('blog.generateTitle')} testId="blog-generate">
      <p className="muted">{t('blog.generateIntro')}</p>
      {/* generate shows every failure in the card, so its promise never rejects. */}
      <form
        className="stack"
        onSubmit={(e) => {
          e.preventDefault();
          void generate();
        }}
      >
        <label className="field">
          <span>{t('blog.titleLabel')}</span>
          <input name="blog-title" value={title} maxLength={200} placeholder={t('blog.titlePlaceholder')} onChange={(e) => setTitle(e.target.value)} />
        </label>
        <label className="field">
          <span>{t('blog.topicType')}</span>
          <select name="blog-topic-type" value={topicType} onChange={(e) => setTopicType(e.target.value as BlogTopicType)}>
            {BLOG_TOPIC_TYPES.map((type) => (
              <option key={type} value={type}>
                {t(`blog.type.${type}`)}
              </option>
            ))}
          </select>
        </label>
        <label className="field">
          <span>{t('blog.hotTopic')}</span>
          <select
            name="blog-hot-topic"
            value={hotTopic}
            onChange={(e) => {
              setHotTopic(e.target.value);
              const picked = topicItems.find((topic) => topic.id === e.target.value);
              if (picked) setTopicType(picked.topic_type);
            }}
          >
            <option value="">{t('blog.noHotTopic')}</option>
            {topicItems.map((topic) => (
              <option key={topic.id} value={topic.id}>
                {topic.urgency} · {topic.title}
              </option>
            ))}
          </select>
        </label>
        <button type="submit" className="button-primary" data-testid="blog-generate-submit" disabled={sending}>
          {sending ? t('blog.generating') : t('blog.generate')}
        </button>
      </form>
      {notice !== '' && (
        <p className="banner banner-warn" role="status" data-testid="blog-busy">
          {notice}
        </p>
      )}
      {problem !== '' && (
        <p className="state state-error" role="alert">
          {problem}
        </p>
      )}
      <div className="stack" data-testid="blog-queue" data-busy={busy}>
        {q === null ? null : q.running === null ? (
          <p className="muted">{t('blog.queueIdle')}</p>
        ) : (
          <p className="muted">
            {t('blog.queueRunning', { title: q.running.title, since: format.dateTime(q.running.since), waiting: format.number(q.length) })}
          </p>
        )}
        {busy && (
          <button type="button" className="link-button" data-testid="blog-reset-queue" onClick={() => void resetQueue()}>
            {t('blog.resetQueue')}
          </button>
        )}
      </div>
    </Card>
  );
}
