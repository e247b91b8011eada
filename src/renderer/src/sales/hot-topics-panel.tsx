import { useState } from 'react';
import {
  TOPIC_SOURCES,
  TOPIC_TYPES,
  TOPIC_URGENCIES,
  type TopicSource,
  type TopicType,
  type TopicUrgency,
} from '../../../shared/vocabulary/sales-alerts.vocabulary.js';
import { useApiQuery } from '../api/api-queries.js';
import { AsyncView } from '../components/async-view.js';
import { Card } from '../components/card.js';
import { Pagination } from '../components/pagination.js';
import { usePaging } from '../hooks/use-paging.js';
import { SelectField } from '../components/select-field.js';
import { useI18n } from '../i18n/use-i18n.js';
import { TopicItem } from './topics/topic-item.js';

/** Blog topics from the seven sources, most urgent first; the urgency buttons show how many each has. */
export function HotTopicsPanel() {
  const { t, format } = useI18n();
  const [urgency, setUrgency] = useState<TopicUrgency | ''>('');
  const [source, setSource] = useState<TopicSource | ''>('');
  const [topicType, setTopicType] = useState<TopicType | ''>('');
  const { paging, toFirstPage, pagination } = usePaging(25);
  const query = {
    ...paging,
    ...(urgency ? { urgency } : {}),
    ...(source ? { source } : {}),
    ...(topicType ? { topic_type: topicType } : {}),
  };
  const { state, reload } = useApiQuery({ path: '/api/hot-topics', query });
  const counts = state.status === 'ready' ? state.data.counts : undefined;
  return (
    <Card title={t('sales.topics.title')} testId="hot-topics" wide>
      <p className="muted">{t('sales.topics.intro')}</p>
      <div className="filters">
        <nav className="segmented" aria-label={t('sales.topics.urgency')} data-testid="topic-urgencies">
          {(['', ...TOPIC_URGENCIES] as const).map((u) => (
            <button
              key={u || 'all'}
              type="button"
              data-urgency={u || 'all'}
              aria-pressed={urgency === u}
              className={urgency === u ? 'segment segment-active' : 'segment'}
              onClick={() => {
                setUrgency(u);
                toFirstPage();
              }}
            >
              {u ? t(`sales.topics.urgency.${u}`) : t('sales.topics.all')}
              {counts && u && ` (${format.number(counts[u])})`}
            </button>
          ))}
        </nav>
        <SelectField<TopicSource>
          label={t('sales.topics.sourceLabel')}
          name="source"
          value={source}
          options={TOPIC_SOURCES.map((s): [TopicSource, string] => [s, t(`sales.topics.source.${s}`)])}
          onChange={(v) => {
            setSource(v);
            toFirstPage();
          }}
        />
        <SelectField<TopicType>
          label={t('sales.topics.typeLabel')}
          name="topic_type"
          value={topicType}
          options={TOPIC_TYPES.map((s): [TopicType, string] => [s, t(`sales.topics.type.${s}`)])}
          onChange={(v) => {
            setTopicType(v);
            toFirstPage();
          }}
        />
      </div>
      <AsyncView state={state} what={t('sales.topics.what')} onRetry={reload} isEmpty={(page) => page.items.length === 0} empty={t('sales.topics.empty')}>
        {(page) => (
          <>
            <ul className="news-list" data-testid="topic-list">
              {page.items.map((topic) => (
                <TopicItem key={topic.id} topic={topic} />
              ))}
            </ul>
            <Pagination {...pagination(page.total)} />
          </>
        )}
      </AsyncView>
    </Card>
  );
}
