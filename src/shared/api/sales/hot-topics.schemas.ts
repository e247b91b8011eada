import { type Static, Type } from '@sinclair/typebox';
import { Nullable, PagingFields, StringEnum } from '../schema-helpers.js';
import {
  EVIDENCE_KINDS,
  TOPIC_SOURCES,
  TOPIC_TYPES,
  TOPIC_URGENCIES,
  type TopicSource,
  type TopicType,
  type TopicUrgency,
} from '../../vocabulary/sales-alerts.vocabulary.js';

export { EVIDENCE_KINDS, TOPIC_SOURCES, TOPIC_TYPES, TOPIC_URGENCIES, type TopicSource, type TopicType, type TopicUrgency };

export const HotTopicsQuery = Type.Object(
  {
    ...PagingFields(50, 200),
    source: Type.Optional(StringEnum(TOPIC_SOURCES, { description: 'Only topics from this source' })),
    urgency: Type.Optional(StringEnum(TOPIC_URGENCIES, { description: 'Only topics of this urgency' })),
    topic_type: Type.Optional(StringEnum(TOPIC_TYPES, { description: 'Only topics suggesting this blog topic type' })),
  },
  { additionalProperties: false },
);
export type HotTopicsQuery = Static<typeof HotTopicsQuery>;

export const TopicEvidence = Type.Object({
  kind: StringEnum(EVIDENCE_KINDS),
  id: Type.String({ description: 'Id of the row or entry (price_changes.id, competitor_alerts.id, technology name, news id, conference or trend id)' }),
  label: Type.String(),
  at: Nullable(Type.String({ description: 'When it happened or starts (ISO-8601, or YYYY-MM-DD)' })),
  url: Nullable(Type.String({ description: 'Published source (news, conference, research trend)' })),
  api_path: Nullable(Type.String({ description: 'Where this service shows the row, e.g. /api/transceivers/<slug>' })),
});
export type TopicEvidence = Static<typeof TopicEvidence>;

export const HotTopic = Type.Object({
  id: Type.String({ description: 'Stable id: <source>:<key>' }),
  source: StringEnum(TOPIC_SOURCES),
  urgency: StringEnum(TOPIC_URGENCIES),
  urgency_rule: Type.String({ description: 'The rule that gave the urgency, in words (docs/sales-alerts.md lists them)' }),
  topic_type: StringEnum(TOPIC_TYPES, { description: 'Suggested blog topic type for the blog engine' }),
  title: Type.String(),
  summary: Type.String(),
  keywords: Type.Array(Type.String()),
  at: Nullable(Type.String({ description: 'Time of the newest evidence, or the start of an upcoming event' })),
  evidence: Type.Array(TopicEvidence, { description: 'The rows behind the topic (at most 10)' }),
});
export type HotTopic = Static<typeof HotTopic>;

export const HotTopicsPage = Type.Object({
  as_of: Type.String({ description: 'The time the topics were computed for' }),
  total: Type.Integer({ description: 'Topics matching the filters, before limit/offset' }),
  limit: Type.Integer(),
  offset: Type.Integer(),
  counts: Type.Object(
    { BREAKING: Type.Integer(), HOT: Type.Integer(), TRENDING: Type.Integer(), EMERGING: Type.Integer() },
    { description: 'Topics per urgency, over all topics matching source and topic_type' },
  ),
  items: Type.Array(HotTopic),
});
export type HotTopicsPage = Static<typeof HotTopicsPage>;
