import { join } from 'node:path';
import { defaultDataDir } from '../service/app-paths.js';
import { toolServerStateFile } from '../supervisor/tool-server-launch.js';

export interface MonitorConfig {
  /** MONITOR_URL: the HTTP service to watch (its GET /api/health). */
  serviceUrl: string;
  /** MONITOR_MCP_URL: the tool server to watch (its GET /health); unset: not watched. */
  toolServerUrl: string | null;
  /** NOTIFY_URL: an ntfy-style topic URL that takes a POSTed text; unset: problems are only printed. */
  notifyUrl: string | null;
  /** NOTIFY_TOKEN: bearer token for the topic, if it needs one (from the environment only, never logged). */
  notifyToken: string | null;
  /** MONITOR_STATE_FILE: what was already pushed, so a cron run every minute pushes one problem once. */
  stateFile: string;
  /** MONITOR_TIMEOUT_MS: a process that has not answered by then counts as not answering. */
  timeoutMs: number;
  /** MONITOR_INTERVAL_S: the pause between checks without --once. */
  intervalSeconds: number;
  /** MONITOR_SYSTEMD_UNITS: systemd units to read the state of (comma-separated); none by default. */
  systemdUnits: string[];
  /** MONITOR_PM2_APPS: pm2 apps to read the state of (comma-separated); none by default. */
  pm2Apps: string[];
  /** The state the service's own supervisor keeps of the tool server, in DATA_DIR. */
  supervisorStateFile: string;
}

export class MonitorConfigError extends Error {}

const DEFAULT_SERVICE_URL = 'http://127.0.0.1:3200';

function url(env: NodeJS.ProcessEnv, name: string, fallback: string | null): string | null {
  const raw = env[name]?.trim();
  if (!raw) return fallback;
  let parsed: URL;
  try {
    parsed = new URL(raw);
  } catch {
    throw new MonitorConfigError(`${name}: "${raw}" is not a URL`);
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') throw new MonitorConfigError(`${name}: "${raw}" is not an http(s) URL`);
  return raw.replace(/\/+$/, '');
}

function positive(env: NodeJS.ProcessEnv, name: string, fallback: number): number {
  const raw = env[name]?.trim();
  if (!raw) return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 1) throw new MonitorConfigError(`${name}: "${raw}" is not a positive whole number`);
  return value;
}

/** A comma-separated list of process names; each is passed to a process manager, so only plain unit and app names. */
function names(env: NodeJS.ProcessEnv, name: string): string[] {
  const list = (env[name] ?? '')
    .split(',')
    .map((item) => item.trim())
    .filter((item) => item !== '');
  const bad = list.find((item) => !/^[A-Za-z0-9@._:-]+$/.test(item));
  if (bad !== undefined) throw new MonitorConfigError(`${name}: "${bad}" is not a unit or app name`);
  return list;
}

export function readMonitorConfig(env: NodeJS.ProcessEnv): MonitorConfig {
  // Beside the service's own data, so one installation keeps one state.
  const dataDir = env.DATA_DIR?.trim() || defaultDataDir(env);
  return {
    serviceUrl: url(env, 'MONITOR_URL', DEFAULT_SERVICE_URL)!,
    toolServerUrl: url(env, 'MONITOR_MCP_URL', null),
    notifyUrl: url(env, 'NOTIFY_URL', null),
    notifyToken: env.NOTIFY_TOKEN?.trim() || null,
    stateFile: env.MONITOR_STATE_FILE?.trim() || join(dataDir, 'monitor-state.json'),
    timeoutMs: positive(env, 'MONITOR_TIMEOUT_MS', 5_000),
    intervalSeconds: positive(env, 'MONITOR_INTERVAL_S', 60),
    systemdUnits: names(env, 'MONITOR_SYSTEMD_UNITS'),
    pm2Apps: names(env, 'MONITOR_PM2_APPS'),
    supervisorStateFile: toolServerStateFile(dataDir),
  };
}
