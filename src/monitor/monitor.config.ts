import { join } from 'node:path';
import { defaultDataDir } from '../service/app-paths.js';

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
  };
}
