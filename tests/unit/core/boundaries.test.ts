import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { cruise, type IViolation } from 'dependency-cruiser';
import extractDepcruiseOptions from 'dependency-cruiser/config-utl/extract-depcruise-options';
import extractTSConfig from 'dependency-cruiser/config-utl/extract-ts-config';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const root = resolve(import.meta.dirname, '../../..');
const configFile = join(root, '.dependency-cruiser.cjs');

/**
 * A miniature of the repository: every file either breaks one rule on purpose (a comment names it) or shows an
 * import the rules must allow. Imports are written the way the code base writes them (NodeNext, `.js` suffixes).
 */
const files: Record<string, string> = {
  // Allowed: the shapes the real code base uses.
  'src/service/index.ts': "import { authRoutes } from './features/auth/index.js';\nexport const routes = [authRoutes];\n",
  'src/service/config.ts': "import { ribConfig } from './features/rib/rib.config.js';\nexport const config = ribConfig;\n",
  'src/service/context.ts': "import type { Engine } from './features/search/index.js';\nexport type Context = { engine: Engine };\n",
  'src/service/public.ts': 'export const light = 1;\n',
  'src/service/errors.ts': 'export class AppError extends Error {}\n',
  'src/service/lan-addresses.ts': 'export const lan = [];\n',
  'src/service/http/app.ts':
    "import type { Context } from '../context.js';\nimport { AppError } from '../errors.js';\nexport const app = (c: Context) => [c, AppError];\n",
  'src/service/features/auth/index.ts': "export { authRoutes } from './auth.routes.js';\n",
  'src/service/features/auth/auth.routes.ts': "import type { Context } from '../../context.js';\nexport const authRoutes = (c: Context) => c;\n",
  'src/service/features/rib/rib.config.ts': 'export const ribConfig = {};\n',
  'src/service/features/search/index.ts': "export type { Engine } from './search.engine.js';\n",
  'src/service/features/search/search.engine.ts': "import type { Context } from '../../context.js';\nexport interface Engine { context: Context }\n",
  'src/service/features/search/search.service.ts': "import { speed } from '../catalogue/index.js';\nexport const s = speed;\n",
  'src/service/features/catalogue/index.ts': "export { speed } from './common/catalogue.values.js';\n",
  'src/service/features/catalogue/common/catalogue.values.ts': 'export const speed = 1;\n',
  'src/service/features/catalogue/prices/prices.service.ts': "import { speed } from '../common/catalogue.values.js';\nexport const p = speed;\n",
  'src/service/features/seed/seed.cli.ts': "import { routes } from '../../index.js'; // feature-not-to-composition-root\nexport const run = routes;\n",
  'src/cli.ts': "import { run } from './service/features/seed/seed.cli.js';\nexport const verbs = [run];\n",
  'src/shared/constants.ts': "export const PATH = '/dashboard/';\n",
  'src/renderer/src/app.tsx': "import { PATH } from '../../shared/constants.js';\nexport const App = () => PATH;\n",
  'src/main/window.ts': "import { light } from '../service/public.js';\nimport electron from 'electron';\nexport const w = [light, electron];\n",
  'src/main/host.ts':
    "import type { routes } from '../service/index.js';\nexport const host = async (): Promise<typeof routes> => (await import('../service/index.js')).routes;\n",
  'src/preload/index.ts': "import electron from 'electron';\nexport const p = electron;\n",
  'src/service/type-cycle-a.ts': "import type { B } from './type-cycle-b.js';\nexport type A = { b?: B };\n",
  'src/service/type-cycle-b.ts': "import type { A } from './type-cycle-a.js';\nexport type B = { a?: A };\n",
  'tests/reaches-anything.test.ts': "import type { Engine } from '../src/service/features/search/search.engine.js';\nexport type E = Engine;\n",

  // Each breaks the rule named in its comment.
  'src/service/db/desktop-dialog.ts': "import electron from 'electron'; // service-not-to-desktop\nexport const d = electron;\n",
  'src/service/http/auth-hook.ts': "import { authRoutes } from '../features/auth/index.js'; // infra-not-to-features\nexport const hook = authRoutes;\n",
  'src/service/features/news/news.service.ts':
    "import { Engine } from '../search/search.engine.js'; // feature-to-feature-via-public-entry\nexport type N = Engine;\n",
  'src/service/features/index.ts':
    "import { authRoutes } from './auth/auth.routes.js'; // outside-to-feature-via-public-entry\nexport const all = [authRoutes];\n",
  'src/service/prepare.ts': "import { run } from './features/seed/seed.cli.js'; // cli-verbs-only-from-cli-entry\nexport const prepare = run;\n",
  'src/renderer/src/errors.ts': "import { AppError } from '../../service/errors.js'; // renderer-only-renderer-and-shared\nexport const E = AppError;\n",
  'src/renderer/src/files.ts': "import { readFileSync } from 'node:fs'; // renderer-only-renderer-and-shared\nexport const r = readFileSync;\n",
  'src/shared/paths.ts': "import { join } from 'node:path'; // shared-stays-pure\nexport const j = join;\n",
  'src/shared/errors.ts': "import { AppError } from '../service/errors.js'; // shared-stays-pure\nexport const E = AppError;\n",
  'src/main/menu.ts': "import { lan } from '../service/lan-addresses.js'; // main-via-light-service-entry\nexport const m = lan;\n",
  'src/main/eager-host.ts': "import { routes } from '../service/index.js'; // main-loads-service-on-demand\nexport const e = routes;\n",
  'src/preload/bridge.ts': "import { App } from '../renderer/src/app.js'; // desktop-not-to-renderer\nexport const b = App;\n",
  'src/service/cycle-a.ts': "import { b } from './cycle-b.js'; // no-circular\nexport const a = () => b;\n",
  'src/service/cycle-b.ts': "import { a } from './cycle-a.js'; // closes the cycle, reported once at cycle-a\nexport const b = () => a;\n",
  // MCP tool server and the supervisor: the shapes they may use, and one break of each rule.
  'src/tool-server/api-client.ts':
    "import { authRoutes } from '../service/features/auth/index.js';\nimport { PATH } from '../shared/constants.js';\nexport const c = [authRoutes, PATH];\n",
  'src/tool-server/errors.ts': "import { AppError } from '../service/errors.js'; // tool-server-only-pure-helpers\nexport const E = AppError;\n",
  'src/supervisor/launch.ts': "import { light } from '../service/public.js'; // supervisor-stands-alone\nexport const l = light;\n",
};

