// Sandboxed preload (built as CommonJS: sandboxed preloads cannot be ES modules). It exposes named functions
// only, never ipcRenderer itself, so a page can ask for exactly this and nothing else.
import { contextBridge, ipcRenderer } from 'electron';
import { IPC, type SubmitPasswordResult, type TeamSettingsInput } from './ipc-channels.js';

const desktop = {
  /** First-launch prompt: hands the chosen dashboard password to the main process, which checks and keeps it. */
  submitPassword: (password: string): Promise<SubmitPasswordResult> => ipcRenderer.invoke(IPC.submitPassword, String(password)),
  /** Team settings page: hands the team server's address and password to the main process, which checks and keeps them. */
  saveTeamSettings: (settings: TeamSettingsInput): Promise<SubmitPasswordResult> =>
    ipcRenderer.invoke(IPC.saveTeamSettings, { url: String(settings.url), password: String(settings.password) }),
};

export type DesktopBridge = typeof desktop;

contextBridge.exposeInMainWorld('desktop', desktop);
