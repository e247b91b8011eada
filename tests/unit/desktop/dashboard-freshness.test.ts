import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
// @ts-expect-error -- a plain .mjs start-up script without type declarations
import { dashboardBuildReason } from '../../../scripts/dashboard-freshness.mjs';

const reasonOf = dashboardBuildReason as (root: string) => string | undefined;

describe('npm start / npm run serve: whether the dashboard must be built first', () => {
  const roots: string[] = [];
  afterEach(() => {
    for (const root of roots.splice(0)) rmSync(root, { recursive: true, force: true });
  });
  const checkout = () => {
    const root = mkdtempSync(join(tmpdir(), 'ti-fresh-'));
    roots.push(root);
    mkdirSync(join(root, 'src', 'renderer', 'src'), { recursive: true });
    mkdirSync(join(root, 'src', 'shared'), { recursive: true });
    writeFileSync(join(root, 'src', 'renderer', 'src', 'app.tsx'), 'export {};');
    writeFileSync(join(root, 'src', 'shared', 'speed.ts'), 'export {};');
    return root;
  };
  const at = (path: string, seconds: number) => utimesSync(path, seconds, seconds);

  it('builds on a fresh clone, where out/renderer does not exist', () => {
    expect(reasonOf(checkout())).toBe('the dashboard has not been built yet');
  });

  it('skips the build when the bundle is newer than every source, and builds again after a source changes', () => {
    const root = checkout();
    mkdirSync(join(root, 'out', 'renderer'), { recursive: true });
    const entry = join(root, 'out', 'renderer', 'index.html');
    writeFileSync(entry, '<!doctype html>');
    for (const path of ['src/renderer/src/app.tsx', 'src/renderer/src', 'src/renderer', 'src/shared/speed.ts', 'src/shared', 'src'])
      at(join(root, path), 1_000);
    at(entry, 2_000);
    expect(reasonOf(root)).toBeUndefined();
    at(join(root, 'src', 'shared', 'speed.ts'), 3_000);
    expect(reasonOf(root)).toBe('src/shared changed since the dashboard was built');
  });
});
