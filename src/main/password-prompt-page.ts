import { createHash } from 'node:crypto';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from './desktop-config.js';

/**
 * The first-launch password page, loaded from a data: URL so it needs no file in the package. Its only script
 * and style are inline and allowed by their SHA-256 hashes: the CSP permits nothing else (no network, no
 * other script, no form submission), so even injected markup could not run.
 */

const STYLE = `
  body { font: 14px system-ui, sans-serif; margin: 24px; color: #1b2733; background: #f5f7fa; }
  h1 { font-size: 18px; margin: 0 0 8px; }
  p { margin: 0 0 12px; line-height: 1.4; }
  label { display: block; margin: 10px 0 4px; font-weight: 600; }
  input { width: 100%; box-sizing: border-box; padding: 6px 8px; font: inherit; }
  button { margin-top: 16px; padding: 6px 16px; font: inherit; }
  #problem { color: #b00020; min-height: 1.4em; margin-top: 10px; }
`;

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

/** A CSP source that allows exactly this inline script or style. */
export function sha256(text: string): string {
  return `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`;
}

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** The Content-Security-Policy of the page: only its own inline script and style, by hash. */
export function promptPageCsp(): string {
  return ["default-src 'none'", `script-src ${sha256(SCRIPT)}`, `style-src ${sha256(STYLE)}`, "form-action 'none'", "base-uri 'none'"].join('; ');
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
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8">
<meta http-equiv="Content-Security-Policy" content="${promptPageCsp()}">
<title>${escapeHtml(options.productName)}: choose a password</title>
<style>${STYLE}</style></head>
<body>
<h1>Choose the dashboard password</h1>
<p>You and colleagues on the network sign in to the dashboard and the API with it. ${escapeHtml(keeping)}</p>
<form id="form">
<label for="password">Password (${PASSWORD_MIN_LENGTH} to ${PASSWORD_MAX_LENGTH} characters)</label>
<input id="password" type="password" autocomplete="new-password" minlength="${PASSWORD_MIN_LENGTH}" maxlength="${PASSWORD_MAX_LENGTH}" required autofocus>
<label for="confirm">Again</label>
<input id="confirm" type="password" autocomplete="new-password" required>
<button type="submit">Save and start</button>
<div id="problem" role="alert"></div>
</form>
<script>${SCRIPT}</script>
</body></html>`;
}

export function promptPageUrl(options: PromptPageOptions): string {
  return `data:text/html;charset=utf-8,${encodeURIComponent(promptPageHtml(options))}`;
}
