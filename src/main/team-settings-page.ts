import { escapeHtml, sha256 } from './password-prompt-page.js';

/**
 * The team server settings page, loaded from a data: URL like the first-launch password page: its only script and
 * style are inline and allowed by their hashes, and it reaches nothing but the one IPC call of the preload bridge.
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

const SCRIPT = `
  const form = document.getElementById('form');
  const problem = document.getElementById('problem');
  form.addEventListener('submit', async (event) => {
    event.preventDefault();
    form.querySelector('button').disabled = true;
    try {
      const result = await window.desktop.saveTeamSettings({
        url: document.getElementById('url').value,
        password: document.getElementById('password').value,
      });
      if (!result.ok) problem.textContent = result.error || 'The settings were refused.';
    } catch (error) {
      problem.textContent = 'The app did not accept the settings: ' + String(error);
    } finally {
      form.querySelector('button').disabled = false;
    }
  });
`;

export function teamSettingsPageCsp(): string {
  return ["default-src 'none'", `script-src ${sha256(SCRIPT)}`, `style-src ${sha256(STYLE)}`, "form-action 'none'", "base-uri 'none'"].join('; ');
}

export interface TeamSettingsPageOptions {
  productName: string;
  /** The address kept now, shown for editing. */
  url: string | undefined;
  /** false when the system offers no key store: the password is then used for this session only. */
  willBeKept: boolean;
}

export function teamSettingsPageHtml(options: TeamSettingsPageOptions): string {
  const keeping = options.willBeKept
    ? 'The password is kept encrypted by your operating system.'
    : 'This system offers no key store, so the password is used until the app quits and not saved.';
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8">
<meta http-equiv="Content-Security-Policy" content="${teamSettingsPageCsp()}">
<title>${escapeHtml(options.productName)}: team server</title>
<style>${STYLE}</style></head>
<body>
<h1>Team server</h1>
<p>The window can show the team's dashboard, and "Take the team's data along" copies a read-only snapshot onto this computer for use without a network. ${escapeHtml(keeping)} Leave the password empty to take the data along without internal demand.</p>
<form id="form">
<label for="url">Address</label>
<input id="url" type="url" placeholder="https://team.example" value="${escapeHtml(options.url ?? '')}" required autofocus>
<label for="password">Team password</label>
<input id="password" type="password" autocomplete="current-password">
<button type="submit">Save</button>
<div id="problem" role="alert"></div>
</form>
<script>${SCRIPT}</script>
</body></html>`;
}

export function teamSettingsPageUrl(options: TeamSettingsPageOptions): string {
  return `data:text/html;charset=utf-8,${encodeURIComponent(teamSettingsPageHtml(options))}`;
}
