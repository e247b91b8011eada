import { app, type BrowserWindow, dialog, ipcMain, Menu, safeStorage } from 'electron';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { IPC, type AppInfo } from '../preload/ipc-channels.js';
// Only light modules of the service at load time: index.js pulls in native addons (hnswlib-node loads its
// binary on import), which a checkout builds for Node, not Electron; service-host.ts imports it on demand.
import { type Config, environmentWithDotenv, loadConfig } from '../service/public.js';
import { desktopAppRoot, desktopEnvironment, needsPasswordPrompt } from './desktop-config.js';
import { assertTrustedSender } from './ipc-guard.js';
import { buildAppMenu } from './app-menu.js';
import { startNodeChild } from './node-service-host.js';
import { askForPassword } from './password-prompt.js';
import { createPasswordStore } from './password-store.js';
import { installSecurity } from './security.js';
import { chooseHostKind, explainStartFailure, type ServiceHost, startInProcess } from './service-host.js';
import { createMainWindow, focusWindow } from './window.js';

const PRODUCT_NAME = 'Transceiver Intelligence';

/** What one run of the app holds; created in runDesktopApp, never at module level. */
interface DesktopState {
  appRoot: string;
  iconPath: string;
  window?: BrowserWindow;
  host?: ServiceHost;
  origin?: string;
  /** Set once the service runs; before that, closing the password prompt must not count as "all windows closed". */
  openDashboard?: () => void;
  stopped: boolean;
}

function preloadPath(): string {
  return fileURLToPath(new URL('../preload/index.cjs', import.meta.url));
}

function fail(message: string): void {
  dialog.showErrorBox(`${PRODUCT_NAME} cannot start`, message);
  app.exit(1);
}

async function startService(config: Config, env: Record<string, string | undefined>): Promise<ServiceHost> {
  const nodePath = process.env.SERVICE_NODE_PATH;
  if (chooseHostKind({ isPackaged: app.isPackaged, serviceNodePath: nodePath }) === 'node-child' && nodePath !== undefined) {
    return startNodeChild(config, { nodePath, args: [join(config.appRoot, 'out', 'server', 'server.js')], cwd: config.appRoot, env });
  }
  return startInProcess(config);
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
    config = loadConfig(desktopEnvironment(env, { userData, storedPassword }), overrides);
    state.host = await startService(config, env);
  } catch (error) {
    fail(explainStartFailure(error, config));
    return;
  }
  const host = state.host;
  state.origin = new URL(host.url).origin;
  const openDashboard = () => {
    if (state.window !== undefined && !state.window.isDestroyed()) return focusWindow(state.window);
    state.window = createMainWindow({ dashboardUrl: `${host.url}/dashboard/`, preloadPath: preloadPath(), iconPath, title: PRODUCT_NAME });
  };
  state.openDashboard = openDashboard;
  Menu.setApplicationMenu(buildAppMenu({ productName: PRODUCT_NAME, host: config.host, port: host.port, openDashboard }));
  openDashboard();
}

/** The trusted senders for appInfo: the dashboard window, showing a page of the service's own origin. */
function registerAppInfo(state: DesktopState): void {
  ipcMain.handle(IPC.appInfo, (event): AppInfo => {
    const window = state.window;
    const trusted = window !== undefined && !window.isDestroyed() && state.origin !== undefined ? [{ webContentsId: window.webContents.id, origin: state.origin }] : [];
    assertTrustedSender(event, trusted);
    return { name: PRODUCT_NAME, version: app.getVersion(), platform: process.platform };
  });
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
  installSecurity(() => (state.origin === undefined ? [] : [state.origin]));
  registerAppInfo(state);

  app.on('second-instance', () => focusWindow(state.window));
  app.on('before-quit', (event) => {
    if (state.host === undefined || state.stopped) return;
    event.preventDefault();
    void state.host.stop().finally(() => {
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
