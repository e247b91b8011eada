import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../../src/service/db/database.js';
import { importTableCounts } from '../../../src/service/features/catalogue/import/import.repository.js';
import { DATABASE_FILE } from '../../../src/service/index.js';
import { FX, insertReferenceData } from '../../helpers/catalogue-fixtures.js';
import { startTestService } from '../../helpers/test-service.js';

const run = promisify(execFile);
const TSX = resolve('node_modules/.bin/tsx');

/** The `import` verb of src/cli.ts as a user runs it: a real process against a real data directory. */
describe('npm run cli -- import', () => {
  let dataDir: string;
  const counts = () => {
    const db = openDatabase(join(dataDir, DATABASE_FILE));
    try {
      return importTableCounts(db);
    } finally {
      void db.close();
    }
  };
  const cli = async (...args: string[]) =>
    run(TSX, ['src/cli.ts', 'import', ...args], { env: { ...process.env, DATA_DIR: dataDir, LOG_LEVEL: 'silent' } }).then(
      (r) => ({ code: 0, ...r }),
      (e: { code: number; stdout: string; stderr: string }) => ({ code: e.code, stdout: e.stdout, stderr: e.stderr }),
    );

  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'ti-cli-'));
    const t = await startTestService({ dataDir });
    insertReferenceData(t.service.ctx.db);
    await t.close();
  });
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it('refuses a file with a bad row (exit 1, nothing written), names the line, then imports a good file', async () => {
    const header = 'vendor_id,part_number,name,form_factor,speed_gbps,fiber_type,wdm_type,data_confidence';
    const bad = join(dataDir, 'bad.csv');
    writeFileSync(bad, `${header}\n${FX.shopA},CLI-1,One,SFP28,25,MMF,none,scraped_unverified\n${FX.shopA},CLI-2,Two,SFP28,25,MMF,none,maybe\n`);
    const before = counts();
    const refused = await cli('transceivers', bad);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain('line 3 (row 2) data_confidence');
    expect(refused.stderr).toContain('Nothing was written. Fix the rows above, or pass --skip-bad-rows');
    expect(refused.stdout).toBe('transceivers: 2 rows, 1 bad; wrote nothing\n');
    expect(counts()).toEqual(before);

    const good = join(dataDir, 'good.json');
    writeFileSync(
      good,
      JSON.stringify([
        {
          vendor_id: FX.shopA,
          part_number: 'CLI-1',
          name: 'One',
          form_factor: 'SFP28',
          speed_gbps: '25G',
          fiber_type: 'MMF',
          wdm_type: 'none',
          data_confidence: 'scraped_unverified',
        },
      ]),
    );
    const accepted = await cli('transceivers', good);
    expect(accepted.code, accepted.stderr).toBe(0);
    expect(accepted.stdout).toContain('wrote 1 new');
    expect(counts().transceivers).toBe(before.transceivers + 1);

    const skipped = await cli('transceivers', bad, '--skip-bad-rows');
    expect(skipped.code).toBe(0);
    expect(skipped.stdout).toContain('0 new, 1 updated');
  });

  it('explains wrong usage with exit 2', async () => {
    const result = await cli('gadgets', 'x.csv');
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('transceivers, switches, prices, demand');
  });
});
