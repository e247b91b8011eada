import { BrowserWindow } from 'electron';

/** The hardened web preferences every window of the app uses (ARCHITECTURE rule 8). */
export function secureWebPreferences(preloadPath: string): Electron.WebPreferences {
  return {
    preload: preloadPath,
    contextIsolation: true,
    sandbox: true,
    nodeIntegration: false,
    nodeIntegrationInWorker: false,
    webSecurity: true,
    allowRunningInsecureContent: false,
    webviewTag: false,
    spellcheck: false,
  };
}

export interface MainWindowOptions {
  dashboardUrl: string;
  preloadPath: string;
  iconPath: string;
  title: string;
}

/** The dashboard window: the service's own page over HTTP, exactly what a LAN colleague's browser gets. */
export function createMainWindow(options: MainWindowOptions): BrowserWindow {
  const window = new BrowserWindow({
    width: 1280,
    height: 840,
    minWidth: 800,
    minHeight: 560,
    show: false,
    title: options.title,
    icon: options.iconPath,
    webPreferences: secureWebPreferences(options.preloadPath),
  });
  window.once('ready-to-show', () => window.show());
  void window.loadURL(options.dashboardUrl);
  return window;
}

/** A second launch brings the existing window forward instead of starting a second service. */
export function focusWindow(window: BrowserWindow | undefined): void {
  if (window === undefined || window.isDestroyed()) return;
  if (window.isMinimized()) window.restore();
  window.show();
  window.focus();
}
