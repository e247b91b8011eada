import Fastify from 'fastify';
import { request as httpRequest } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ClientGoneError } from '../../../src/service/errors.js';
import { clientGoneSignal } from '../../../src/service/http/client-gone-signal.js';
import { runImport } from '../../../src/service/features/catalogue/import/import.service.js';
import { importTableCounts } from '../../../src/service/features/catalogue/import/import.repository.js';
import { insertReferenceData } from '../../helpers/catalogue-fixtures.js';
import { generateTransceivers } from '../../helpers/generated-catalogue.js';
import { type MigratedTestDatabase, openMigratedTestDatabase } from '../../helpers/test-database-open.js';

/** An import whose caller is gone stops, and its transaction leaves nothing behind, on either engine. */
describe('an import for a client that went away', () => {
  let opened: MigratedTestDatabase;

  beforeAll(async () => {
    opened = await openMigratedTestDatabase('ti-import-gone-');
    await insertReferenceData(opened.db);
  });
  afterAll(async () => opened?.close());

  it('stops during the write when its signal aborts, and writes nothing', async () => {
    const before = await importTableCounts(opened.db);
    const controller = new AbortController();
    const writes: number[] = [];
    const importing = runImport(opened.db, {
      kind: 'transceivers',
      format: 'json',
      // More rows than one multi-row insert holds, so the write has a step after the first batch.
      text: JSON.stringify(generateTransceivers(1_200, 0)),
      now: Date.now,
      signal: controller.signal,
      onProgress: (phase, done) => {
        if (phase !== 'write') return;
        writes.push(done);
        controller.abort(new ClientGoneError());
      },
    });
    await expect(importing).rejects.toBeInstanceOf(ClientGoneError);
    expect(writes).toEqual([500]);
    expect(await importTableCounts(opened.db)).toEqual(before);
  });
});

describe('clientGoneSignal', () => {
  const app = Fastify();
  const seen: Array<{ path: string; signal: AbortSignal }> = [];
  let closed: Array<Promise<void>> = [];
  let port = 0;

  beforeAll(async () => {
    const route = (path: string, answer: (signal: AbortSignal) => Promise<unknown>) =>
      app.get(path, async (_request, reply) => {
        const signal = clientGoneSignal(reply);
        seen.push({ path, signal });
        closed.push(new Promise((resolve) => reply.raw.once('close', () => resolve())));
        return answer(signal);
      });
    route('/slow', (signal) => new Promise((_resolve, reject) => signal.addEventListener('abort', () => reject(signal.reason as Error), { once: true })));
    route('/quick', async () => ({ ok: true }));
    await app.listen({ host: '127.0.0.1', port: 0 });
    const address = app.server.address();
    port = typeof address === 'object' && address ? address.port : 0;
  });
  afterAll(async () => app.close());

  const get = (path: string) => httpRequest({ host: '127.0.0.1', port, path, headers: { connection: 'close' } });

  it('aborts with ClientGoneError when the client closes its connection before the answer', async () => {
    closed = [];
    const req = get('/slow');
    req.on('error', () => {});
    req.end();
    await expect.poll(() => seen.some((s) => s.path === '/slow')).toBe(true);
    req.destroy();
    const { signal } = seen.find((s) => s.path === '/slow')!;
    await new Promise((resolve) => (signal.aborted ? resolve(undefined) : signal.addEventListener('abort', resolve, { once: true })));
    expect(signal.reason).toBeInstanceOf(ClientGoneError);
  });

  it('stays quiet when the answer was sent', async () => {
    closed = [];
    const body = await new Promise<string>((resolve, reject) => {
      const req = get('/quick');
      req.on('response', (res) => {
        let text = '';
        res.on('data', (chunk: Buffer) => (text += chunk.toString()));
        res.on('end', () => resolve(text));
      });
      req.on('error', reject);
      req.end();
    });
    expect(JSON.parse(body)).toEqual({ ok: true });
    await Promise.all(closed);
    expect(seen.find((s) => s.path === '/quick')!.signal.aborted).toBe(false);
  });
});
