import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { promisify } from 'node:util';
import type { SupervisorState } from '../supervisor/process-supervisor.js';
import type { Problem } from './health-checks.js';

const run = promisify(execFile);

export interface ProcessTargets {
  /** MONITOR_SYSTEMD_UNITS: the units that run the service's processes (transceiver-intelligence@1, ...). */
  systemdUnits: string[];
  /** MONITOR_PM2_APPS: the pm2 apps that run them, where pm2 does. */
  pm2Apps: string[];
  /** The state file the service's own supervisor keeps of the tool server (DATA_DIR/tool-server-supervisor.json). */
  supervisorStateFile: string;
  timeoutMs: number;
}

/** A supervised child that died this many times in a row, without a minute of running between, is failing. */
const CRASHES_IN_A_ROW = 3;

/** `systemctl show` prints each unit's properties as Key=value lines, one blank line between units. */
function parseSystemdShow(output: string): Array<Record<string, string>> {
  return output
    .split(/\n\s*\n/)
    .map((block) =>
      Object.fromEntries(
        block.split('\n').flatMap((line) => (line.includes('=') ? [[line.slice(0, line.indexOf('=')), line.slice(line.indexOf('=') + 1)]] : [])),
      ),
    )
    .filter((unit) => unit.Id !== undefined);
}

async function systemdProblems(targets: ProcessTargets): Promise<Problem[]> {
  if (targets.systemdUnits.length === 0) return [];
  let output: string;
  try {
    ({ stdout: output } = await run('systemctl', ['show', '--property=Id,ActiveState,SubState,Result', '--', ...targets.systemdUnits], {
      timeout: targets.timeoutMs,
    }));
  } catch (error) {
    return [
      {
        key: 'systemd-unreadable',
        title: 'The state of the systemd units cannot be read',
        detail: `systemctl show: ${(error as Error).message.split('\n')[0]}`,
      },
    ];
  }
  const units = new Map(parseSystemdShow(output).map((unit) => [unit.Id, unit]));
  return targets.systemdUnits.flatMap((name): Problem[] => {
    const unit = units.get(name) ?? units.get(`${name}.service`);
    const state = `${unit?.ActiveState ?? 'unknown'}/${unit?.SubState ?? 'unknown'}, result ${unit?.Result ?? 'unknown'}`;
    if (unit === undefined || unit.ActiveState === 'failed') return [{ key: `systemd:${name}`, title: `${name} has failed`, detail: `systemd: ${state}` }];
    if (unit.ActiveState === 'inactive') return [{ key: `systemd:${name}`, title: `${name} is stopped`, detail: `systemd: ${state}` }];
    if (unit.SubState === 'auto-restart') return [{ key: `systemd:${name}`, title: `${name} keeps restarting`, detail: `systemd: ${state}` }];
    return [];
  });
}

interface Pm2App {
  name?: string;
  pm2_env?: { status?: string; restart_time?: number };
}

async function pm2Problems(targets: ProcessTargets): Promise<Problem[]> {
  if (targets.pm2Apps.length === 0) return [];
  let apps: Pm2App[];
  try {
    const { stdout } = await run('pm2', ['jlist'], { timeout: targets.timeoutMs });
    apps = JSON.parse(stdout) as Pm2App[];
  } catch (error) {
    return [{ key: 'pm2-unreadable', title: 'The state of the pm2 apps cannot be read', detail: `pm2 jlist: ${(error as Error).message.split('\n')[0]}` }];
  }
  return targets.pm2Apps.flatMap((name): Problem[] => {
    const app = apps.find((a) => a.name === name);
    const status = app?.pm2_env?.status;
    if (app === undefined) return [{ key: `pm2:${name}`, title: `${name} is not running under pm2`, detail: 'pm2 jlist does not list it' }];
    if (status === 'errored' || status === 'stopped') {
      return [{ key: `pm2:${name}`, title: `${name} is ${status}`, detail: `pm2: ${status}, ${app.pm2_env?.restart_time ?? 0} restarts` }];
    }
    return [];
  });
}

function supervisorProblems(targets: ProcessTargets): Problem[] {
  let state: SupervisorState;
  try {
    state = JSON.parse(readFileSync(targets.supervisorStateFile, 'utf8')) as SupervisorState;
  } catch {
    // No supervised tool server on this installation (no MCP_SECRET), or not started yet.
    return [];
  }
  const key = `supervised:${state.name}`;
  if (state.state === 'given-up')
    return [{ key, title: `The ${state.name} is stopped`, detail: `${state.lastExit ?? 'it ended'}; not restarted (${state.at})` }];
  if (state.state === 'restarting' && state.crashesInARow >= CRASHES_IN_A_ROW) {
    return [
      { key, title: `The ${state.name} keeps crashing`, detail: `${state.crashesInARow} crashes in a row, last: ${state.lastExit ?? 'unknown'} (${state.at})` },
    ];
  }
  return [];
}

/** What the process managers say of the processes they run: failed, stopped or crash-looping ones. */
export async function findProcessProblems(targets: ProcessTargets): Promise<Problem[]> {
  const [systemd, pm2] = await Promise.all([systemdProblems(targets), pm2Problems(targets)]);
  return [...systemd, ...pm2, ...supervisorProblems(targets)];
}
