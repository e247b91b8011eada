import { app, type BrowserWindow, dialog, Menu, safeStorage, utilityProcess } from 'electron';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
// Only light modules of the service at load time: index.js pulls in native addons (hnswlib-node loads its
// binary on import), and the main process never runs the service itself (see service-host.ts).
import { type Config, type ConfigOverrides, environmentWithDotenv, loadConfig } from '../service/public.js';
import { serviceUrl } from '../shared/service-url.js';
import { desktopAppRoot, desktopEnvironment, needsPasswordPrompt } from './desktop-config.js';
import { createDemoDataWatch } from './about-entries.js';
import { buildAppMenu } from './app-menu.js';
import { startNodeChild } from './node-service-host.js';
import { askForPassword } from './password-prompt.js';
import { createPasswordStore } from './password-store.js';
import { installSecurity } from './security.js';
import { chooseHostKind, explainStartFailure, type ServiceHost } from './service-host.js';
import { startUtilityService } from './utility-service-host.js';
import { startDesktopToolServer } from './tool-server-host.js';
import type { SettingsMessage } from '../supervisor/child-settings.js';
import type { Supervisor } from '../supervisor/process-supervisor.js';
import { createMainWindow, focusWindow } from './window.js';
import { createTeamActions, type TeamActions } from './team-actions.js';

const PRODUCT_NAME = 'Transceiver Intelligence';
/** How often the About's demo-data line is checked besides window focus: one cheap health read. */
const DEMO_DATA_REFRESH_MS = 30_000;

/** What one run of the app holds; created in runDesktopApp, never at module level. */
interface DesktopState {
  appRoot: string;
  iconPath: string;
  window?: BrowserWindow;
  host?: ServiceHost;
  /** The MCP tool server's supervisor, when MCP_SECRET is set. */
  toolServer?: Supervisor;
  origin?: string;
  /** Set when a quit was asked for: from then on the service's process ending is expected. */
  quitting?: boolean;
  /** Set once the service runs; before that, closing the password prompt must not count as "all windows closed". */
  openDashboard?: () => void;
  /** The Team menu: the window may show the team server's dashboard instead of the app's own. */
  team?: TeamActions;
  stopped: boolean;
}

function preloadPath(): string {
  return fileURLToPath(new URL('../preload/index.cjs', import.meta.url));
}

function fail(message: string): void {
  dialog.showErrorBox(`${PRODUCT_NAME} cannot start`, message);
  app.exit(1);
}

/** Built beside index.js by electron-vite (electron.vite.config.ts); inside app.asar in a packaged app. */
function serviceEntryPath(): string {
  return fileURLToPath(new URL('./service-entry.js', import.meta.url));
}

/** The tool server's entry, bundled beside index.js by electron-vite like the service's. */
function toolServerEntryPath(): string {
  return fileURLToPath(new URL('./tool-server.js', import.meta.url));
}

function startToolServer(config: Config, env: Record<string, string | undefined>, serviceUrl: string): Supervisor | undefined {
  const nodePath = process.env.SERVICE_NODE_PATH;
  return startDesktopToolServer({
    kind: chooseHostKind({ isPackaged: app.isPackaged, serviceNodePath: nodePath }),
    nodePath,
    appRoot: config.appRoot,
    env,
    serviceUrl,
    fork: (childEnv) => {
      const child = utilityProcess.fork(toolServerEntryPath(), [], { serviceName: `${PRODUCT_NAME} MCP tool server`, stdio: 'inherit' });
      // Over the parent port, not the environment: the password must not be readable from the process's environ.
      const settings: SettingsMessage = { type: 'settings', env: childEnv };
      child.postMessage(settings);
      return child;
    },
    log: (line) => console.error(line),
  });
}

async function startService(config: Config, env: Record<string, string | undefined>, overrides: ConfigOverrides): Promise<ServiceHost> {
  const nodePath = process.env.SERVICE_NODE_PATH;
  if (chooseHostKind({ isPackaged: app.isPackaged, serviceNodePath: nodePath }) === 'node-child' && nodePath !== undefined) {
    return startNodeChild(config, { nodePath, args: [join(config.appRoot, 'out', 'server', 'server.js')], cwd: config.appRoot, env });
  }
  return startUtilityService({
    fork: () => utilityProcess.fork(serviceEntryPath(), [], { serviceName: `${PRODUCT_NAME} service`, stdio: ['ignore', 'inherit', 'pipe'] }),
    env,
    overrides,
  });
}

