import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { type Static, type TSchema, Type } from '@sinclair/typebox';
import { Value } from '@sinclair/typebox/value';
import { TOPIC_TYPES } from '../../../../shared/api/sales/hot-topics.schemas.js';

/** The curated files behind two hot-topic sources, shipped in resources/seed/content/ (facts with their sources). */
export const HOT_TOPIC_CONTENT_DIR = join('seed', 'content');

const Day = Type.String({ pattern: '^\\d{4}-\\d{2}-\\d{2}$' });
const Url = Type.String({ pattern: '^https://' });

export const ConferenceFile = Type.Object({
  about: Type.String(),
  series: Type.Array(
    Type.Object({
      id: Type.String({ pattern: '^[a-z0-9-]+$' }),
      name: Type.String(),
      organisers: Type.String(),
      usual_month: Type.Integer({ minimum: 1, maximum: 12 }),
      usual_place: Type.String(),
      url: Url,
      tags: Type.Array(Type.String()),
      editions: Type.Array(Type.Object({ year: Type.Integer(), start: Day, end: Day, place: Type.String(), source: Url })),
    }),
  ),
});
export type ConferenceSeries = Static<typeof ConferenceFile>['series'][number];

export const ResearchTrendFile = Type.Object({
  about: Type.String(),
  trends: Type.Array(
    Type.Object({
      id: Type.String({ pattern: '^[a-z0-9-]+$' }),
      title: Type.String(),
      summary: Type.String(),
      speed_gbps: Type.Union([Type.Number(), Type.Null()]),
      tags: Type.Array(Type.String()),
      // A union of literals, not StringEnum: Value.Errors cannot check an unsafe type.
      topic_type: Type.Union(TOPIC_TYPES.map((t) => Type.Literal(t))),
      source_name: Type.String(),
      source_url: Url,
    }),
  ),
});
export type ResearchTrend = Static<typeof ResearchTrendFile>['trends'][number];

function readContent<T extends TSchema>(resourcesDir: string, file: string, schema: T): Static<T> {
  const path = join(resourcesDir, HOT_TOPIC_CONTENT_DIR, file);
  const data = JSON.parse(readFileSync(path, 'utf8')) as unknown;
  const error = Value.Errors(schema, data).First();
  if (error) throw new Error(`${path}: ${error.path || '/'} ${error.message}`);
  return data as Static<T>;
}

export interface HotTopicContent {
  conferences: ConferenceSeries[];
  trends: ResearchTrend[];
}

/** Read per call: the files are a few kilobytes, and a corrected file is picked up without a restart. */
export function readHotTopicContent(resourcesDir: string): HotTopicContent {
  return {
    conferences: readContent(resourcesDir, 'conferences.json', ConferenceFile).series,
    trends: readContent(resourcesDir, 'research-trends.json', ResearchTrendFile).trends,
  };
}
