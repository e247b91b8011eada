import { type Compilable, sql } from 'kysely';
import { formatSpeed } from '../../../shared/speed.js';
import type { AppDatabase } from '../../db/database.js';
import { prepareQuery } from '../../db/prepared-query.js';
import type { CatalogueTables } from '../../db/tables/catalogue.tables.js';
import type { NewsTables } from '../../db/tables/news.tables.js';
import type { SearchTables } from '../../db/tables/search.tables.js';
import type { CollectionSource, SourceDocument, SourceRecord } from '../../vector/collection-source.js';

/**
 * The SQL behind the vector collections: each source reads one table (the catalogue's transceivers and the news
 * feature's articles through their single declarations). Fingerprints are count + latest updated_at, so an insert,
 * an update (writers set updated_at) or a delete all change them.
 */
type Row = Record<string, unknown>;
type SourceTables = CatalogueTables & NewsTables & SearchTables;
type SourceTable = 'transceivers' | 'faq_entries' | 'troubleshooting_guides' | 'news_articles' | 'datasheet_chunks';

const SNIPPET_CHARS = 280;

function snippet(text: string): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  if (flat.length <= SNIPPET_CHARS) return flat;
  const cut = flat.lastIndexOf(' ', SNIPPET_CHARS);
  return `${flat.slice(0, cut > SNIPPET_CHARS / 2 ? cut : SNIPPET_CHARS)}…`;
}

function jsonList(text: unknown): string[] {
  try {
    const value = JSON.parse(String(text ?? '[]')) as unknown;
    return Array.isArray(value) ? value.map(String) : [];
  } catch {
    return [];
  }
}

const k = (db: AppDatabase) => db.kysely.withTables<SourceTables>();

/** The ids a rows query is run for, as one JSON parameter, so one prepared statement serves any number of ids. */
const requestedIds = sql<string>`(SELECT value FROM json_each(${'[]'}))`;

interface TableSpec {
  table: SourceTable;
  /** The rows of the requested ids (where t.id in requestedIds). */
  rows: Compilable<Row>;
  toDocument(row: Row): SourceDocument;
  toRecord(row: Row): SourceRecord;
}

function tableSource(db: AppDatabase, spec: TableSpec): CollectionSource {
  const fingerprint = prepareQuery(
    db,
    k(db)
      .selectFrom(spec.table)
      .select((eb) => [eb.fn.countAll<number>().as('n'), eb.fn.max('updated_at').as('u')]),
  );
  const versions = prepareQuery(db, k(db).selectFrom(spec.table).select(['id', 'updated_at']));
  const byIds = prepareQuery(db, spec.rows);
  const rows = (ids: string[]): Row[] => (ids.length === 0 ? [] : byIds.all([JSON.stringify(ids)]));
  return {
    fingerprint() {
      const row = fingerprint.get() as { n: number; u: string | null };
      return `${row.n}|${row.u ?? ''}`;
    },
    versions: () => new Map(versions.all().map((r) => [r.id, r.updated_at])),
    documents: (ids) => rows(ids).map(spec.toDocument),
    records: (ids) => new Map(rows(ids).map((row) => [String(row.id), spec.toRecord(row)])),
  };
}

export function productSource(db: AppDatabase): CollectionSource {
  return tableSource(db, {
    table: 'transceivers',
    rows: k(db)
      .selectFrom('transceivers as t')
      .innerJoin('vendors as v', 'v.id', 't.vendor_id')
      .select([
        't.id',
        't.slug',
        't.part_number',
        't.name',
        't.vendor_id',
        'v.name as vendor_name',
        't.form_factor',
        't.speed_gbps',
        't.standard',
        't.fiber_type',
        't.wdm_type',
        't.wavelengths',
        't.reach_meters',
        't.reach_label',
        't.connector',
        't.data_confidence',
        't.description',
        't.updated_at',
      ])
      .where('t.id', 'in', requestedIds),
    toDocument: (r) => {
      const wavelengths = jsonList(r.wavelengths);
      const text = [
        `${String(r.name)}.`,
        `${String(r.form_factor)} ${formatSpeed(Number(r.speed_gbps))} transceiver ${String(r.part_number)} by ${String(r.vendor_name)}.`,
        r.standard ? `Standard ${String(r.standard)}.` : '',
        `Fibre ${String(r.fiber_type)}, WDM ${String(r.wdm_type)}.`,
        r.reach_label ? `Reach ${String(r.reach_label)}.` : '',
        wavelengths.length > 0 ? `Wavelengths ${wavelengths.join(', ')} nm.` : '',
        r.connector ? `Connector ${String(r.connector)}.` : '',
        r.description ? String(r.description) : '',
      ];
      return {
        id: String(r.id),
        version: String(r.updated_at),
        text: text.filter((part) => part !== '').join(' '),
        payload: {
          form_factor: String(r.form_factor),
          speed_gbps: Number(r.speed_gbps),
          fiber_type: String(r.fiber_type),
          wdm_type: String(r.wdm_type),
        },
      };
    },
    toRecord: (r) => ({
      title: String(r.name),
      snippet: snippet(
        `${String(r.part_number)} · ${String(r.vendor_name)} · ${String(r.form_factor)} ${formatSpeed(Number(r.speed_gbps))} · ${String(r.fiber_type)}/${String(r.wdm_type)}${r.reach_label ? ` · ${String(r.reach_label)}` : ''}${r.description ? ` · ${String(r.description)}` : ''}`,
      ),
      record: {
        id: r.id,
        slug: r.slug,
        part_number: r.part_number,
        name: r.name,
        vendor_id: r.vendor_id,
        vendor_name: r.vendor_name,
        form_factor: r.form_factor,
        speed_gbps: r.speed_gbps,
        standard: r.standard,
        fiber_type: r.fiber_type,
        wdm_type: r.wdm_type,
        reach_meters: r.reach_meters,
        reach_label: r.reach_label,
        data_confidence: r.data_confidence,
      },
    }),
  });
}

