import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import './base.css';
import { LoginForm } from './login-form.js';
import { loginReasonMessage } from './session.js';

const root = document.getElementById('root');
if (root !== null) {
  createRoot(root).render(
    <StrictMode>
      <LoginForm notice={loginReasonMessage(window.location.search)} />
    </StrictMode>,
  );
}
