import { existsSync, readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const mainEntry = resolve(import.meta.dirname, '../../../src/main/index.ts');
const serviceEntry = resolve(import.meta.dirname, '../../../src/main/service-entry.ts');
const NATIVE = ['better-sqlite3', 'hnswlib-node'];

/** Static runtime imports of a module (type-only imports and dynamic import() are left out on purpose). */
function staticImports(file: string): string[] {
  const text = readFileSync(file, 'utf8');
  const found: string[] = [];
  for (const match of text.matchAll(/^\s*(import|export)\s+(type\s+)?(?:[^'";]*?\s+from\s+)?['"]([^'"]+)['"]/gm)) {
    if (match[2] === undefined) found.push(match[3] ?? '');
  }
  return found;
}

/** Everything Electron's main process evaluates at start: the static graph from src/main/index.ts. */
function startupGraph(entry: string): { files: Set<string>; packages: Set<string> } {
  const files = new Set<string>();
  const packages = new Set<string>();
  const pending = [entry];
  while (pending.length > 0) {
    const file = pending.pop() ?? '';
    if (files.has(file)) continue;
    files.add(file);
    for (const specifier of staticImports(file)) {
      if (!specifier.startsWith('.')) {
        packages.add(specifier);
        continue;
      }
      const target = resolve(dirname(file), specifier.replace(/\.js$/, '.ts'));
      if (existsSync(target)) pending.push(target);
    }
  }
  return { files, packages };
}

describe('what the desktop main process loads at start', () => {
  const graph = startupGraph(mainEntry);

  it('reaches the lifecycle, security and password modules', () => {
    const names = [...graph.files].map((f) => f.split(/[\\/]/).slice(-2).join('/'));
    expect(names).toEqual(expect.arrayContaining(['main/lifecycle.ts', 'main/security.ts', 'main/password-store.ts', 'service/config.ts']));
  });

  it('never loads a native addon (a checkout builds them for Node; the service is imported on demand)', () => {
    for (const name of NATIVE) expect([...graph.packages]).not.toContain(name);
    expect([...graph.files].some((f) => f.endsWith('service/index.ts'))).toBe(false);
  });

  it('never imports the renderer', () => {
    expect([...graph.files].some((f) => f.includes(`${'src'}/renderer/`))).toBe(false);
  });
});

describe("what the service's utility process loads", () => {
  const graph = startupGraph(serviceEntry);

  it('never imports electron (a utility process has only process.parentPort) and reaches the service on demand only', () => {
    expect([...graph.packages]).not.toContain('electron');
    for (const name of NATIVE) expect([...graph.packages]).not.toContain(name);
    expect([...graph.files].some((f) => f.endsWith('main/service-port-runner.ts'))).toBe(true);
  });

  it("is not part of the main process's own start-up graph", () => {
    expect([...startupGraph(mainEntry).files]).not.toContain(serviceEntry);
  });
});
