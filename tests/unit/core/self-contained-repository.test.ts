import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * Someone who clones only this repository must find everything it cites inside it: no pointers to documents that
 * lived beside the checkout, and every relative link in the Markdown resolves to a file in the repository.
 */
const root = resolve('.');
const TEXT = /\.(ts|tsx|mts|mjs|js|md|proto|sql|json|yml|yaml|html|css)$/;
const SKIP = new Set(['node_modules', 'out', 'dist', 'release', '.git']);

function files(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    if (SKIP.has(entry.name)) return [];
    const path = join(dir, entry.name);
    return entry.isDirectory() ? files(path) : TEXT.test(entry.name) ? [path] : [];
  });
}

const tracked = [
  'README.md',
  ...['docs', 'src', 'tests', 'bench', 'scripts', 'proto', 'migrations', 'resources'].flatMap((dir) => (existsSync(dir) ? files(join(root, dir)) : [])),
].map((f) => resolve(f));

// Spelled in pieces so that this file does not match itself.
const OUTSIDE = [
  ['..', '/shared'],
  ['shared', '/spec'],
  ['interface', '-spec'],
  ['ARCHITECTURE', '.md'],
  ['ris-wire', '-facts'],
].map((parts) => parts.join(''));

describe('the repository stands on its own', () => {
  it('cites no document outside the repository', () => {
    const found = tracked.flatMap((file) => {
      if (file.endsWith('package-lock.json')) return [];
      // Imports of src/shared are inside the repository; only prose and comments are at issue.
      const lines = readFileSync(file, 'utf8')
        .split('\n')
        .filter((line) => !/\b(?:from|import)\s*\(?\s*['"][./]*shared\//.test(line));
      return OUTSIDE.filter((needle) => lines.some((line) => line.includes(needle))).map((needle) => `${relative(root, file)}: ${needle}`);
    });
    expect(found).toEqual([]);
  });

  it('has a target for every relative link in README.md and docs/', () => {
    const markdown = tracked.filter((f) => f.endsWith('.md') && (f === resolve('README.md') || f.startsWith(resolve('docs'))));
    expect(markdown).toContain(resolve('docs/architecture.md'));
    const broken = markdown.flatMap((file) =>
      [...readFileSync(file, 'utf8').matchAll(/\]\(([^)#\s]+)(?:#[^)]*)?\)/g)]
        .map((m) => m[1] as string)
        .filter((target) => !/^[a-z]+:/.test(target) && !existsSync(resolve(dirname(file), target)))
        .map((target) => `${relative(root, file)} -> ${target}`),
    );
    expect(broken).toEqual([]);
  });
});
