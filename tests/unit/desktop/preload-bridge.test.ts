import { readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { IPC } from '../../../src/preload/ipc-channels.js';

const repoRoot = resolve(import.meta.dirname, '../../..');

// Electron's preload API, recorded: what the page is given and which channels it can reach.
const bridge = vi.hoisted(() => ({ exposed: new Map<string, unknown>(), invoked: [] as Array<{ channel: string; args: unknown[] }> }));
vi.mock('electron', () => ({
  contextBridge: { exposeInMainWorld: (name: string, api: unknown) => bridge.exposed.set(name, api) },
  ipcRenderer: {
    invoke: (channel: string, ...args: unknown[]) => {
      bridge.invoked.push({ channel, args });
      return Promise.resolve({ ok: true });
    },
  },
}));

function sourcesUnder(dir: string): string[] {
  return readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((name) => /\.tsx?$/.test(name))
    .map((name) => readFileSync(join(dir, name), 'utf8'));
}

describe('the preload bridge', () => {
  it('exposes only the password and team settings hand-overs, each reaching only its own channel, with text', async () => {
    await import('../../../src/preload/index.js');
    expect([...bridge.exposed.keys()]).toEqual(['desktop']);
    const desktop = bridge.exposed.get('desktop') as Record<string, (value: unknown) => Promise<unknown>>;
    expect(Object.keys(desktop)).toEqual(['submitPassword', 'saveTeamSettings']);
    await desktop.submitPassword?.({ toString: () => 'not a string' });
    await desktop.saveTeamSettings?.({ url: { toString: () => 'https://team.example' }, password: 42, extra: 'dropped' });
    expect(bridge.invoked).toEqual([
      { channel: IPC.submitPassword, args: ['not a string'] },
      { channel: IPC.saveTeamSettings, args: [{ url: 'https://team.example', password: '42' }] },
    ]);
  });

  it('declares no channel that the main process does not handle or no page uses', () => {
    const main = sourcesUnder(resolve(repoRoot, 'src', 'main')).join('\n');
    const handled = [...main.matchAll(/ipcMain\.handle\(IPC\.(\w+)/g)].map((match) => match[1]);
    expect(Object.keys(IPC).sort()).toEqual([...new Set(handled)].sort());
    // The renderer (the dashboard) talks HTTP only; the prompt page is the bridge's one user.
    expect(sourcesUnder(resolve(repoRoot, 'src', 'renderer')).some((text) => text.includes('window.desktop'))).toBe(false);
    for (const name of Object.keys(IPC)) expect(main).toContain(`window.desktop.${name}(`);
  });
});
