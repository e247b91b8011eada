/**
 * The security decisions of the desktop shell (ARCHITECTURE rule 8) as pure functions, so they are tested in
 * plain Node; security.ts and the IPC handlers apply them to Electron's events.
 */

export type NavigationVerdict = 'allow' | 'external' | 'deny';

/**
 * Navigation stays inside the service's own origin. Other http(s) addresses open in the system browser;
 * everything else (file:, javascript:, custom schemes, unparsable text) is refused.
 */
export function classifyNavigation(url: string, allowedOrigins: readonly string[]): NavigationVerdict {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return 'deny';
  }
  if ((parsed.protocol === 'http:' || parsed.protocol === 'https:') && allowedOrigins.includes(parsed.origin)) return 'allow';
  if (parsed.protocol === 'http:' || parsed.protocol === 'https:') return parsed.username === '' && parsed.password === '' ? 'external' : 'deny';
  return 'deny';
}

export interface IpcSender {
  /** webContents.id of the sender. */
  webContentsId: number;
  /** URL of the sending frame; undefined when the frame is already gone. */
  frameUrl: string | undefined;
  /** false for iframes: only a page's top frame may talk to the main process. */
  isMainFrame: boolean;
}

export interface TrustedWindow {
  webContentsId: number;
  /** The origin its pages come from, or 'data' for the local prompt page loaded from a data: URL. */
  origin: string | 'data';
}

/** An IPC message is answered only from the top frame of one of our windows showing our own page. */
export function isTrustedSender(sender: IpcSender, trusted: readonly TrustedWindow[]): boolean {
  if (!sender.isMainFrame || sender.frameUrl === undefined) return false;
  const window = trusted.find((candidate) => candidate.webContentsId === sender.webContentsId);
  if (window === undefined) return false;
  if (window.origin === 'data') return sender.frameUrl.startsWith('data:text/html');
  try {
    return new URL(sender.frameUrl).origin === window.origin;
  } catch {
    return false;
  }
}
