import { app, session, shell, type WebContents } from 'electron';
import { classifyNavigation } from './trust-policy.js';

/**
 * ARCHITECTURE rule 8 for every web page the app ever creates: no new windows, no navigation away from the
 * service's origin (http(s) links open in the system browser instead), no <webview>, no permission prompts.
 * `allowedOrigins` is read at each event because the service's port is known only after it started.
 */
export function installSecurity(allowedOrigins: () => readonly string[]): void {
  app.on('web-contents-created', (_event, contents) => hardenWebContents(contents, allowedOrigins));
  void app.whenReady().then(() => {
    // Camera, microphone, notifications, geolocation...: the dashboard needs none of them.
    session.defaultSession.setPermissionRequestHandler((_contents, _permission, callback) => callback(false));
    session.defaultSession.setPermissionCheckHandler(() => false);
  });
}

function openOutside(url: string): void {
  void shell.openExternal(url).catch(() => undefined);
}

function hardenWebContents(contents: WebContents, allowedOrigins: () => readonly string[]): void {
  contents.setWindowOpenHandler(({ url }) => {
    if (classifyNavigation(url, []) === 'external') openOutside(url);
    return { action: 'deny' };
  });
  const guard = (event: { preventDefault(): void }, url: string) => {
    const verdict = classifyNavigation(url, allowedOrigins());
    if (verdict === 'allow') return;
    event.preventDefault();
    if (verdict === 'external') openOutside(url);
  };
  contents.on('will-navigate', guard);
  contents.on('will-redirect', guard);
  contents.on('will-attach-webview', (event) => event.preventDefault());
}