async function boot(state: DesktopState): Promise<void> {
  const { appRoot, iconPath } = state;
  // A checkout honours its .env like `npm run serve`; a packaged app has no meaningful working folder.
  const env = app.isPackaged ? { ...process.env } : environmentWithDotenv(join(appRoot, '.env'));
  const userData = app.getPath('userData');
  const store = createPasswordStore(userData, safeStorage);

  let storedPassword = store.read();
  const overrides = { appRoot, version: app.getVersion() };
  try {
    // Bad settings are reported before anyone is asked to choose a password for a service that cannot start.
    loadConfig(desktopEnvironment(env, { userData, storedPassword }), overrides);
  } catch (error) {
    fail(explainStartFailure(error, undefined));
    return;
  }
  if (needsPasswordPrompt(env, storedPassword)) {
    const chosen = await askForPassword({ productName: PRODUCT_NAME, preloadPath: preloadPath(), iconPath, willBeKept: store.canKeep() });
    if (chosen === undefined) {
      app.quit();
      return;
    }
    store.save(chosen);
    storedPassword = chosen;
  }

  let config: Config | undefined;
  try {
    const serviceEnv = desktopEnvironment(env, { userData, storedPassword });
    config = loadConfig(serviceEnv, overrides);
    state.host = await startService(config, serviceEnv, overrides);
    state.toolServer = startToolServer(config, serviceEnv, state.host.url);
  } catch (error) {
    fail(explainStartFailure(error, config));
    return;
  }
  const host = state.host;
  // The service lives in another process now: if it dies, say so instead of leaving a window that cannot load.
  void host.exited.then((code) => {
    if (!state.quitting) fail(`The service stopped unexpectedly (exit code ${String(code)}). Start the app again; the terminal or system log has the details.`);
  });
  state.origin = new URL(host.url).origin;
  const openDashboard = () => {
    if (state.window !== undefined && !state.window.isDestroyed()) return focusWindow(state.window);
    state.window = createMainWindow({
      dashboardUrl: serviceUrl(config.host, host.port, { dashboard: true }),
      preloadPath: preloadPath(),
      iconPath,
      title: PRODUCT_NAME,
    });
  };
  state.openDashboard = openDashboard;
  let demoData: boolean | undefined;
  const rebuildMenu = () => {
    const team = state.team!;
    const teamMenu = { teamUrl: team.teamUrl(), showing: team.showing(), run: team.run };
    Menu.setApplicationMenu(buildAppMenu({ productName: PRODUCT_NAME, host: config.host, port: host.port, openDashboard, demoData, team: teamMenu }));
  };
  state.team = createTeamActions({
    productName: PRODUCT_NAME,
    userData,
    preloadPath: preloadPath(),
    iconPath,
    serviceUrl: host.url,
    servicePassword: config.dashboardPassword,
    ownDashboardUrl: serviceUrl(config.host, host.port, { dashboard: true }),
    window: () => {
      openDashboard();
      return state.window!;
    },
    changed: rebuildMenu,
  });
  rebuildMenu();
  openDashboard();
  // The About says when the service runs on the demo data set (the health answer needs no sign-in), and stays
  // current after an import: read again on focus and on a slow timer, the menu rebuilt only when the flag changes.
  const watch = createDemoDataWatch(host.url, (demo) => {
    demoData = demo;
    if (!state.quitting) rebuildMenu();
  });
  // refresh never rejects (readDemoData answers undefined on any failure).
  const refreshAbout = () => void watch.refresh();
  refreshAbout();
  app.on('browser-window-focus', refreshAbout);
  const timer = setInterval(refreshAbout, DEMO_DATA_REFRESH_MS);
  timer.unref();
  app.once('will-quit', () => clearInterval(timer));
}

/**
 * The desktop app's lifecycle: one instance, the service started before the window, and the service stopped
 * (in-flight requests finished, database closed) before the process exits, however the quit was asked for.
 */
export function runDesktopApp(): void {
  if (!app.requestSingleInstanceLock()) {
    app.quit();
    return;
  }
  const appRoot = desktopAppRoot({ isPackaged: app.isPackaged, resourcesPath: process.resourcesPath, appPath: app.getAppPath() });
  const state: DesktopState = { appRoot, iconPath: join(appRoot, 'resources', 'icons', 'icon.png'), stopped: false };
  installSecurity(() => [state.origin, state.team?.shownTeamOrigin()].filter((origin): origin is string => origin !== undefined));

  app.on('second-instance', () => focusWindow(state.window));
  app.on('before-quit', (event) => {
    state.quitting = true;
    if (state.host === undefined || state.stopped) return;
    event.preventDefault();
    // The tool server first: it only calls the service, never the other way round.
    const toolServerStopped = state.toolServer?.stop() ?? Promise.resolve();
    void toolServerStopped
      .then(() => state.host?.stop())
      .finally(() => {
        state.stopped = true;
        app.quit();
      });
  });
  // macOS apps stay alive without windows; the dock icon reopens the dashboard (see 'activate').
  app.on('window-all-closed', () => {
    if (state.openDashboard !== undefined && process.platform !== 'darwin') app.quit();
  });
  app.on('activate', () => state.openDashboard?.());
  // npm start forwards Ctrl-C and SIGTERM here; quit through before-quit so the service closes cleanly.
  for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => app.quit());

  app.whenReady().then(
    () => boot(state).catch((error: unknown) => fail(explainStartFailure(error, undefined))),
    (error: unknown) => fail(String(error)),
  );
}
