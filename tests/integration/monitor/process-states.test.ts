import { chmodSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { findProcessProblems, type ProcessTargets } from '../../../src/monitor/process-states.js';
import { superviseProcess } from '../../../src/supervisor/process-supervisor.js';
import { spawn } from 'node:child_process';

/**
 * The monitor reads what runs the service's processes: systemd units (`systemctl show`), pm2 apps (`pm2 jlist`) and
 * the service's own supervisor of the tool server (its state file). The two process managers are stand-ins on PATH
 * that print what the real ones print; the supervisor is the real one, over a child that keeps crashing.
 */
describe('monitor: the state of the processes from what runs them', () => {
  let dir: string;
  let path: string | undefined;
  const targets = (over: Partial<ProcessTargets>): ProcessTargets => ({
    systemdUnits: [],
    pm2Apps: [],
    supervisorStateFile: join(dir, 'none.json'),
    timeoutMs: 5_000,
    ...over,
  });
  const standIn = (name: string, output: string) => {
    writeFileSync(join(dir, `${name}.out`), output);
    writeFileSync(join(dir, name), `#!/bin/sh\necho "$@" > "${join(dir, `${name}.args`)}"\ncat "${join(dir, `${name}.out`)}"\n`);
    chmodSync(join(dir, name), 0o755);
  };

  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'ti-monitor-processes-'));
    path = process.env.PATH;
    process.env.PATH = `${dir}:${path ?? ''}`;
  });
  afterAll(() => {
    process.env.PATH = path;
    rmSync(dir, { recursive: true, force: true });
  });

  it('pushes a failed, a stopped and a restarting systemd unit, not a running one', async () => {
    standIn(
      'systemctl',
      [
        'Id=transceiver-intelligence@1.service\nActiveState=active\nSubState=running\nResult=success',
        'Id=transceiver-intelligence@2.service\nActiveState=failed\nSubState=failed\nResult=exit-code',
        'Id=transceiver-intelligence@3.service\nActiveState=inactive\nSubState=dead\nResult=success',
        'Id=haproxy.service\nActiveState=activating\nSubState=auto-restart\nResult=exit-code',
      ].join('\n\n') + '\n',
    );
    const units = ['transceiver-intelligence@1', 'transceiver-intelligence@2.service', 'transceiver-intelligence@3', 'haproxy'];
    const problems = await findProcessProblems(targets({ systemdUnits: units }));
    expect(readFileSync(join(dir, 'systemctl.args'), 'utf8').trim()).toBe(`show --property=Id,ActiveState,SubState,Result -- ${units.join(' ')}`);
    expect(problems.map((p) => [p.key, p.title])).toEqual([
      ['systemd:transceiver-intelligence@2.service', 'transceiver-intelligence@2.service has failed'],
      ['systemd:transceiver-intelligence@3', 'transceiver-intelligence@3 is stopped'],
      ['systemd:haproxy', 'haproxy keeps restarting'],
    ]);
    expect(problems[0]!.detail).toBe('systemd: failed/failed, result exit-code');
  });

  it('pushes an errored, a stopped and a missing pm2 app, not an online one', async () => {
    standIn(
      'pm2',
      JSON.stringify([
        { name: 'ti-1', pm_id: 0, pm2_env: { status: 'online', restart_time: 0 } },
        { name: 'ti-2', pm_id: 1, pm2_env: { status: 'errored', restart_time: 15 } },
        { name: 'ti-3', pm_id: 2, pm2_env: { status: 'stopped', restart_time: 0 } },
      ]),
    );
    const problems = await findProcessProblems(targets({ pm2Apps: ['ti-1', 'ti-2', 'ti-3', 'ti-4'] }));
    expect(problems.map((p) => `${p.key}: ${p.title} (${p.detail})`)).toEqual([
      'pm2:ti-2: ti-2 is errored (pm2: errored, 15 restarts)',
      'pm2:ti-3: ti-3 is stopped (pm2: stopped, 0 restarts)',
      'pm2:ti-4: ti-4 is not running under pm2 (pm2 jlist does not list it)',
    ]);
  });

  it('says so when a process manager cannot be asked, instead of reporting all well', async () => {
    writeFileSync(join(dir, 'pm2'), '#!/bin/sh\necho "pm2: daemon not running" >&2\nexit 1\n');
    const problems = await findProcessProblems(targets({ pm2Apps: ['ti-1'] }));
    expect(problems.map((p) => p.key)).toEqual(['pm2-unreadable']);
  });

  it("pushes a tool server that keeps crashing under the service's supervisor, from its state file", async () => {
    const stateFile = join(dir, 'tool-server-supervisor.json');
    const supervisor = superviseProcess({
      name: 'MCP tool server',
      log: () => undefined,
      initialDelayMs: 10,
      maxDelayMs: 20,
      stateFile,
      start: () => spawn(process.execPath, ['-e', 'process.exit(3)'], { stdio: 'ignore' }),
    });
    try {
      await vi.waitFor(
        async () => {
          const problems = await findProcessProblems(targets({ supervisorStateFile: stateFile }));
          expect(problems).toEqual([expect.objectContaining({ key: 'supervised:MCP tool server', title: 'The MCP tool server keeps crashing' })]);
        },
        { timeout: 20_000, interval: 50 },
      );
      expect(JSON.parse(readFileSync(stateFile, 'utf8'))).toMatchObject({ lastExit: 'exited with code 3' });
    } finally {
      await supervisor.stop();
    }
    expect(JSON.parse(readFileSync(stateFile, 'utf8'))).toMatchObject({ state: 'stopped' });
    expect(await findProcessProblems(targets({ supervisorStateFile: stateFile }))).toEqual([]);
  });
});
