import { type FormEvent, useState } from 'react';
import type { LoginReason } from '../../shared/dashboard.constants.js';
import type { Language } from '../../shared/vocabulary/language.vocabulary.js';
import { type Translate, translatorFor } from './i18n/translate.js';
import { saveSession } from './session.js';

interface LoginAnswer {
  token?: string;
  expiresAt?: number;
  error?: string;
  message?: string;
}

/** Words for each answer of POST /api/auth/login (docs/api-reference.md lists them). */
function describeFailure(t: Translate, status: number, body: LoginAnswer, retryAfter: string | null): string {
  if (status === 401) return t('login.wrongPassword');
  if (status === 400) return t('login.enterPassword');
  if (status === 429) return retryAfter === null ? t('login.tooManySoon') : t('login.tooMany', { seconds: retryAfter });
  if (status === 500) return body.error ?? t('login.noPassword');
  return body.message ?? body.error ?? t('login.answered', { status });
}

const NOTICES = { expired: 'login.expired', unauthorized: 'login.unauthorized', 'signed-out': 'login.signedOut' } as const;

export function LoginForm({ reason, language }: { reason: LoginReason | null; language: Language }) {
  const t = translatorFor(language);
  const notice = reason === null ? '' : t(NOTICES[reason]);
  const [password, setPassword] = useState('');
  const [problem, setProblem] = useState('');
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    setBusy(true);
    setProblem('');
    try {
      const response = await fetch('/api/auth/login', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ password }),
      });
      const body = (await response.json().catch(() => ({}))) as LoginAnswer;
      if (response.ok && typeof body.token === 'string' && typeof body.expiresAt === 'number') {
        saveSession({ token: body.token, expiresAt: body.expiresAt });
        window.location.replace('./');
        return;
      }
      setProblem(describeFailure(t, response.status, body, response.headers.get('Retry-After')));
    } catch {
      setProblem(t('login.unreachable'));
    } finally {
      setBusy(false);
    }
  }

  return (
    <main className="login">
      <div className="login-card">
        <h1>
          <span className="logo" aria-hidden="true">
            ◈
          </span>{' '}
          Transceiver Intelligence
        </h1>
        {notice !== '' && (
          <p className="banner banner-info" data-testid="login-notice">
            {notice}
          </p>
        )}
        {/* submit reports every failure in the form itself, so its promise never rejects. */}
        <form onSubmit={(event) => void submit(event)}>
          <label htmlFor="password">{t('login.password')}</label>
          <input
            id="password"
            type="password"
            autoComplete="current-password"
            autoFocus
            required
            value={password}
            onChange={(e) => setPassword(e.target.value)}
          />
          <button type="submit" className="button-primary" disabled={busy || password === ''}>
            {busy ? t('login.signingIn') : t('login.signIn')}
          </button>
          <div className="problem" role="alert" data-testid="login-problem">
            {problem}
          </div>
        </form>
      </div>
    </main>
  );
}
