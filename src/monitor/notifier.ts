import type { Notice } from './alert-state.js';

export interface NotifyTarget {
  notifyUrl: string | null;
  notifyToken: string | null;
  timeoutMs: number;
}

/**
 * Pushes one notice to an ntfy-style topic: a POST whose body is the message, with the title, priority and tags
 * as ntfy headers (other services that take a plain POSTed text ignore them). Returns false when it was not
 * delivered; the caller keeps the notice for the next run.
 */
export async function push(target: NotifyTarget, notice: Notice): Promise<boolean> {
  if (target.notifyUrl === null) return true;
  const headers: Record<string, string> = {
    'content-type': 'text/plain; charset=utf-8',
    title: asciiHeader(notice.title),
    priority: notice.kind === 'problem' ? 'high' : 'default',
    tags: notice.kind === 'problem' ? 'warning' : 'white_check_mark',
  };
  if (target.notifyToken) headers.authorization = `Bearer ${target.notifyToken}`;
  try {
    const response = await fetch(target.notifyUrl, { method: 'POST', body: notice.body, headers, signal: AbortSignal.timeout(target.timeoutMs) });
    await response.body?.cancel();
    return response.ok;
  } catch {
    return false;
  }
}

/** HTTP header values must be Latin-1; a title is plain English, but a host name could carry anything. */
function asciiHeader(value: string): string {
  return value.replace(/[^\x20-\x7e]/g, '?');
}
