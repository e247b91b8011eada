import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from './desktop-config.js';
import { dataUrlOf, escapeHtml, formPageCsp, formPageHtml } from './form-page.js';

/** The first-launch password page (a form page: form-page.ts says how it is loaded and locked down). */

// Runs in the sandboxed page; window.desktop comes from src/preload via contextBridge.
const SCRIPT = `
  const form = document.getElementById('form');
  const problem = document.getElementById('problem');
  form.addEventListener('submit', async (event) => {
    event.preventDefault();
    const password = document.getElementById('password').value;
    if (password !== document.getElementById('confirm').value) {
      problem.textContent = 'The two passwords differ.';
      return;
    }
    form.querySelector('button').disabled = true;
    try {
      const result = await window.desktop.submitPassword(password);
      if (!result.ok) problem.textContent = result.error || 'The password was refused.';
    } catch (error) {
      problem.textContent = 'The app did not accept the password: ' + String(error);
    } finally {
      form.querySelector('button').disabled = false;
    }
  });
`;

/** The Content-Security-Policy of the page: only its own inline script and style, by hash. */
export function promptPageCsp(): string {
  return formPageCsp(SCRIPT);
}

export interface PromptPageOptions {
  productName: string;
  /** false when the system offers no real encryption (e.g. Linux without a keyring): the password is asked each launch. */
  willBeKept: boolean;
}

export function promptPageHtml(options: PromptPageOptions): string {
  const keeping = options.willBeKept
    ? 'It is kept encrypted by your operating system, so you are asked only once.'
    : 'This system offers no key store, so it is not saved and you will be asked at each start; set DASHBOARD_PASSWORD to avoid that.';
  return formPageHtml(
    `${options.productName}: choose a password`,
    SCRIPT,
    `<h1>Choose the dashboard password</h1>
<p>You and colleagues on the network sign in to the dashboard and the API with it. ${escapeHtml(keeping)}</p>
<form id="form">
<label for="password">Password (${PASSWORD_MIN_LENGTH} to ${PASSWORD_MAX_LENGTH} characters)</label>
<input id="password" type="password" autocomplete="new-password" minlength="${PASSWORD_MIN_LENGTH}" maxlength="${PASSWORD_MAX_LENGTH}" required autofocus>
<label for="confirm">Again</label>
<input id="confirm" type="password" autocomplete="new-password" required>
<button type="submit">Save and start</button>
<div id="problem" role="alert"></div>
</form>`,
  );
}

export function promptPageUrl(options: PromptPageOptions): string {
  return dataUrlOf(promptPageHtml(options));
}