const tsconfig = {
  compilerOptions: { target: 'ES2022', module: 'NodeNext', moduleResolution: 'NodeNext', jsx: 'react-jsx', strict: true, verbatimModuleSyntax: true },
  include: ['src/**/*', 'tests/**/*'],
};

/** `from -> rule` for every violation the fixture files announce in their comments. */
function announced(): string[] {
  const found: string[] = [];
  for (const [path, text] of Object.entries(files)) {
    for (const match of text.matchAll(/\/\/ ([a-z-]+)$/gm)) found.push(`${path} -> ${match[1]}`);
  }
  return found.sort();
}

describe('import boundaries (.dependency-cruiser.cjs)', () => {
  let dir: string;
  let violations: IViolation[];
  let ruleNames: string[];

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'ti-boundaries-'));
    for (const [path, text] of Object.entries(files)) {
      mkdirSync(dirname(join(dir, path)), { recursive: true });
      writeFileSync(join(dir, path), text);
    }
    writeFileSync(join(dir, 'tsconfig.json'), JSON.stringify(tsconfig));
    // The real packages, so `electron` and `node:` imports resolve exactly as they do in the repository.
    symlinkSync(join(root, 'node_modules'), join(dir, 'node_modules'), 'junction');
    // Read the way the depcruise command reads it; only the folder and the tsconfig differ.
    const options = await extractDepcruiseOptions(configFile);
    ruleNames = (options.ruleSet?.forbidden ?? []).map((rule) => rule.name ?? '');
    const tsConfigFile = join(dir, 'tsconfig.json');
    const result = await cruise(
      ['src', 'tests'],
      // preserveSymlinks: packages resolve to node_modules/... inside the fixture, as they do in the repository.
      { ...options, baseDir: dir, tsConfig: { fileName: tsConfigFile }, preserveSymlinks: true },
      {},
      { tsConfig: extractTSConfig(tsConfigFile) },
    );
    if (typeof result.output === 'string') throw new Error('expected a cruise result object');
    violations = result.output.summary.violations;
  });
  afterAll(() => {
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it('reports exactly the planted violations, each under its rule name, and nothing the code base is allowed to do', () => {
    const reported = violations.map((v) => `${v.from} -> ${v.rule.name}`).sort();
    expect([...new Set(reported)]).toEqual(announced());
  });

  it('has a planted violation for every rule, so no rule can stop firing unnoticed', () => {
    const planted = new Set(announced().map((line) => line.split(' -> ')[1]));
    expect(ruleNames.length).toBeGreaterThan(10);
    for (const name of ruleNames) expect(planted, name).toContain(name);
  });

  it('names the forbidden target: the electron package, the composition root, a feature internal', () => {
    const target = (from: string) => violations.find((v) => v.from === from)?.to;
    expect(target('src/service/db/desktop-dialog.ts')).toMatch(/^node_modules\/electron\//);
    expect(target('src/service/features/seed/seed.cli.ts')).toBe('src/service/index.ts');
    expect(target('src/service/features/news/news.service.ts')).toBe('src/service/features/search/search.engine.ts');
  });
});
