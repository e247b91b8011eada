// Sandboxed preload (built as CommonJS: sandboxed preloads cannot be ES modules). It exposes named functions
// only, never ipcRenderer itself, so a page can ask for exactly these two things and nothing else.
import { contextBridge, ipcRenderer } from 'electron';
import { IPC, type AppInfo, type SubmitPasswordResult } from './ipc-channels.js';

const desktop = {
  /** First-launch prompt: hands the chosen dashboard password to the main process, which checks and keeps it. */
  submitPassword: (password: string): Promise<SubmitPasswordResult> => ipcRenderer.invoke(IPC.submitPassword, String(password)),
  /** Product name, version and platform, for an About line in the dashboard. */
  appInfo: (): Promise<AppInfo> => ipcRenderer.invoke(IPC.appInfo),
};

export type DesktopBridge = typeof desktop;

contextBridge.exposeInMainWorld('desktop', desktop);
