import { mkdirSync, mkdtempSync, readFileSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
// @ts-expect-error -- a plain .mjs start-up script without type declarations
import { dashboardBuildReason, serviceBuildReason } from '../../../scripts/build-freshness.mjs';

const reasonOf = dashboardBuildReason as (root: string) => string | undefined;
const serviceReasonOf = serviceBuildReason as (root: string) => string | undefined;

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

describe('npm start / npm run serve: whether the service must be compiled first', () => {
  const roots: string[] = [];
  afterEach(() => {
    for (const root of roots.splice(0)) rmSync(root, { recursive: true, force: true });
  });
  const at = (path: string, seconds: number) => utimesSync(path, seconds, seconds);
  /** A checkout with the real compiler project, one source in each of two of its folders, all dated `seconds`. */
  const checkout = (seconds: number) => {
    const root = mkdtempSync(join(tmpdir(), 'ti-fresh-'));
    roots.push(root);
    for (const file of ['tsconfig.server.json', 'tsconfig.base.json', 'package-lock.json']) {
      writeFileSync(join(root, file), readFileSync(join(process.cwd(), file)));
      at(join(root, file), seconds);
    }
    for (const folder of ['src/service', 'src/tool-server']) {
      mkdirSync(join(root, folder), { recursive: true });
      writeFileSync(join(root, folder, 'index.ts'), 'export {};');
      at(join(root, folder, 'index.ts'), seconds);
      at(join(root, folder), seconds);
    }
    at(join(root, 'src'), seconds);
    return root;
  };

  it('compiles when there is no build, skips it when the last build is newer than every source, and compiles after a change', () => {
    const root = checkout(1_000);
    expect(serviceReasonOf(root)).toBe('the service has not been built yet');
    const buildInfo = join(root, 'out', 'server', '.tsbuildinfo');
    mkdirSync(join(root, 'out', 'server'), { recursive: true });
    writeFileSync(buildInfo, '{}');
    at(buildInfo, 2_000);
    expect(serviceReasonOf(root)).toBeUndefined();
    at(join(root, 'src', 'tool-server', 'index.ts'), 3_000);
    expect(serviceReasonOf(root)).toBe('src/tool-server changed since the service was built');
    at(buildInfo, 4_000);
    at(join(root, 'tsconfig.base.json'), 5_000);
    expect(serviceReasonOf(root)).toBe('tsconfig.base.json changed since the service was built');
  });
});
