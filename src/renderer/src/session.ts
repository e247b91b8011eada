import { DASHBOARD_LOGIN_PAGE, LOGIN_REASONS, type LoginReason } from '../../shared/dashboard.constants.js';

/** The bearer token from POST /api/auth/login, kept in localStorage so every dashboard page can use it. */
export interface Session {
  token: string;
  /** Integer milliseconds since the epoch, as the API returns it. */
  expiresAt: number;
}

export const SESSION_KEY = 'transceiver-intelligence.session';

export function saveSession(session: Session): void {
  localStorage.setItem(SESSION_KEY, JSON.stringify(session));
}

/** What localStorage holds: a usable session, one that has run out, or nothing (or nothing readable). */
export type StoredSession = { state: 'valid'; session: Session } | { state: 'expired' } | { state: 'none' };

export function readStoredSession(now: number = Date.now()): StoredSession {
  try {
    const value = JSON.parse(localStorage.getItem(SESSION_KEY) ?? 'null') as Partial<Session> | null;
    if (value === null || typeof value.token !== 'string' || typeof value.expiresAt !== 'number') return { state: 'none' };
    if (value.expiresAt <= now) return { state: 'expired' };
    return { state: 'valid', session: { token: value.token, expiresAt: value.expiresAt } };
  } catch {
    return { state: 'none' };
  }
}

/** The stored session, or undefined when there is none, it is unreadable or it has expired. */
export function readSession(now: number = Date.now()): Session | undefined {
  const stored = readStoredSession(now);
  return stored.state === 'valid' ? stored.session : undefined;
}

export function clearSession(): void {
  localStorage.removeItem(SESSION_KEY);
}

/** Pages live side by side under /dashboard/, so a relative name works from any of them. */
export function goToLogin(reason?: LoginReason): void {
  clearSession();
  window.location.replace(reason === undefined ? `./${DASHBOARD_LOGIN_PAGE}` : `./${DASHBOARD_LOGIN_PAGE}?reason=${reason}`);
}

/** Why login.html was opened (?reason=); unknown values give none, and the page shows no notice. */
export function loginReasonOf(search: string): LoginReason | null {
  const reason = new URLSearchParams(search).get('reason');
  return (LOGIN_REASONS as readonly string[]).includes(reason ?? '') ? (reason as LoginReason) : null;
}
