import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import './base.css';
import { translate } from './i18n/translate.js';
import { LoginForm } from './login-form.js';
import { loginReasonOf } from './session.js';
import { readLanguage } from './state/preferences.js';

const root = document.getElementById('root');
if (root !== null) {
  // The dashboard's language choice lives in localStorage, so the login page speaks it too.
  const language = readLanguage();
  document.documentElement.lang = language;
  document.title = `${translate(language, 'login.signIn')} · Transceiver Intelligence`;
  createRoot(root).render(
    <StrictMode>
      <LoginForm reason={loginReasonOf(window.location.search)} language={language} />
    </StrictMode>,
  );
}
