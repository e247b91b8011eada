/**
 * The IPC channels between preload and main; no other channel is handled. Constants only (no electron import).
 * The dashboard itself uses none: it talks to the service over HTTP like every other client.
 */
export const IPC = {
  submitPassword: 'desktop:submit-password',
} as const;

export interface SubmitPasswordResult {
  ok: boolean;
  /** Why the password was refused, in words for the person typing it. */
  error?: string;
}
