// Import boundaries of the code base (npm run lint:boundaries). Each rule is named for the error it prints, and
// says why it exists. tests/unit/core/boundaries.test.ts breaks every rule on purpose and expects its name, so a
// rule that stops firing fails the tests.
// Only src/ is restricted: tests, benchmarks and scripts may import anything.

const SERVICE = '^src/service/';
/** Infrastructure: the plumbing every feature stands on. */
const INFRA = '^src/service/(db|http|vector|embeddings|scheduler|workers)/';
const FEATURE = '^src/service/features/[^/]+/';
/** A feature's public entry, and its config reader (read by src/service/config.ts, which must stay light). */
const FEATURE_PUBLIC = ['^src/service/features/[^/]+/index\\.ts$', '^src/service/features/([^/]+)/\\1\\.config\\.ts$'];
// The blog engine's language-model providers (features/blog/llm) have an entry and a config reader of their own:
// the blog pipeline, the route registry, the composition root and config.ts reach them there.
FEATURE_PUBLIC.push('^src/service/features/blog/llm/index\\.ts$', '^src/service/features/blog/llm/llm\\.config\\.ts$');
/** CLI verbs, run by src/cli.ts. */
const CLI_VERB = '^src/service/features/.+\\.cli\\.ts$';
/** The composition root (createService), the route registry, and the headless entry points that drive them. */
const COMPOSITION = ['^src/service/index\\.ts$', '^src/service/features/index\\.ts$', '^src/(server|cli)\\.ts$'];

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'service-not-to-desktop',
      comment: 'The service runs headless in plain Node (server, CI, LAN): it must never load electron or the desktop shell, ' + 'preload or renderer code.',
      severity: 'error',
      from: { path: [SERVICE, '^src/(server|cli|startup-report)\\.ts$'] },
      to: { path: ['^electron$', '^node_modules/electron/', '^src/(main|preload|renderer)/'] },
    },
    {
      name: 'infra-not-to-features',
      comment:
        'Infrastructure (db, http, vector, embeddings, scheduler, workers) is what features stand on; if it imported a ' +
        'feature, the layers would knot together. Pass what it needs in as a parameter from the composition root.',
      severity: 'error',
      from: { path: INFRA },
      to: { path: '^src/service/features/' },
    },
    {
      name: 'feature-to-feature-via-public-entry',
      comment:
        "A feature uses another feature only through that feature's public entry (features/<name>/index.ts), so the " +
        'rest of each feature folder stays private and can change freely.',
      severity: 'error',
      from: { path: '^src/service/features/([^/]+)/' },
      to: { path: FEATURE, pathNot: ['^src/service/features/$1/', ...FEATURE_PUBLIC] },
    },
    {
      name: 'outside-to-feature-via-public-entry',
      comment:
        'The route registry, the composition root and the rest of src/ reach a feature through its public entry too ' +
        "(config.ts may read a feature's <name>.config.ts directly: config stays light for the desktop shell). " +
        'CLI verbs are the exception, see cli-verbs-only-from-cli-entry.',
      severity: 'error',
      from: { path: '^src/', pathNot: [FEATURE, INFRA] },
      to: { path: FEATURE, pathNot: [...FEATURE_PUBLIC, CLI_VERB] },
    },
    {
      name: 'cli-verbs-only-from-cli-entry',
      comment:
        'CLI verbs (features/**/*.cli.ts) are entry points that src/cli.ts runs, not part of a feature API: they load ' +
        'progress bars and open databases, so nothing else (the service above all) may import them.',
      severity: 'error',
      from: { path: '^src/', pathNot: '^src/cli\\.ts$' },
      to: { path: CLI_VERB },
    },
    {
      name: 'feature-not-to-composition-root',
      comment:
        'Features receive what they need (ServiceContext, parameters); importing createService, the route registry ' +
        'or an entry point from inside a feature makes a cycle and hides dependencies.',
      severity: 'error',
      from: { path: '^src/service/features/[^/]+/' },
      to: { path: COMPOSITION },
    },
    {
      name: 'renderer-only-renderer-and-shared',
      comment:
        'The dashboard runs in a browser and talks to the service over HTTP like any LAN client: it may import only ' +
        'itself, src/shared and npm packages, never Node built-ins or the service, main or preload code.',
      severity: 'error',
      from: { path: '^src/renderer/' },
      to: { pathNot: ['^src/(renderer|shared)/', '^node_modules/'] },
    },
    {
      name: 'shared-stays-pure',
      comment: 'src/shared is imported by both the browser renderer and the Node service: no Node built-ins and nothing from ' + 'the other src folders.',
      severity: 'error',
      from: { path: '^src/shared/' },
      to: { pathNot: ['^src/shared/', '^node_modules/'] },
    },
    {
      name: 'main-via-light-service-entry',
      comment:
        'The Electron main process imports the service only through src/service/public.ts (light: config, errors, LAN ' +
        'addresses) and src/service/index.ts (createService); never its internals.',
      severity: 'error',
      from: { path: '^src/main/' },
      to: { path: SERVICE, pathNot: ['^src/service/(public|index)\\.ts$'] },
    },
    {
      name: 'main-loads-service-on-demand',
      comment:
        'src/service/index.ts pulls in the native addons, which a checkout builds for Node, not Electron: main may import ' +
        'it only with import() when it hosts the service in-process, or for types.',
      severity: 'error',
      from: { path: '^src/main/' },
      to: { path: '^src/service/index\\.ts$', dependencyTypesNot: ['dynamic-import', 'type-only'] },
    },
    {
      name: 'desktop-not-to-renderer',
      comment: 'main and preload run in Node/Electron; the renderer is a separate browser bundle served over HTTP.',
      severity: 'error',
      from: { path: '^src/(main|preload)/' },
      to: { path: '^src/renderer/' },
    },
    {
      name: 'no-circular',
      comment:
        'A runtime import cycle makes module initialisation order-dependent (a value is undefined while its module is ' +
        'still loading). Cycles through type-only imports are erased at compile time and allowed.',
      severity: 'error',
      from: { path: '^src/' },
      to: { circular: true, viaOnly: { dependencyTypesNot: ['type-only'] } },
    },
  ],
  options: {
    // Type-only imports count for the boundaries: a type from a feature's internals couples as much as a value.
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.test.json' },
    doNotFollow: { path: 'node_modules' },
    exclude: { path: ['^out/', '^dist/', '^resources/'] },
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
      mainFields: ['module', 'main', 'types', 'typings'],
    },
    skipAnalysisNotInRules: true,
    reporterOptions: { text: { highlightFocused: true } },
  },
};
