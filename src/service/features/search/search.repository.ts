import type { Compilable } from 'kysely';
import { formatSpeed } from '../../../shared/speed.js';
import type { AppDatabase } from '../../db/database.js';
import type { CatalogueTables } from '../../db/tables/catalogue.tables.js';
import type { NewsTables } from '../../db/tables/news.tables.js';
import type { SearchTables } from '../../db/tables/search.tables.js';
import { type CollectionSource, snippetOf, type SourceDocument, type SourceRecord } from '../../vector/collection-source.js';
import { IDS_PER_STATEMENT, inSlices } from '../../db/statement-slices.js';

/**
 * The SQL behind the vector collections: each source reads one table (the catalogue's transceivers and the news
 * feature's articles through their single declarations). Fingerprints are count + latest updated_at, so an insert,
 * an update (writers set updated_at) or a delete all change them.
 */
type Row = Record<string, unknown>;
type SourceTables = CatalogueTables & NewsTables & SearchTables;
type SourceTable = 'transceivers' | 'faq_entries' | 'troubleshooting_guides' | 'news_articles' | 'datasheet_chunks';

function jsonList(text: unknown): string[] {
  try {
    const value = JSON.parse(String(text ?? '[]')) as unknown;
    return Array.isArray(value) ? value.map(String) : [];
  } catch {
    return [];
  }
}

const k = (db: AppDatabase) => db.kysely.withTables<SourceTables>();

/** Rows per statement while reading every version, so a large table is read in steps the event loop can breathe between. */
const VERSIONS_PAGE = 5000;

interface TableSpec {
  table: SourceTable;
  /** The rows of the given ids (where t.id in ids). */
  rows(ids: string[]): Compilable<Row> & { execute(): Promise<Row[]> };
  toDocument(row: Row): SourceDocument;
  toRecord(row: Row): SourceRecord;
}

async function rowsOf(spec: TableSpec, ids: string[]): Promise<Row[]> {
  const rows: Row[] = [];
  for (const slice of inSlices(ids, IDS_PER_STATEMENT)) rows.push(...(await spec.rows(slice).execute()));
  return rows;
}

function tableSource(db: AppDatabase, spec: TableSpec): CollectionSource {
  const summary = () =>
    k(db)
      .selectFrom(spec.table)
      .select((eb) => [eb.fn.countAll<number>().as('n'), eb.fn.max('updated_at').as('u')])
      .executeTakeFirstOrThrow();
  return {
    async fingerprint() {
      const row = await summary();
      return `${Number(row.n)}|${row.u ?? ''}`;
    },
    count: async () => Number((await summary()).n),
    async versions() {
      const versions = new Map<string, string>();
      let after: string | undefined;
      for (;;) {
        let page = k(db).selectFrom(spec.table).select(['id', 'updated_at']).orderBy('id').limit(VERSIONS_PAGE);
        if (after !== undefined) page = page.where('id', '>', after);
        const rows = await page.execute();
        for (const row of rows) versions.set(row.id, row.updated_at);
        if (rows.length < VERSIONS_PAGE) return versions;
        after = rows[rows.length - 1]?.id;
      }
    },
    documents: async (ids) => (await rowsOf(spec, ids)).map(spec.toDocument),
    records: async (ids) => new Map((await rowsOf(spec, ids)).map((row) => [String(row.id), spec.toRecord(row)])),
  };
}

export function productSource(db: AppDatabase): CollectionSource {
  return tableSource(db, {
    table: 'transceivers',
    rows: (ids) =>
      k(db)
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
        .where('t.id', 'in', ids),
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
      snippet: snippetOf(
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
    rows: (ids) =>
      k(db)
        .selectFrom('faq_entries as t')
        .select(['t.id', 't.question', 't.answer', 't.category', 't.tags', 't.is_seed', 't.updated_at'])
        .where('t.id', 'in', ids),
    toDocument: (r) => ({ id: String(r.id), version: String(r.updated_at), text: `${String(r.question)}\n${String(r.answer)}` }),
    toRecord: (r) => ({
      title: String(r.question),
      snippet: snippetOf(String(r.answer)),
      record: { id: r.id, question: r.question, answer: r.answer, category: r.category, tags: jsonList(r.tags), is_seed: r.is_seed === 1 },
    }),
  });
}

export function troubleshootingSource(db: AppDatabase): CollectionSource {
  return tableSource(db, {
    table: 'troubleshooting_guides',
    rows: (ids) =>
      k(db)
        .selectFrom('troubleshooting_guides as t')
        .select(['t.id', 't.title', 't.symptom', 't.causes', 't.steps', 't.applies_to', 't.is_seed', 't.updated_at'])
        .where('t.id', 'in', ids),
    toDocument: (r) => ({
      id: String(r.id),
      version: String(r.updated_at),
      text: `${String(r.title)}\nSymptom: ${String(r.symptom)}\nCauses: ${jsonList(r.causes).join('; ')}\nSteps: ${jsonList(r.steps).join(' ')}`,
    }),
    toRecord: (r) => ({
      title: String(r.title),
      snippet: snippetOf(String(r.symptom)),
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
    rows: (ids) =>
      k(db)
        .selectFrom('news_articles as t')
        .select(['t.id', 't.title', 't.summary', 't.url', 't.source', 't.published_at', 't.tags', 't.sentiment', 't.is_seed', 't.updated_at'])
        .where('t.id', 'in', ids),
    toDocument: (r) => ({ id: String(r.id), version: String(r.updated_at), text: `${String(r.title)}\n${String(r.summary)}` }),
    toRecord: (r) => ({
      title: String(r.title),
      snippet: snippetOf(String(r.summary)),
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
    rows: (ids) =>
      k(db)
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
        .where('t.id', 'in', ids),
    toDocument: (r) => ({
      id: String(r.id),
      version: String(r.updated_at),
      text: `${String(r.datasheet_title)} (${String(r.part_number)}) — ${String(r.section)}\n${String(r.content)}`,
    }),
    toRecord: (r) => ({
      title: `${String(r.datasheet_title)} — ${String(r.section)}`,
      snippet: snippetOf(String(r.content)),
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

/** Mirrors a collection's last build into the database (the files stay the source of truth for the index itself). */
export async function recordCollectionBuild(
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
): Promise<void> {
  const row = {
    provider: build.provider,
    model: build.model,
    dimension: build.dimension,
    item_count: build.count,
    built_at: build.builtAt,
    build_ms: build.buildMs,
    source_fingerprint: build.fingerprint,
    updated_at: db.dialect.nowIso(),
  };
  await k(db)
    .insertInto('vector_collections')
    .values({ name: build.name, ...row })
    .onConflict((oc) => oc.column('name').doUpdateSet(row))
    .execute();
}
