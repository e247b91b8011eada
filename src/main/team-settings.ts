/**
 * The desktop app's team server settings, as plain functions (no electron import) so tests/unit/desktop checks them
 * in plain Node: where the address is kept, what counts as a valid entry, which page the window shows, and the
 * "take along" request the app makes to its own service (the pull itself is the service's feature).
 */
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { teamOrigin } from '../shared/team-origin.js';

/** The team server's address, plain JSON in userData (it is no secret). */
export const TEAM_SETTINGS_FILE = 'team-server.json';
/** The team password, safeStorage ciphertext in userData (see password-store.ts). */
export const TEAM_PASSWORD_FILE = 'team-password.enc';
const TEAM_PASSWORD_MAX_LENGTH = 1024;

/** The kept team server address, or undefined when none is set (or the file is not ours any more). */
export function readTeamUrl(userData: string): string | undefined {
  const file = join(userData, TEAM_SETTINGS_FILE);
  if (!existsSync(file)) return undefined;
  try {
    const value = (JSON.parse(readFileSync(file, 'utf8')) as { url?: unknown }).url;
    return typeof value === 'string' ? teamOrigin(value) : undefined;
  } catch {
    return undefined;
  }
}

/** Keeps the address, written beside its final name and renamed so a crash leaves the old one or the new one. */
export function saveTeamUrl(userData: string, url: string): void {
  const file = join(userData, TEAM_SETTINGS_FILE);
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(`${file}.tmp`, JSON.stringify({ url }));
  renameSync(`${file}.tmp`, file);
}

/** What is wrong with an entry of the settings window, in words for the person typing it; undefined when it is fine. */
export function teamSettingsProblem(input: unknown): string | undefined {
  const { url, password } = (typeof input === 'object' && input !== null ? input : {}) as { url?: unknown; password?: unknown };
  if (typeof url !== 'string' || teamOrigin(url) === undefined)
    return 'Enter the team server address, starting with https:// (or http:// on a trusted network).';
  if (typeof password !== 'string' || password.length > TEAM_PASSWORD_MAX_LENGTH)
    return `The team password has at most ${TEAM_PASSWORD_MAX_LENGTH} characters.`;
  return undefined;
}

/** The page the window shows for the team: the team server's own dashboard. */
export function teamDashboardUrl(origin: string): string {
  return `${origin}/dashboard/`;
}

export interface TakeAlongRequest {
  fetch: typeof fetch;
  /** The app's own service, e.g. http://127.0.0.1:8787. */
  serviceUrl: string;
  /** The app's own dashboard password (the service's DASHBOARD_PASSWORD). */
  servicePassword: string;
  teamUrl: string;
  /** undefined: pull without the team password (no internal demand; the team must allow anonymous pulls). */
  teamPassword: string | undefined;
}

/**
 * Asks the app's own service to pull a snapshot of the team's data (POST /api/take-along/pull); the window then
 * shows the own dashboard, whose header shows the pull's progress and then the snapshot's age. Answers the
 * sentence to show when the service refused.
 */
export async function requestTakeAlong(request: TakeAlongRequest): Promise<{ ok: true } | { ok: false; message: string }> {
  const post = (path: string, body: unknown, token?: string) =>
    request.fetch(`${request.serviceUrl}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
      body: JSON.stringify(body),
    });
  const problem = async (response: Response) => ((await response.json().catch(() => ({}))) as { message?: string }).message ?? response.statusText;
  const login = await post('/api/auth/login', { password: request.servicePassword });
  if (!login.ok) return { ok: false, message: `The app's own service refused its password: ${await problem(login)}` };
  const { token } = (await login.json()) as { token: string };
  const body = request.teamPassword === undefined ? { from: request.teamUrl } : { from: request.teamUrl, password: request.teamPassword };
  const pull = await post('/api/take-along/pull', body, token);
  return pull.ok ? { ok: true } : { ok: false, message: await problem(pull) };
}

export type TeamAction = 'settings' | 'show-team' | 'show-own' | 'take-along';

/** The Team menu: what each entry says and whether it can be chosen, given the kept address and what the window shows. */
export function teamMenuEntries(state: {
  teamUrl: string | undefined;
  showing: 'own' | 'team';
}): Array<{ label: string; action: TeamAction; enabled: boolean }> {
  const configured = state.teamUrl !== undefined;
  return [
    { label: 'Team server settings…', action: 'settings', enabled: true },
    {
      label: configured ? `Show the team's dashboard (${new URL(state.teamUrl!).host})` : "Show the team's dashboard",
      action: 'show-team',
      enabled: configured && state.showing === 'own',
    },
    { label: "Show this computer's data", action: 'show-own', enabled: state.showing === 'team' },
    { label: "Take the team's data along", action: 'take-along', enabled: configured },
  ];
}
