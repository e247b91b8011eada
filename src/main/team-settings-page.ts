import { dataUrlOf, escapeHtml, formPageCsp, formPageHtml } from './form-page.js';

/** The team server settings page (a form page: form-page.ts says how it is loaded and locked down); it reaches nothing but the one IPC call of the preload bridge. */

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
  return formPageCsp(SCRIPT);
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
  return formPageHtml(
    `${options.productName}: team server`,
    SCRIPT,
    `<h1>Team server</h1>
<p>The window can show the team's dashboard, and "Take the team's data along" copies a read-only snapshot onto this computer for use without a network. ${escapeHtml(keeping)} Leave the password empty to take the data along without internal demand.</p>
<form id="form">
<label for="url">Address</label>
<input id="url" type="url" placeholder="https://team.example" value="${escapeHtml(options.url ?? '')}" required autofocus>
<label for="password">Team password</label>
<input id="password" type="password" autocomplete="current-password">
<button type="submit">Save</button>
<div id="problem" role="alert"></div>
</form>`,
  );
}

export function teamSettingsPageUrl(options: TeamSettingsPageOptions): string {
  return dataUrlOf(teamSettingsPageHtml(options));
}
