import { type FormEvent, useState } from 'react';
import { saveSession } from './session.js';

interface LoginAnswer {
  token?: string;
  expiresAt?: number;
  error?: string;
  message?: string;
}

/** Words for each answer of POST /api/auth/login (docs/api-reference.md lists them). */
function describeFailure(status: number, body: LoginAnswer, retryAfter: string | null): string {
  if (status === 401) return 'Wrong password.';
  if (status === 400) return 'Enter the password.';
  if (status === 429) return `Too many attempts; try again in ${retryAfter ?? 'a few'} seconds.`;
  if (status === 500) return body.error ?? 'The service has no dashboard password configured.';
  return body.message ?? body.error ?? `The service answered ${status}.`;
}

export function LoginForm({ notice }: { notice: string }) {
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
      setProblem(describeFailure(response.status, body, response.headers.get('Retry-After')));
    } catch {
      setProblem('The service cannot be reached.');
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
          <label htmlFor="password">Dashboard password</label>
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
            {busy ? 'Signing in…' : 'Sign in'}
          </button>
          <div className="problem" role="alert" data-testid="login-problem">
            {problem}
          </div>
        </form>
      </div>
    </main>
  );
}
