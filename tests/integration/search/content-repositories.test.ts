import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppDatabase } from '../../../src/service/db/database.js';
import type { SearchTables } from '../../../src/service/db/tables/search.tables.js';
import { createHashProvider } from '../../../src/service/embeddings/hash.provider.js';
import { createDocumentJobs, INTERRUPTED_BY_RESTART } from '../../../src/service/features/documents/documents.jobs.js';
import {
  countChunks,
  deleteDocument,
  failUnfinished,
  findLiveBySha,
  getDocument,
  insertDocument,
  listDocuments,
  manualChunkSource,
  storeChunks,
  updateProgress,
} from '../../../src/service/features/documents/documents.repository.js';
import { insertFetchedNews, listNews, newsSentimentFor, storedNewsKeys } from '../../../src/service/features/news/news.repository.js';
import { createSearchEngine } from '../../../src/service/features/search/search.engine.js';
import { faqSource, newsSource, productSource, recordCollectionBuild } from '../../../src/service/features/search/search.repository.js';
import { seedSearchContent } from '../../../src/service/features/search/seed-content.js';
import { type Config, loadConfig, openMigratedDatabase } from '../../../src/service/index.js';
import { testDatabaseEnv } from '../../helpers/test-database.js';

const silent = pino({ level: 'silent' });
/** A holder that is not a process of this test: a live process id and a heartbeat of now, unless a test says otherwise. */
const claimOf = (holder: string, atIso = new Date().toISOString()) => ({ holder, pid: process.pid, atIso });
const PDF = Buffer.from('%PDF-1.7');
const chunk = (idx: number, text: string) => ({ idx, heading: `Section ${idx}`, text, tokens: 10, pageStart: 1, pageEnd: 2 });

