// `npm start`: the desktop app where Electron's binary is present (fetching it first where the network
// allows), otherwise the same service headless. `npm start -- --headless` (which is `npm run serve`) skips the
// desktop. Either way the service and the dashboard are built first when missing or stale; the headless server
// prints the dashboard URL itself. With MCP_SECRET set, the MCP tool server runs beside the service (headless: here;
// desktop: started by the app).
import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { dashboardBuildReason, serviceBuildReason } from './build-freshness.mjs';
import {
  decideLaunch,
  downloadElectron,
  electronBinaryStatus,
  exitCodeOf,
  findElectronPackageDir,
  headlessBeforeDownload,
  headlessLine,
} from './electron-binary.mjs';

const root = dirname(dirname(fileURLToPath(import.meta.url)));
const require = createRequire(join(root, 'package.json'));
const node = process.execPath;

/**
 * Runs steps one after another; the one child running now gets SIGINT/SIGTERM, so a service shuts down
 * gracefully before we exit with its code.
 */
function createRunner() {
  const state = { child: undefined, signalled: false };
  for (const signal of ['SIGINT', 'SIGTERM']) {
    process.on(signal, () => {
      state.signalled = true;
      if (state.child !== undefined && state.child.exitCode === null) state.child.kill(signal);
      else process.exit(exitCodeOf(null, signal));
    });
  }
  const run = (command, args, env = process.env) =>
    new Promise((resolve) => {
      // Own process group on POSIX: a terminal's Ctrl-C then reaches the child once (forwarded by us), not twice.
      const child = spawn(command, args, { cwd: root, env, stdio: 'inherit', detached: process.platform !== 'win32' });
      state.child = child;
      child.on('error', (error) => {
        console.error(`Could not run ${command}: ${error.message}`);
        resolve(1);
      });
      child.on('exit', (code, signal) => {
        state.child = undefined;
        resolve(exitCodeOf(code, signal));
      });
    });
  return async (list) => {
    for (const [command, args, env] of list) {
      const code = await run(command, args, env);
      if (code !== 0 || state.signalled) return code;
    }
    return 0;
  };
}

/** electron-vite's CLI, or undefined in an install without dev dependencies. */
function electronViteBin() {
  try {
    return join(dirname(require.resolve('electron-vite/package.json')), 'bin', 'electron-vite.js');
  } catch {
    return undefined;
  }
}

/**
 * The MCP tool server beside the headless service, when MCP_SECRET is set (in the environment or .env), restarted
 * with backoff if it dies. Loaded from the compiled out/server once the build step has run; without MCP_SECRET the
 * service's start-up lines say why there is no tool server.
 */
async function superviseToolServerBeside() {
  const compiled = (path) => import(pathToFileURL(join(root, 'out', 'server', path)).href);
  const { environmentWithDotenv } = await compiled('service/env-file.js');
  const { superviseToolServer, toolServerWanted } = await compiled('supervisor/tool-server-launch.js');
  const { defaultDataDir } = await compiled('service/app-paths.js');
  const env = environmentWithDotenv(join(root, '.env'));
  if (!toolServerWanted(env)) return undefined;
  const dataDir = env.DATA_DIR?.trim() || defaultDataDir(env);
  return superviseToolServer({ appRoot: root, nodePath: node, env, dataDir, log: (line) => console.error(line) });
}

/** The service's build, when out/server is missing or older than its sources (none otherwise: a start then takes no compile). */
function buildServerIfStale() {
  const stale = serviceBuildReason(root);
  if (stale === undefined) return [];
  let tsc;
  try {
    tsc = join(dirname(require.resolve('typescript/package.json')), 'bin', 'tsc');
  } catch {
    console.log(`The service cannot be rebuilt (${stale}) without the dev dependencies (npm install); starting the last build.`);
    return [];
  }
  console.log(`Building the service first (${stale})...`);
  return [[node, [tsc, '-p', 'tsconfig.server.json']]];
}

async function main() {
  const steps = createRunner();
  const electronDir = findElectronPackageDir(root);
  const forcedReason = headlessBeforeDownload({ args: process.argv.slice(2), electronDir });
  let status = electronBinaryStatus(electronDir);
  let download;
  if (forcedReason === undefined && !status.present && electronDir !== undefined) {
    console.log("Electron's binary is not installed; trying to download it (up to 60 s)...");
    download = await downloadElectron(electronDir, { timeoutMs: 60_000 });
    status = electronBinaryStatus(electronDir);
  }
  const decision = decideLaunch({ forcedReason, status, download });

  const electronVite = electronViteBin();
  if (decision.mode === 'headless') {
    console.log(headlessLine(decision.reason));
    const stale = dashboardBuildReason(root);
    const buildDashboard = [];
    if (stale !== undefined && electronVite === undefined) {
      console.log(`The dashboard cannot be built (${stale}) without the dev dependencies (npm install); the API runs without it.`);
    } else if (stale !== undefined) {
      console.log(`Building the dashboard first (${stale}; about half a minute)...`);
      buildDashboard.push([node, [electronVite, 'build']]);
    }
    const built = await steps([...buildServerIfStale(), ...buildDashboard]);
    if (built !== 0) return built;
    const toolServer = await superviseToolServerBeside();
    try {
      return await steps([[node, [join('out', 'server', 'server.js')]]]);
    } finally {
      await toolServer?.stop();
    }
  }
  // SERVICE_NODE_PATH: native modules (better-sqlite3) keep Node's build in a checkout, so the unpackaged
  // desktop app runs the service in this Node rather than inside Electron (see src/main/service-host.ts).
  const electronEnv = { ...process.env, SERVICE_NODE_PATH: node };
  return steps([...buildServerIfStale(), [node, [electronVite, 'build']], [decision.executable, ['.'], electronEnv]]);
}

main().then(
  (code) => process.exit(code),
  (error) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  },
);
