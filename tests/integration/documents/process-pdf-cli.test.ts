import { execFile } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runProcessPdfCommand } from '../../../src/service/features/documents/documents.cli.js';
import type { DocumentsCtx } from '../../../src/service/features/documents/documents.service.js';
import { largePdf, manualPdf, pngBytes } from '../../fixtures/pdf/pdf-fixtures.js';
import { captureStreams } from '../../helpers/cli-streams.js';
import { startTestService, type TestService } from '../../helpers/test-service.js';
import { listDocuments } from '../../../src/service/features/documents/documents.repository.js';

const run = promisify(execFile);
const TSX = resolve('node_modules/.bin/tsx');

/** The `process-pdf` verb of src/cli.ts as a user runs it: a real process against a real data directory. */
describe('npm run cli -- process-pdf', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'ti-cli-pdf-'));
  const cli = async (...args: string[]) =>
    run(TSX, ['src/cli.ts', 'process-pdf', ...args], {
      env: { ...process.env, DATA_DIR: dataDir, LOG_LEVEL: 'silent', EMBEDDINGS_PROVIDER: 'hash', SEED_ON_START: 'false', SCHEDULER_ENABLED: 'false' },
    }).then(
      (r) => ({ code: 0, ...r }),
      (e: { code: number; stdout: string; stderr: string }) => ({ code: e.code, stdout: e.stdout, stderr: e.stderr }),
    );
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it('processes a manual into chunks, then refuses the same file as a duplicate (exit 1)', async () => {
    const file = join(dataDir, 'lr4-manual.pdf');
    writeFileSync(file, await manualPdf());
    const first = await cli(file);
    expect(first.code, first.stderr).toBe(0);
    expect(first.stdout).toMatch(/^Processed lr4-manual\.pdf: 2 pages, 4 chunks in manual_chunks \(document [0-9a-f-]{36}\)\n$/);

    const again = await cli(file);
    expect(again.code).toBe(1);
    expect(again.stderr).toMatch(/file: the same PDF is already processed as document [0-9a-f-]{36}/);
  });
});

/** The verb called in-process with a test service's parts: the service's admission rules, not the CLI's, decide. */
describe('runProcessPdfCommand', () => {
  let t: TestService;
  let lent = 0;
  const withDocuments = async <R>(work: (ctx: DocumentsCtx) => Promise<R>) => {
    lent += 1;
    return work(t.service.ctx);
  };
  const command = async (...args: string[]) => {
    const io = captureStreams();
    const code = await runProcessPdfCommand(args, { streams: io.streams, withDocuments });
    return { code, stdout: io.stdout(), stderr: io.stderr() };
  };
  const incoming = () => readdirSync(t.service.ctx.documents.incomingDir);

  beforeAll(async () => {
    // 64 KiB limit: the 100-page PDF (about 90 KiB) is over it.
    t = await startTestService({ env: { DOCUMENTS_MAX_BYTES: '65536' } });
  });
  afterAll(async () => t?.close());

  it('refuses wrong usage (exit 2) and a missing file (exit 1) without building a service', async () => {
    expect(await command()).toMatchObject({ code: 2, stderr: 'Usage: npm run cli -- process-pdf <file.pdf>\n' });
    expect(await command('a.pdf', 'b.pdf')).toMatchObject({ code: 2 });
    const missing = join(t.dataDir, 'no-such.pdf');
    expect(await command(missing)).toMatchObject({ code: 1, stderr: `Cannot read ${missing}: no such file\n` });
    expect(lent).toBe(0);
  });

  it('refuses a file that is not a PDF, and one over DOCUMENTS_MAX_BYTES, keeping no copy', async () => {
    const png = join(t.dataDir, 'photo.pdf');
    writeFileSync(png, pngBytes());
    const notPdf = await command(png);
    expect(notPdf.code).toBe(1);
    expect(notPdf.stderr).toContain('file: "photo.pdf" is not a PDF (no %PDF- header at its start)');

    const big = join(t.dataDir, 'big.pdf');
    writeFileSync(big, await largePdf());
    const tooLarge = await command(big);
    expect(tooLarge.code).toBe(1);
    expect(tooLarge.stderr).toContain('file: larger than the 0.1 MiB limit (DOCUMENTS_MAX_BYTES)');

    expect(lent).toBe(2);
    expect(incoming()).toEqual([]);
    expect((await listDocuments(t.service.ctx.db, { limit: 1, offset: 0 })).total).toBe(0);
  });
});