export function faqSource(db: AppDatabase): CollectionSource {
  return tableSource(db, {
    table: 'faq_entries',
    rows: k(db)
      .selectFrom('faq_entries as t')
      .select(['t.id', 't.question', 't.answer', 't.category', 't.tags', 't.is_seed', 't.updated_at'])
      .where('t.id', 'in', requestedIds),
    toDocument: (r) => ({ id: String(r.id), version: String(r.updated_at), text: `${String(r.question)}\n${String(r.answer)}` }),
    toRecord: (r) => ({
      title: String(r.question),
      snippet: snippet(String(r.answer)),
      record: { id: r.id, question: r.question, answer: r.answer, category: r.category, tags: jsonList(r.tags), is_seed: r.is_seed === 1 },
    }),
  });
}

export function troubleshootingSource(db: AppDatabase): CollectionSource {
  return tableSource(db, {
    table: 'troubleshooting_guides',
    rows: k(db)
      .selectFrom('troubleshooting_guides as t')
      .select(['t.id', 't.title', 't.symptom', 't.causes', 't.steps', 't.applies_to', 't.is_seed', 't.updated_at'])
      .where('t.id', 'in', requestedIds),
    toDocument: (r) => ({
      id: String(r.id),
      version: String(r.updated_at),
      text: `${String(r.title)}\nSymptom: ${String(r.symptom)}\nCauses: ${jsonList(r.causes).join('; ')}\nSteps: ${jsonList(r.steps).join(' ')}`,
    }),
    toRecord: (r) => ({
      title: String(r.title),
      snippet: snippet(String(r.symptom)),
      record: {
        id: r.id,
        title: r.title,
        symptom: r.symptom,
        causes: jsonList(r.causes),
        steps: jsonList(r.steps),
        applies_to: jsonList(r.applies_to),
        is_seed: r.is_seed === 1,
      },
    }),
  });
}

export function newsSource(db: AppDatabase): CollectionSource {
  return tableSource(db, {
    table: 'news_articles',
    rows: k(db)
      .selectFrom('news_articles as t')
      .select(['t.id', 't.title', 't.summary', 't.url', 't.source', 't.published_at', 't.tags', 't.sentiment', 't.is_seed', 't.updated_at'])
      .where('t.id', 'in', requestedIds),
    toDocument: (r) => ({ id: String(r.id), version: String(r.updated_at), text: `${String(r.title)}\n${String(r.summary)}` }),
    toRecord: (r) => ({
      title: String(r.title),
      snippet: snippet(String(r.summary)),
      record: {
        id: r.id,
        title: r.title,
        summary: r.summary,
        url: r.url,
        source: r.source,
        published_at: r.published_at,
        tags: jsonList(r.tags),
        sentiment: r.sentiment,
        is_seed: r.is_seed === 1,
      },
    }),
  });
}

export function datasheetSource(db: AppDatabase): CollectionSource {
  return tableSource(db, {
    table: 'datasheet_chunks',
    rows: k(db)
      .selectFrom('datasheet_chunks as t')
      .select([
        't.id',
        't.datasheet',
        't.datasheet_title',
        't.part_number',
        't.form_factor',
        't.speed_gbps',
        't.chunk_index',
        't.section',
        't.content',
        't.is_seed',
        't.updated_at',
      ])
      .where('t.id', 'in', requestedIds),
    toDocument: (r) => ({
      id: String(r.id),
      version: String(r.updated_at),
      text: `${String(r.datasheet_title)} (${String(r.part_number)}) — ${String(r.section)}\n${String(r.content)}`,
    }),
    toRecord: (r) => ({
      title: `${String(r.datasheet_title)} — ${String(r.section)}`,
      snippet: snippet(String(r.content)),
      record: {
        id: r.id,
        datasheet: r.datasheet,
        datasheet_title: r.datasheet_title,
        part_number: r.part_number,
        form_factor: r.form_factor,
        speed_gbps: r.speed_gbps,
        chunk_index: r.chunk_index,
        section: r.section,
        content: r.content,
        is_seed: r.is_seed === 1,
      },
    }),
  });
}

/** Mirrors a collection's last build into SQLite (the files stay the source of truth for the index itself). */
export function recordCollectionBuild(
  db: AppDatabase,
  build: {
    name: string;
    provider: string;
    model: string;
    dimension: number;
    count: number;
    builtAt: string | null;
    buildMs: number;
    fingerprint: string | null;
  },
): void {
  db.sqlite
    .prepare(
      `INSERT INTO vector_collections (name, provider, model, dimension, item_count, built_at, build_ms, source_fingerprint, updated_at)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
       ON CONFLICT (name) DO UPDATE SET provider = excluded.provider, model = excluded.model, dimension = excluded.dimension,
         item_count = excluded.item_count, built_at = excluded.built_at, build_ms = excluded.build_ms,
         source_fingerprint = excluded.source_fingerprint, updated_at = excluded.updated_at`,
    )
    .run(build.name, build.provider, build.model, build.dimension, build.count, build.builtAt, build.buildMs, build.fingerprint);
}
