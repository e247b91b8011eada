/**
 * The IPC channels between preload and main; no other channel is handled. Constants only (no electron import).
 * The dashboard itself uses none: it talks to the service over HTTP like every other client.
 */
export const IPC = {
  submitPassword: 'desktop:submit-password',
  saveTeamSettings: 'desktop:save-team-settings',
} as const;

/** What the team settings page hands over: the team server's address and, optionally, the team password. */
export interface TeamSettingsInput {
  url: string;
  password: string;
}

export interface SubmitPasswordResult {
  ok: boolean;
  /** Why the password was refused, in words for the person typing it. */
  error?: string;
}
