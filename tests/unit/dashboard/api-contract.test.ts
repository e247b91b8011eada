import { readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import ts from 'typescript';
import { beforeAll, describe, expect, it } from 'vitest';

const ROOT = resolve(import.meta.dirname, '..', '..', '..');
const RENDERER = join(ROOT, 'src', 'renderer');
/**
 * The screens that read the two renamed fields, as the program's roots: TypeScript checks them and what they import
 * with the renderer's compiler options, which takes a fraction of the whole project's time.
 */
const READERS = ['src/renderer/src/transceivers/transceiver-table.tsx', 'src/renderer/src/search/search-results.tsx'].map((path) => join(ROOT, path));

function rendererProgramSetup() {
  const configFile = join(ROOT, 'tsconfig.web.json');
  const config = ts.readConfigFile(configFile, (path) => ts.sys.readFile(path));
  return ts.parseJsonConfigFileContent(config.config, ts.sys, ROOT, undefined, configFile);
}

/**
 * Type-checks renderer files with the renderer project's options (tsconfig.web.json) and some files' text replaced
 * in memory, and returns the diagnostics as "file: message" lines. Passing the previous program lets TypeScript
 * reuse the unchanged files.
 */
function checkRenderer(replacements: Map<string, string>, oldProgram?: ts.Program): { program: ts.Program; problems: string[] } {
  const setup = rendererProgramSetup();
  const host = ts.createCompilerHost(setup.options, true);
  const readFile = host.readFile.bind(host);
  const getSourceFile = host.getSourceFile.bind(host);
  host.readFile = (path) => replacements.get(resolve(path)) ?? readFile(path);
  host.getSourceFile = (path, language, onError, shouldCreate) => {
    const text = replacements.get(resolve(path));
    return text === undefined ? getSourceFile(path, language, onError, shouldCreate) : ts.createSourceFile(path, text, language);
  };
  const program = ts.createProgram({ rootNames: READERS, options: setup.options, host, ...(oldProgram ? { oldProgram } : {}) });
  const problems = ts
    .getPreEmitDiagnostics(program)
    .map((d) => `${d.file ? d.file.fileName.slice(ROOT.length + 1) : '?'}: ${ts.flattenDiagnosticMessageText(d.messageText, ' ')}`);
  return { program, problems };
}

function renameInSchema(relativePath: string, from: string, to: string): [string, string] {
  const path = join(ROOT, relativePath);
  const text = readFileSync(path, 'utf8');
  const renamed = text.replace(`  ${from}: `, `  ${to}: `);
  if (renamed === text) throw new Error(`${relativePath} has no field ${from}`);
  return [path, renamed];
}

describe('the dashboard reads the service schemas, not a copy of them', () => {
  let baseline: { program: ts.Program; problems: string[] };
  beforeAll(() => {
    baseline = checkRenderer(new Map());
  }, 60_000);

  it('type-checks cleanly as it is (so the failures below come from the renames)', () => {
    expect(baseline.problems).toEqual([]);
  });

  it('fails its type-check when a response field is renamed in a shared schema', () => {
    const replacements = new Map([
      // Read through an imported type (the table's rows) ...
      renameInSchema('src/shared/api/catalogue/product-identity.schemas.ts', 'part_number', 'part_no'),
      // ... and through the route map, where only the path names the reply (GET /api/search in the Search tab).
      renameInSchema('src/shared/api/search.schemas.ts', 'took_ms', 'duration_ms'),
    ]);
    const { problems } = checkRenderer(replacements, baseline.program);
    expect(problems.filter((p) => p.startsWith('src/renderer/src/transceivers/transceiver-table.tsx') && p.includes("'part_number'"))).not.toEqual([]);
    expect(problems.filter((p) => p.startsWith('src/renderer/src/search/search-results.tsx') && p.includes("'took_ms'"))).not.toEqual([]);
  }, 60_000);

  it('imports the schemas for their types only, so TypeBox stays out of the bundle', () => {
    const valueImports: string[] = [];
    const walk = (dir: string) => {
      for (const entry of readdirSync(dir, { withFileTypes: true })) {
        const path = join(dir, entry.name);
        if (entry.isDirectory()) walk(path);
        else if (/\.tsx?$/.test(entry.name)) {
          for (const line of readFileSync(path, 'utf8').split('\n')) {
            if (/^import (?!type ).*from '[./]+shared\/api\//.test(line) || /from '@sinclair\/typebox'/.test(line))
              valueImports.push(`${path.slice(ROOT.length + 1)}: ${line}`);
          }
        }
      }
    };
    walk(RENDERER);
    expect(valueImports).toEqual([]);
  });
});
