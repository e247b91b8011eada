// ESLint 9 flat config. Type-aware: each folder is linted against the tsconfig that type-checks it, so the
// promise rules see the same types as `npm run typecheck`.
import js from '@eslint/js';
import { defineConfig, globalIgnores } from 'eslint/config';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

/** @param {string} file */
const project = (file) => ({ parserOptions: { project: file, tsconfigRootDir: import.meta.dirname } });

export default defineConfig(
  globalIgnores(['out/**', 'dist/**', 'coverage/**', 'test-results/**', 'resources/**']),

  js.configs.recommended,
  tseslint.configs.recommendedTypeChecked,

  {
    files: ['src/service/**/*.ts', 'src/shared/**/*.ts', 'src/monitor/**/*.ts', 'src/*.ts'],
    languageOptions: { ...project('./tsconfig.server.json'), globals: globals.node },
  },
  // The MCP tool server and the process supervisor build with the headless server (tsconfig.server.json).
  { files: ['src/tool-server/**/*.ts', 'src/supervisor/**/*.ts'], languageOptions: { ...project('./tsconfig.server.json'), globals: globals.node } },
  { files: ['src/main/**/*.ts', 'src/preload/**/*.ts'], languageOptions: { ...project('./tsconfig.desktop.json'), globals: globals.node } },
  { files: ['src/renderer/**/*.{ts,tsx}'], languageOptions: { ...project('./tsconfig.web.json'), globals: globals.browser } },
  { files: ['tests/**/*.ts', 'bench/**/*.ts', 'vitest.config.ts'], languageOptions: { ...project('./tsconfig.test.json'), globals: globals.node } },
  {
    files: ['scripts/**/*.{ts,mts,mjs}', 'bench/**/*.mjs', 'electron.vite.config.ts', 'eslint.config.js'],
    languageOptions: { ...project('./tsconfig.scripts.json'), globals: globals.node },
  },

  { linterOptions: { reportUnusedDisableDirectives: 'error' } },

  {
    rules: {
      // A promise nobody awaits loses its rejection (an unhandled rejection ends the service). Fire-and-forget
      // must be written `void p` with a comment saying who handles the failure.
      '@typescript-eslint/no-floating-promises': 'error',
      // An async callback where a void one is expected (event emitters, React handlers, setTimeout) rejects
      // into nowhere.
      '@typescript-eslint/no-misused-promises': 'error',
      // `return promise` inside try skips the catch and finally runs too early.
      '@typescript-eslint/return-await': ['error', 'in-try-catch'],
      // A switch over a union that misses a member is a bug the day a member is added.
      '@typescript-eslint/switch-exhaustiveness-check': ['error', { considerDefaultExhaustiveForUnions: true }],
      // Unused values are usually a forgotten use; a leading underscore marks the deliberate ones (handler
      // signatures), and rest siblings drop a field on purpose.
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none', ignoreRestSiblings: true }],

      // Off: Fastify plugins, hooks and interface implementations must be async to return a promise even when
      // their body has nothing to await; a forgotten await is what no-floating-promises catches.
      '@typescript-eslint/require-await': 'off',
      // Off: the code base has no `this`-using methods passed around; interfaces declare plain functions in
      // method shorthand (ctx.now, reload), which this rule cannot tell from class methods.
      '@typescript-eslint/unbound-method': 'off',
      // Off: `arr[i]!` and similar assertions are harmless and document intent; the rule finds no bugs, and
      // removing 236 of them would churn files other branches are editing.
      '@typescript-eslint/no-unnecessary-type-assertion': 'off',
      // Off: String(cell) on unknown SQLite and CSV cell values (always primitives) is the intended conversion;
      // objects in template literals are still caught by restrict-template-expressions.
      '@typescript-eslint/no-base-to-string': 'off',
      // Off: unions such as `string | 'data'` name a special value on purpose, for the reader.
      '@typescript-eslint/no-redundant-type-constituents': 'off',
    },
  },

  {
    files: ['tests/**/*.ts', 'bench/**/*.ts'],
    rules: {
      // Off in tests and benchmarks: they read untyped JSON bodies from real HTTP answers and assert on them
      // (the assertion is the check), and reach into shapes on purpose.
      '@typescript-eslint/no-explicit-any': 'off',
      '@typescript-eslint/no-unsafe-argument': 'off',
      '@typescript-eslint/no-unsafe-assignment': 'off',
      '@typescript-eslint/no-unsafe-call': 'off',
      '@typescript-eslint/no-unsafe-member-access': 'off',
      '@typescript-eslint/no-unsafe-return': 'off',
    },
  },
  {
    files: ['**/*.mjs'],
    rules: {
      // Off in plain JavaScript (no checkJs): every imported value is `any`, so these rules would flag every line.
      '@typescript-eslint/no-unsafe-argument': 'off',
      '@typescript-eslint/no-unsafe-assignment': 'off',
      '@typescript-eslint/no-unsafe-call': 'off',
      '@typescript-eslint/no-unsafe-member-access': 'off',
      '@typescript-eslint/no-unsafe-return': 'off',
    },
  },

  {
    files: ['src/renderer/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    // Only the two classic rules: the React Compiler rules of v7 (set-state-in-effect, refs) flag deliberate
    // patterns here (a loading state set before a fetch, a latest-callback ref) and the app does not use the compiler.
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
    },
  },

  // Last, so that no rule block above turns a type-aware rule back on for them.
  // Plain CommonJS config read by dependency-cruiser; no tsconfig covers it, so it gets the untyped rules only.
  { files: ['**/*.cjs'], ...tseslint.configs.disableTypeChecked, languageOptions: { sourceType: 'commonjs', globals: globals.node } },
  // TypeScript reads these two through their .d.mts declarations, so no program holds their source: untyped rules.
  { files: ['scripts/electron-binary.mjs', 'scripts/png-encode.mjs'], ...tseslint.configs.disableTypeChecked },
);
