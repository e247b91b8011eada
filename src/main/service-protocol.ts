import type { ConfigOverrides } from '../service/public.js';

/**
 * The messages between the desktop main process and the service's utility process, written once for both
 * sides. Plain data only: they cross a MessagePort (structured clone). No electron import: the utility side
 * has none of Electron's main-process APIs.
 */

/** Main -> service. The environment travels here rather than in the process's own environment, so the dashboard
 * password is not readable from the utility process's environ. */
export type ParentMessage = { type: 'start'; env: Record<string, string | undefined>; overrides: ConfigOverrides } | { type: 'stop' };

/** Service -> main. `code` is Node's error code (EADDRINUSE, ERR_DLOPEN_FAILED) where there was one. */
export type ChildMessage = { type: 'ready'; url: string; port: number } | { type: 'error'; message: string; code?: string } | { type: 'stopped' };

/** What a utility process has as process.parentPort (messages arrive as {data, ports} events). */
export interface ParentPortLike {
  on(event: 'message', listener: (event: { data: unknown }) => void): unknown;
  postMessage(message: ChildMessage): void;
}

function hasType(value: unknown): value is { type: unknown } {
  return typeof value === 'object' && value !== null && 'type' in value;
}

export function isParentMessage(value: unknown): value is ParentMessage {
  if (!hasType(value)) return false;
  if (value.type === 'stop') return true;
  const start = value as { type: unknown; env?: unknown; overrides?: unknown };
  return start.type === 'start' && typeof start.env === 'object' && start.env !== null && typeof start.overrides === 'object' && start.overrides !== null;
}

export function isChildMessage(value: unknown): value is ChildMessage {
  if (!hasType(value)) return false;
  const message = value as Record<string, unknown>;
  if (message.type === 'ready') return typeof message.url === 'string' && typeof message.port === 'number';
  if (message.type === 'error') return typeof message.message === 'string';
  return message.type === 'stopped';
}
