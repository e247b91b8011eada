import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app.js';
import './base.css';
import { translate } from './i18n/translate.js';
import { goToLogin, readStoredSession, type Session } from './session.js';
import { readLanguage } from './state/preferences.js';

/** 401 from /api/auth/verify (expired token, or the password changed since): back to the login page. */
async function verified(session: Session): Promise<boolean> {
  const response = await fetch('/api/auth/verify', { headers: { Authorization: `Bearer ${session.token}` } });
  if (response.status === 401) return false;
  if (!response.ok) throw new Error(`verify answered ${response.status}`);
  return true;
}

async function start(root: HTMLElement): Promise<void> {
  const stored = readStoredSession();
  if (stored.state === 'none') return goToLogin();
  if (stored.state === 'expired') return goToLogin('expired');
  if (!(await verified(stored.session))) return goToLogin('unauthorized');
  createRoot(root).render(
    <StrictMode>
      <App session={stored.session} />
    </StrictMode>,
  );
}

const root = document.getElementById('root');
if (root !== null) {
  start(root).catch((error: unknown) => {
    root.className = 'fatal';
    root.textContent = translate(readLanguage(), 'app.unreachable', { error: error instanceof Error ? error.message : String(error) });
  });
}
