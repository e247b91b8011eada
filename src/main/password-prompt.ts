import { BrowserWindow, ipcMain } from 'electron';
import { IPC, type SubmitPasswordResult } from '../preload/ipc-channels.js';
import { passwordProblem } from './desktop-config.js';
import { assertTrustedSender } from './ipc-guard.js';
import { promptPageUrl } from './password-prompt-page.js';
import { secureWebPreferences } from './window.js';

export interface PasswordPromptOptions {
  productName: string;
  preloadPath: string;
  iconPath: string;
  willBeKept: boolean;
}

/**
 * First launch without DASHBOARD_PASSWORD: a small local window asks for one. Resolves with the accepted
 * password, or undefined when the window is closed without one (the caller quits: the dashboard and the API
 * cannot be signed in to without it). The password only travels over IPC from our own prompt page.
 */
export function askForPassword(options: PasswordPromptOptions): Promise<string | undefined> {
  return new Promise((resolve) => {
    const window = new BrowserWindow({
      width: 460,
      height: 420,
      resizable: false,
      minimizable: false,
      maximizable: false,
      title: `${options.productName}: choose a password`,
      icon: options.iconPath,
      autoHideMenuBar: true,
      webPreferences: secureWebPreferences(options.preloadPath),
    });
    const trusted = [{ webContentsId: window.webContents.id, origin: 'data' as const }];
    let accepted: string | undefined;
    ipcMain.handle(IPC.submitPassword, (event, value: unknown): SubmitPasswordResult => {
      assertTrustedSender(event, trusted);
      const problem = passwordProblem(value);
      if (problem !== undefined) return { ok: false, error: problem };
      accepted = value as string;
      // Close after answering, so the page's promise settles before it goes away.
      setImmediate(() => window.close());
      return { ok: true };
    });
    window.on('closed', () => {
      ipcMain.removeHandler(IPC.submitPassword);
      resolve(accepted);
    });
    void window.loadURL(promptPageUrl({ productName: options.productName, willBeKept: options.willBeKept }));
  });
}
