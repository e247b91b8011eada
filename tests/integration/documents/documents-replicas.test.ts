import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { INTERRUPTED_BY_RESTART } from '../../../src/service/features/documents/documents.jobs.js';
import { insertDocument } from '../../../src/service/features/documents/documents.repository.js';
import type { Document } from '../../../src/shared/api/documents.schemas.js';
import { largePdf, manualPdf } from '../../fixtures/pdf/pdf-fixtures.js';
import { signIn, spawnReplica } from '../../helpers/replica-process.js';
import type { SpawnedServer } from '../../helpers/spawn-server.js';
import { dropTestDatabase, TEST_ENGINE, testDatabaseEnv } from '../../helpers/test-database.js';
import { startTestService, TEST_PASSWORD, type TestService } from '../../helpers/test-service.js';
import { until } from '../../helpers/wait-until.js';
import { getJson, upload } from './documents-helpers.js';

/** Short beats, so a heartbeat lapses (four beats) within a test; every process on the database beats alike. */
const BEATS = { JOB_HEARTBEAT_MS: '250' };

/** An Ollama that takes every request and never answers: a replica's embedding call hangs there until it is killed. */
async function silentOllama(): Promise<{ url: string; close(): Promise<void> }> {
  const server: Server = createServer(() => undefined);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/**
 * Several service processes on one database: a document is processed by the process it was uploaded to, which
 * beats for it. Another process starting (a replica joining, or restarting in a rolling upgrade) leaves that work
 * alone; the documents of a process that is gone end failed, "interrupted by restart".
 */
describe('documents processed while other processes share the database', () => {
  const dirA = mkdtempSync(join(tmpdir(), 'ti-docs-replica-a-'));
  // A SQLite database is a file in the data directory; on PostgreSQL each process has a folder of its own.
  const [dirB, dirC] = ['b', 'c'].map((name) => (TEST_ENGINE === 'sqlite' ? dirA : mkdtempSync(join(tmpdir(), `ti-docs-replica-${name}-`)))) as [
    string,
    string,
  ];
  let shared: Record<string, string>;
  const running: TestService[] = [];
  let killed: SpawnedServer | undefined;

  const replica = async (dataDir: string, env: Record<string, string> = BEATS) => {
    const t = await startTestService({ dataDir, listen: true, env: { ...shared, ...env } });
    running.push(t);
    return { url: t.url, token: await t.login() };
  };
  const stopReplicas = async () => {
    for (const t of running.splice(0).reverse()) await t.close();
  };
  const documentOn = async (r: { url: string; token: string }, id: string) => (await getJson<Document>(r.url, r.token, `/api/documents/${id}`)).body;

  beforeAll(async () => {
    shared = await testDatabaseEnv(dirA);
  });
  afterAll(async () => {
    killed?.child.kill('SIGKILL');
    await stopReplicas();
    await dropTestDatabase(dirA);
    for (const dir of new Set([dirA, dirB, dirC])) rmSync(dir, { recursive: true, force: true });
  });

  it('a process starting leaves another live process’s processing and queued documents alone, and they finish', async () => {
    const a = await replica(dirA);
    // A's embedding waits for the test: its first document stays processing, its second queued behind it.
    const embeddings = running[0]!.service.ctx.search.embeddings;
    const embed = embeddings.embedDocuments.bind(embeddings);
    let release: () => void = () => undefined;
    const gate = new Promise<void>((resolve) => (release = resolve));
    vi.spyOn(embeddings, 'embedDocuments').mockImplementation(async (texts) => {
      await gate;
      return embed(texts);
    });
    const accepted = async (response: Response) => {
      expect(response.status).toBe(202);
      return ((await response.json()) as Document).id;
    };
    const first = await accepted(await upload(a.url, a.token, await manualPdf(), 'held-manual.pdf'));
    const second = await accepted(await upload(a.url, a.token, await largePdf(3), 'queued-course.pdf'));
    await until(async () => (await documentOn(a, first)).progress >= 0.5, 'the first document reaching its embedding');

    const b = await replica(dirB);
    expect(await documentOn(b, first)).toMatchObject({ status: 'processing', error: null });
    expect(await documentOn(b, second)).toMatchObject({ status: 'queued', error: null });

    // A document whose process stopped beating at this moment: once the sweeps end it, A's documents have outlived
    // a lapse while A and B swept, and only A's beats kept them.
    const stranger = randomUUID();
    await insertDocument(
      running[1]!.service.ctx.db,
      { id: stranger, filename: 'stopped.pdf', sha256: 'f'.repeat(64), sizeBytes: 8, content: Buffer.from('%PDF-1.7') },
      { holder: randomUUID(), pid: process.pid, atIso: new Date().toISOString() },
    );
    await until(async () => (await documentOn(b, stranger)).status === 'failed', 'the stopped process’s document ending failed');
    expect(await documentOn(b, stranger)).toMatchObject({ error: INTERRUPTED_BY_RESTART, chunks_count: 0 });
    expect((await documentOn(b, first)).status).toBe('processing');
    expect((await documentOn(b, second)).status).toBe('queued');

    release();
    await until(async () => (await documentOn(b, second)).status !== 'queued' && (await documentOn(b, second)).status !== 'processing', 'A finishing both');
    for (const id of [first, second]) expect(await documentOn(b, id)).toMatchObject({ status: 'processed', error: null });
    expect((await documentOn(b, first)).chunks_count).toBe(4);
    await stopReplicas();
  });

  it('the documents of a killed process end failed: at the next start on one machine (SQLite), once its heartbeat lapses on a server', async () => {
    const ollama = await silentOllama();
    // On one machine (SQLite) the default beats: the heartbeat is still fresh when the next process starts, so only the
    // process id can tell it that the holder is gone. A server's processes may run on other machines: there the lapse does.
    const beats = TEST_ENGINE === 'sqlite' ? {} : BEATS;
    try {
      // The killed process shares the database (and on SQLite its folder); its embedding call never comes back.
      killed = await spawnReplica(dirA, TEST_PASSWORD, { ...shared, ...beats, EMBEDDINGS_PROVIDER: 'ollama', OLLAMA_HOST: ollama.url });
      const k = { url: killed.url, token: await signIn(killed.url, TEST_PASSWORD) };
      const response = await upload(k.url, k.token, await largePdf(5), 'killed-course.pdf');
      expect(response.status).toBe(202);
      const id = ((await response.json()) as Document).id;
      await until(async () => (await documentOn(k, id)).progress >= 0.5, 'the killed process’s document reaching its embedding');
      killed.child.kill('SIGKILL');
      await killed.exited;

      const next = await replica(dirC, beats);
      if (TEST_ENGINE === 'sqlite') expect((await documentOn(next, id)).status).toBe('failed');
      await until(async () => (await documentOn(next, id)).status === 'failed', 'the killed process’s document ending failed');
      expect(await documentOn(next, id)).toMatchObject({ error: INTERRUPTED_BY_RESTART, chunks_count: 0, processed_at: null });
    } finally {
      await ollama.close();
    }
  });
});
