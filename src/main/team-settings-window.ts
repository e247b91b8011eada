import { BrowserWindow, ipcMain } from 'electron';
import { IPC, type SubmitPasswordResult, type TeamSettingsInput } from '../preload/ipc-channels.js';
import { teamOrigin } from '../shared/team-origin.js';
import { assertTrustedSender } from './ipc-guard.js';
import { teamSettingsPageUrl } from './team-settings-page.js';
import { teamSettingsProblem } from './team-settings.js';
import { secureWebPreferences } from './window.js';

export interface TeamSettingsWindowOptions {
  productName: string;
  preloadPath: string;
  iconPath: string;
  url: string | undefined;
  willBeKept: boolean;
  /** Keeps what was entered (the caller saves the address and the password). */
  onSave(settings: { url: string; password: string | undefined }): void;
}

/** The team server settings window: address and team password, checked here and handed to onSave. */
export function openTeamSettings(options: TeamSettingsWindowOptions): void {
  const window = new BrowserWindow({
    width: 480,
    height: 420,
    resizable: false,
    minimizable: false,
    maximizable: false,
    title: `${options.productName}: team server`,
    icon: options.iconPath,
    autoHideMenuBar: true,
    webPreferences: secureWebPreferences(options.preloadPath),
  });
  const trusted = [{ webContentsId: window.webContents.id, origin: 'data' as const }];
  ipcMain.handle(IPC.saveTeamSettings, (event, value: unknown): SubmitPasswordResult => {
    assertTrustedSender(event, trusted);
    const problem = teamSettingsProblem(value);
    if (problem !== undefined) return { ok: false, error: problem };
    const input = value as TeamSettingsInput;
    options.onSave({ url: teamOrigin(input.url)!, password: input.password === '' ? undefined : input.password });
    setImmediate(() => window.close());
    return { ok: true };
  });
  window.on('closed', () => ipcMain.removeHandler(IPC.saveTeamSettings));
  void window.loadURL(teamSettingsPageUrl({ productName: options.productName, url: options.url, willBeKept: options.willBeKept }));
}
