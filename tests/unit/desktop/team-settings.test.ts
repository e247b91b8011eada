import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { teamSettingsPageCsp, teamSettingsPageHtml } from '../../../src/main/team-settings-page.js';
import {
  readTeamUrl,
  requestTakeAlong,
  saveTeamUrl,
  TEAM_SETTINGS_FILE,
  teamDashboardUrl,
  teamMenuEntries,
  teamSettingsProblem,
} from '../../../src/main/team-settings.js';

const hashOf = (text: string) => `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`;

describe('the desktop team server settings', () => {
  const dirs: string[] = [];
  const userData = () => {
    const dir = mkdtempSync(join(tmpdir(), 'ti-team-settings-'));
    dirs.push(dir);
    return dir;
  };
  afterEach(() => dirs.splice(0).forEach((dir) => rmSync(dir, { recursive: true, force: true })));

  it('accepts an http(s) address with an optional password and names what is wrong otherwise', () => {
    expect(teamSettingsProblem({ url: 'https://team.example', password: '' })).toBeUndefined();
    expect(teamSettingsProblem({ url: 'http://10.0.0.5:8787/', password: 'secret' })).toBeUndefined();
    expect(teamSettingsProblem({ url: 'file:///etc/passwd', password: '' })).toMatch(/address/);
    expect(teamSettingsProblem({ url: 'https://user:pw@team.example', password: '' })).toMatch(/address/);
    expect(teamSettingsProblem({ url: 'https://team.example', password: 'x'.repeat(1025) })).toMatch(/at most/);
    expect(teamSettingsProblem('https://team.example')).toMatch(/address/);
  });

  it('keeps the address in userData and ignores a file that is not its own', () => {
    const dir = userData();
    expect(readTeamUrl(dir)).toBeUndefined();
    saveTeamUrl(dir, 'https://team.example/ti');
    expect(readTeamUrl(dir)).toBe('https://team.example/ti');
    expect(teamDashboardUrl('https://team.example/ti')).toBe('https://team.example/ti/dashboard/');
    writeFileSync(join(dir, TEAM_SETTINGS_FILE), '{"url": "javascript:alert(1)"}');
    expect(readTeamUrl(dir)).toBeUndefined();
    writeFileSync(join(dir, TEAM_SETTINGS_FILE), 'not json');
    expect(readTeamUrl(dir)).toBeUndefined();
  });

  it('offers the team entries only when they can do something', () => {
    const enabled = (teamUrl: string | undefined, showing: 'own' | 'team') =>
      Object.fromEntries(teamMenuEntries({ teamUrl, showing }).map((e) => [e.action, e.enabled]));
    expect(enabled(undefined, 'own')).toEqual({ settings: true, 'show-team': false, 'show-own': false, 'take-along': false });
    expect(enabled('https://team.example', 'own')).toEqual({ settings: true, 'show-team': true, 'show-own': false, 'take-along': true });
    expect(enabled('https://team.example', 'team')).toEqual({ settings: true, 'show-team': false, 'show-own': true, 'take-along': true });
  });

  it('asks its own service to pull, signed in with its own password, the team password only in the body', async () => {
    const calls: Array<{ url: string; body: unknown; auth: string | undefined }> = [];
    const fake: typeof fetch = async (input, init) => {
      const headers = (init?.headers ?? {}) as Record<string, string>;
      calls.push({ url: String(input), body: JSON.parse(String(init?.body)), auth: headers.authorization });
      if (String(input).endsWith('/api/auth/login')) return Response.json({ token: 'own-token' });
      return Response.json({ showing: 'own' }, { status: 202 });
    };
    const base = { fetch: fake, serviceUrl: 'http://127.0.0.1:8787', servicePassword: 'own password', teamUrl: 'https://team.example' };
    expect(await requestTakeAlong({ ...base, teamPassword: 'team password' })).toEqual({ ok: true });
    expect(calls).toEqual([
      { url: 'http://127.0.0.1:8787/api/auth/login', body: { password: 'own password' }, auth: undefined },
      { url: 'http://127.0.0.1:8787/api/take-along/pull', body: { from: 'https://team.example', password: 'team password' }, auth: 'Bearer own-token' },
    ]);
    calls.length = 0;
    await requestTakeAlong({ ...base, teamPassword: undefined });
    expect(calls[1]?.body).toEqual({ from: 'https://team.example' });
  });

  it("passes on the service's refusal as a sentence", async () => {
    const refusing: typeof fetch = async (input) =>
      String(input).endsWith('/api/auth/login')
        ? Response.json({ token: 't' })
        : Response.json({ error: 'Conflict', message: 'A pull from https://team.example is under way' }, { status: 409 });
    const result = await requestTakeAlong({
      fetch: refusing,
      serviceUrl: 'http://s',
      servicePassword: 'p',
      teamUrl: 'https://team.example',
      teamPassword: undefined,
    });
    expect(result).toEqual({ ok: false, message: 'A pull from https://team.example is under way' });
  });

  it('shows a settings page that runs only its own script and hands the entries to the preload bridge only', () => {
    const html = teamSettingsPageHtml({ productName: 'TI', url: 'https://team.example"><script>', willBeKept: true });
    const csp = teamSettingsPageCsp();
    const scripts = [...html.matchAll(/<script>([\s\S]*?)<\/script>/g)].map((m) => m[1] ?? '');
    expect(scripts).toHaveLength(1);
    expect(csp).toContain(`script-src ${hashOf(scripts[0] ?? '')}`);
    expect(csp).not.toContain('unsafe-inline');
    expect(html).toContain('window.desktop.saveTeamSettings(');
    expect(html).not.toMatch(/fetch\(|XMLHttpRequest|action=/);
    expect(html).toContain('value="https://team.example&#34;&#62;&#60;script&#62;"');
  });
});
