/** The IPC channels between preload and main; no other channel is handled. Constants only (no electron import). */
export const IPC = {
  submitPassword: 'desktop:submit-password',
  appInfo: 'desktop:app-info',
} as const;

export interface SubmitPasswordResult {
  ok: boolean;
  /** Why the password was refused, in words for the person typing it. */
  error?: string;
}

export interface AppInfo {
  name: string;
  version: string;
  platform: string;
}
