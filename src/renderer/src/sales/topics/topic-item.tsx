import type { HotTopic, TopicEvidence, TopicUrgency } from '../../../../shared/api/sales/hot-topics.schemas.js';
import { StatusBadge } from '../../components/status-badge.js';
import { useI18n } from '../../i18n/use-i18n.js';
import { useDashboard } from '../../state/dashboard.store.js';

const URGENCY_TONE: Record<TopicUrgency, 'bad' | 'warn' | 'good' | 'neutral'> = { BREAKING: 'bad', HOT: 'warn', TRENDING: 'good', EMERGING: 'neutral' };
const PRODUCT_PATH = '/api/transceivers/';

export function UrgencyBadge({ urgency }: { urgency: TopicUrgency }) {
  const { t } = useI18n();
  return (
    <StatusBadge tone={URGENCY_TONE[urgency]} data-status={urgency}>
      {t(`sales.topics.urgency.${urgency}`)}
    </StatusBadge>
  );
}

/** One row behind a topic: its published source opens in the browser, a product opens in the Transceivers tab. */
function EvidenceLine({ evidence }: { evidence: TopicEvidence }) {
  const { t, format } = useI18n();
  const openProduct = useDashboard((s) => s.openProduct);
  const slug = evidence.api_path?.startsWith(PRODUCT_PATH) ? evidence.api_path.slice(PRODUCT_PATH.length) : undefined;
  return (
    <li data-testid="evidence-row" data-kind={evidence.kind}>
      <span className="tag">{t(`sales.topics.evidence.${evidence.kind}`)}</span>{' '}
      {evidence.url ? (
        <a href={evidence.url} target="_blank" rel="noreferrer">
          {evidence.label}
        </a>
      ) : slug ? (
        <button type="button" className="link-button" onClick={() => openProduct(slug)}>
          {evidence.label}
        </button>
      ) : (
        <span>{evidence.label}</span>
      )}
      {evidence.at && <span className="muted"> · {format.date(evidence.at)}</span>}
    </li>
  );
}

export function TopicItem({ topic }: { topic: HotTopic }) {
  const { t, format } = useI18n();
  return (
    <li className="news-item" data-testid="topic-item" data-urgency={topic.urgency} data-source={topic.source}>
      <div className="hit-head">
        <UrgencyBadge urgency={topic.urgency} /> <strong>{topic.title}</strong>
      </div>
      <p>{topic.summary}</p>
      <p className="muted small">
        {t(`sales.topics.source.${topic.source}`)} · {t('sales.topics.suggests', { type: t(`sales.topics.type.${topic.topic_type}`) })}
        {topic.at && ` · ${format.date(topic.at)}`} · {t('sales.topics.rule', { rule: topic.urgency_rule })}
      </p>
      <details data-testid="topic-evidence">
        <summary>{t('sales.topics.evidenceCount', { count: format.number(topic.evidence.length) })}</summary>
        <ul className="references">
          {topic.evidence.map((e) => (
            <EvidenceLine key={`${e.kind}:${e.id}`} evidence={e} />
          ))}
        </ul>
      </details>
    </li>
  );
}
