import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

/**
 * `out/server` holds what tsconfig.server.json compiles. Code that only tests or benchmarks use belongs in tests/ or
 * bench/, so every compiled module must be reachable from a program entry: the headless server and CLI, the desktop
 * shell, preload and renderer (which import src/shared), and worker-thread scripts (started by file name).
 */
const root = resolve('.');

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(entry.name) && !entry.name.endsWith('.d.ts') ? [path] : [];
  });
}

/** Relative specifiers of static and dynamic imports, re-exports and worker scripts named next to the importer. */
function localImports(file: string): string[] {
  const text = readFileSync(file, 'utf8');
  const specifiers = [
    ...text.matchAll(/\b(?:from|import)\s*\(?\s*['"](\.{1,2}\/[^'"]+)['"]/g),
    ...text.matchAll(/new URL\(\s*['"](\.{1,2}\/[^'"]+)['"]\s*,\s*import\.meta\.url/g),
  ].map((m) => m[1] as string);
  const workers = [...text.matchAll(/workerScript\(\s*import\.meta\.url\s*,\s*['"]([^'"]+)['"]/g)].map((m) => `./${m[1] as string}`);
  return [...specifiers, ...workers].flatMap((specifier) => {
    const base = resolve(dirname(file), specifier).replace(/\.(js|jsx|mjs)$/, '');
    return [`${base}.ts`, `${base}.tsx`, join(base, 'index.ts')].filter((candidate) => existsSync(candidate));
  });
}

function reachable(entries: string[]): Set<string> {
  const seen = new Set<string>();
  const pending = [...entries];
  while (pending.length > 0) {
    const file = pending.pop() as string;
    if (seen.has(file)) continue;
    seen.add(file);
    pending.push(...localImports(file));
  }
  return seen;
}

function serverBuildFiles(): string[] {
  const parsed = ts.getParsedCommandLineOfConfigFile(resolve('tsconfig.server.json'), {}, { ...ts.sys, onUnRecoverableConfigFileDiagnostic: () => undefined });
  if (!parsed) throw new Error('tsconfig.server.json cannot be read');
  return parsed.fileNames.map((f) => resolve(f));
}

describe('what out/server is built from', () => {
  it('compiles only modules that a program entry reaches, no test or benchmark support', () => {
    const src = sourceFiles(join(root, 'src'));
    const entries = [
      resolve('src/server.ts'),
      resolve('src/cli.ts'),
      resolve('src/monitor.ts'),
      resolve('src/tool-server.ts'),
      ...src.filter((f) => /^src\/(main|preload|renderer)\//.test(relative(root, f))),
      ...src.filter((f) => f.endsWith('.worker.ts')),
    ];
    const used = reachable(entries);
    const built = serverBuildFiles();
    expect(built.length).toBeGreaterThan(50);
    expect(built).toContain(resolve('src/cli.ts'));
    expect(built.filter((f) => !used.has(f)).map((f) => relative(root, f))).toEqual([]);
  });

  it('would notice a module that only tests import', () => {
    // The import graph must not over-approximate: this helper is imported by tests only.
    expect(reachable([resolve('src/server.ts'), resolve('src/cli.ts')]).has(resolve('tests/helpers/search-evaluation.ts'))).toBe(false);
    expect(reachable([resolve('tests/integration/search/retrieval-quality.test.ts')]).has(resolve('tests/helpers/search-evaluation.ts'))).toBe(true);
  });
});
