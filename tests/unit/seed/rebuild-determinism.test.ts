import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { buildDataset } from '../../../scripts/seed-builder/dataset.builder.js';
import { writeDataset } from '../../../scripts/seed-builder/dataset.writer.js';
import { catalogueSeedDir } from '../../../src/service/features/seed/seed.files.js';
import { RESOURCES_DIR } from './seed-test-data.js';

const outDir = mkdtempSync(join(tmpdir(), 'ti-seed-build-'));
afterAll(() => rmSync(outDir, { recursive: true, force: true }));

describe('the seed builder', () => {
  it('regenerates the committed data set byte for byte', () => {
    const manifest = writeDataset(buildDataset(), outDir);
    const committedDir = catalogueSeedDir(RESOURCES_DIR);
    const built = readdirSync(outDir).sort();
    const committed = readdirSync(committedDir)
      .filter((f) => f.endsWith('.json'))
      .sort();
    expect(built).toEqual(committed);
    for (const file of built) {
      // Byte comparison after undoing a CRLF checkout (git autocrlf), which the loader also tolerates.
      const committedBytes = Buffer.from(readFileSync(join(committedDir, file), 'utf8').replace(/\r\n/g, '\n'), 'utf8');
      const same = readFileSync(join(outDir, file)).equals(committedBytes);
      expect(same, `${file} differs from the committed copy; rebuild with npx tsx scripts/seed-builder/build.ts`).toBe(true);
    }
    expect(manifest.files.transceivers.rows).toBe(1168);
  });

  it('is deterministic within one process as well (no clock, no Math.random)', () => {
    const a = JSON.stringify(buildDataset());
    const b = JSON.stringify(buildDataset());
    expect(a === b).toBe(true);
  });
});