/** The search content, news and documents repositories against a migrated database of the run's engine. */
describe('search content, news and documents repositories', () => {
  let dataDir: string;
  let config: Config;
  let db: AppDatabase;

  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'ti-content-repos-'));
    config = loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent', ...(await testDatabaseEnv(dataDir)) });
    db = (await openMigratedDatabase(config)).db;
  });
  afterAll(async () => {
    await db?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('seeds the search content once, in multi-row statements, and the sources read it back by id', async () => {
    const first = await seedSearchContent(db, config.resourcesDir);
    expect(first).toEqual({ faq_entries: 19, troubleshooting_guides: expect.any(Number), news_articles: 33, datasheet_chunks: 40 });
    expect(await seedSearchContent(db, config.resourcesDir)).toEqual({ faq_entries: 0, troubleshooting_guides: 0, news_articles: 0, datasheet_chunks: 0 });

    const faq = faqSource(db);
    const versions = await faq.versions();
    expect(versions.size).toBe(19);
    expect(await faq.count()).toBe(19);
    const fingerprint = await faq.fingerprint();
    expect(fingerprint).toMatch(/^19\|\d{4}-/);
    const ids = [...versions.keys()].slice(0, 3);
    const docs = await faq.documents([...ids, 'no-such-id']);
    expect(docs.map((d) => d.id).sort()).toEqual([...ids].sort());
    expect(docs.every((d) => d.version === versions.get(d.id) && d.text.includes('\n'))).toBe(true);
    const records = await faq.records(ids);
    expect([...records.keys()].sort()).toEqual([...ids].sort());
    expect(records.get(ids[0] as string)?.record).toMatchObject({ id: ids[0], is_seed: true });

    // A deleted row changes the fingerprint and leaves the versions.
    await db.kysely
      .withTables<SearchTables>()
      .deleteFrom('faq_entries')
      .where('id', '=', ids[0] as string)
      .execute();
    expect(await faq.fingerprint()).not.toBe(fingerprint);
    expect((await faq.versions()).has(ids[0] as string)).toBe(false);
    expect(await productSource(db).fingerprint()).toBe('0|');
    expect((await newsSource(db).versions()).size).toBe(33);
  });

  it('reads every version of a table larger than one page, and rows by more ids than one statement takes', async () => {
    const many = Array.from({ length: 12_345 }, (_, i) => ({ id: `bulk-${String(i).padStart(5, '0')}`, question: `Q${i}`, answer: `A${i}`, category: 'bulk' }));
    const k = db.kysely.withTables<SearchTables>();
    for (let start = 0; start < many.length; start += 1000)
      await k
        .insertInto('faq_entries')
        .values(many.slice(start, start + 1000))
        .execute();
    const faq = faqSource(db);
    const versions = await faq.versions();
    expect(versions.size).toBe(18 + many.length);
    expect(many.every((row) => versions.has(row.id))).toBe(true);
    const docs = await faq.documents(many.map((row) => row.id));
    expect(docs).toHaveLength(many.length);
    await k.deleteFrom('faq_entries').where('category', '=', 'bulk').execute();
    expect(await faq.count()).toBe(18);
  });

  it('lists news by text and tag, reads sentiment by tag, and stores fetched articles once', async () => {
    const all = await listNews(db, { limit: 100, offset: 0 });
    expect(all.total).toBe(33);
    const tag = all.items.flatMap((i) => i.tags)[0] as string;
    const tagged = await listNews(db, { tag, limit: 100, offset: 0 });
    expect(tagged.total).toBeGreaterThan(0);
    expect(tagged.items.every((i) => i.tags.includes(tag))).toBe(true);
    const text = await listNews(db, { q: 'zr', limit: 100, offset: 0 });
    expect(text.total).toBeGreaterThan(0);
    expect(text.items.every((i) => /zr/i.test(`${i.title} ${i.summary}`))).toBe(true);
    expect((await listNews(db, { q: '%_%', limit: 100, offset: 0 })).total).toBe(0);

    const sentiment = await newsSentimentFor(db, [tag], '2000-01-01T00:00:00.000Z');
    expect(sentiment).toHaveLength(tagged.total);
    expect(sentiment.map((s) => s.published_at)).toEqual(sentiment.map((s) => s.published_at).sort());

    const article = {
      id: 'feed-test-1',
      title: 'Test article',
      summary: 'About 800g optics',
      url: 'https://example.com/a',
      source: 'Test',
      published_at: '2026-01-02T00:00:00.000Z',
      tags: ['800g'],
    };
    expect(await insertFetchedNews(db, [article, { ...article, id: 'feed-test-2', title: 'Another' }])).toBe(2);
    expect(await insertFetchedNews(db, [article])).toBe(0);
    expect((await storedNewsKeys(db)).some((k) => k.url === 'https://example.com/a')).toBe(true);
    expect((await listNews(db, { tag: '800g', limit: 100, offset: 0 })).items.map((i) => i.id)).toContain('feed-test-2');
  });

  it('stores chunks with never-reused versions, fails unfinished documents with their chunks removed, and deletes with cascade', async () => {
    const id = randomUUID();
    const doc = await insertDocument(db, { id, filename: 'manual.pdf', sha256: 'd'.repeat(64), sizeBytes: 100, content: PDF }, claimOf('holder-a'));
    expect(doc).toMatchObject({ id, status: 'queued', progress: 0, chunks_count: 0 });
    expect(doc).not.toHaveProperty('markdown');
    expect((await findLiveBySha(db, 'd'.repeat(64)))?.id).toBe(id);

    const source = manualChunkSource(db);
    const empty = await source.fingerprint();
    const chunks = Array.from({ length: 1200 }, (_, i) => chunk(i, `chunk ${i} text`));
    const stored = (await storeChunks(db, { documentId: id, pages: 2, markdown: '# M', chunks, processedAt: '2026-01-01T00:00:00.000Z' }))!;
    expect(stored).toHaveLength(1200);
    expect(new Set(stored.map((s) => s.version)).size).toBe(1200);
    expect(await countChunks(db, id)).toBe(1200);
    expect(await getDocument(db, id)).toMatchObject({ status: 'processed', chunks_count: 1200, pages: 2, progress: 1 });
    const fingerprint = await source.fingerprint();
    expect(fingerprint).not.toBe(empty);
    expect((await source.versions()).get(`${id}#5`)).toBe(stored[5]?.version);
    const [first] = await source.documents([`${id}#0`]);
    expect(first).toMatchObject({ id: `${id}#0`, text: 'manual.pdf — Section 0\nchunk 0 text' });
    expect((await source.records([`${id}#1`])).get(`${id}#1`)).toMatchObject({ title: 'manual.pdf — Section 1' });

    // Processing again replaces every chunk under new versions.
    const again = (await storeChunks(db, { documentId: id, pages: 2, markdown: '# M', chunks: chunks.slice(0, 2), processedAt: '2026-01-01T00:00:00.000Z' }))!;
    expect(Number(again[0]?.version)).toBeGreaterThan(Math.max(...stored.map((s) => Number(s.version))));
    expect(await source.fingerprint()).not.toBe(fingerprint);

    await updateProgress(db, id, { status: 'processing', progress: 0.4, pages: 3 });
    const queued = await insertDocument(db, { id: randomUUID(), filename: 'q.pdf', sha256: 'e'.repeat(64), sizeBytes: 10, content: PDF }, claimOf('holder-b'));
    const lapsed = await insertDocument(
      db,
      { id: randomUUID(), filename: 'l.pdf', sha256: 'a'.repeat(64), sizeBytes: 10, content: PDF },
      claimOf('holder-c', '2000-01-01T00:00:00.000Z'),
    );
    // Only what a gone process held: a heartbeat older than the lapse, or a holder known to be gone.
    const staleBeforeIso = new Date(Date.now() - 60_000).toISOString();
    expect(await failUnfinished(db, { staleBeforeIso, goneHolders: [] }, 'lapsed')).toEqual([lapsed.id]);
    expect(await getDocument(db, id)).toMatchObject({ status: 'processing' });
    expect((await failUnfinished(db, { staleBeforeIso, goneHolders: ['holder-a', 'holder-b'] }, 'stopped')).sort()).toEqual([id, queued.id].sort());
    expect(await getDocument(db, id)).toMatchObject({ status: 'failed', error: 'stopped', chunks_count: 0, processed_at: null, pages: 3 });
    expect(await countChunks(db, id)).toBe(0);
    expect(await findLiveBySha(db, 'd'.repeat(64))).toBeUndefined();
    expect((await listDocuments(db, { status: 'failed', limit: 10, offset: 0 })).total).toBe(3);

    // A failed document takes no chunks: its process learns it lost the document and stores nothing.
    expect(
      await storeChunks(db, { documentId: id, pages: 2, markdown: '# M', chunks: chunks.slice(0, 3), processedAt: '2026-01-01T00:00:00.000Z' }),
    ).toBeUndefined();
    expect(await countChunks(db, id)).toBe(0);
    expect(await getDocument(db, id)).toMatchObject({ status: 'failed', error: 'stopped' });

    const kept = await insertDocument(db, { id: randomUUID(), filename: 'k.pdf', sha256: 'b'.repeat(64), sizeBytes: 10, content: PDF }, claimOf('holder-d'));
    await storeChunks(db, { documentId: kept.id, pages: 2, markdown: '# M', chunks: chunks.slice(0, 3), processedAt: '2026-01-01T00:00:00.000Z' });
    expect(await countChunks(db, kept.id)).toBe(3);
    expect(await deleteDocument(db, kept.id)).toBe(true);
    expect(await deleteDocument(db, kept.id)).toBe(false);
    expect(await countChunks(db, kept.id)).toBe(0);
  });

  it('marks a document a dead process left processing as failed when the jobs start', async () => {
    const id = randomUUID();
    await insertDocument(
      db,
      { id, filename: 'killed.pdf', sha256: 'f'.repeat(64), sizeBytes: 10, content: PDF },
      claimOf('killed', '2000-01-01T00:00:00.000Z'),
    );
    await updateProgress(db, id, { status: 'processing', progress: 0.5 });
    const search = createSearchEngine({ config, db, logger: silent, now: Date.now, provider: createHashProvider() });
    const jobs = await createDocumentJobs({ dataDir, db, logger: silent, search, now: Date.now, batchSize: 4, heartbeatMs: 15_000 });
    try {
      expect(await getDocument(db, id)).toMatchObject({ status: 'failed', error: INTERRUPTED_BY_RESTART });
    } finally {
      await jobs.close();
      await search.close();
    }
  });

  it('records a collection build, replacing the previous record', async () => {
    const build = { name: 'faq_embeddings', provider: 'hash', model: 'm1', dimension: 768, count: 18, builtAt: null, buildMs: 5, fingerprint: '18|x' };
    await recordCollectionBuild(db, build);
    await recordCollectionBuild(db, { ...build, model: 'm2', count: 19, builtAt: '2026-01-01T00:00:00.000Z' });
    const rows = await db.kysely.withTables<SearchTables>().selectFrom('vector_collections').select(['name', 'model', 'item_count', 'built_at']).execute();
    expect(rows).toEqual([{ name: 'faq_embeddings', model: 'm2', item_count: 19, built_at: '2026-01-01T00:00:00.000Z' }]);
  });
});
