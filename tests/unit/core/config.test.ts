import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../../src/service/config.js';
import { defaultDataDir } from '../../../src/service/app-paths.js';

describe('loadConfig', () => {
  it('has the documented defaults', () => {
    const config = loadConfig({ HOME: '/home/sales' });
    expect(config.port).toBe(3200);
    expect(config.mcpPort).toBe(3201);
    expect(config.host).toBe('127.0.0.1');
    expect(config.trustProxy).toEqual(['loopback']);
    expect(config.schedulerEnabled).toBe(true);
    expect(config.dashboardPassword).toBeUndefined();
    expect(config.version).toMatch(/^\d+\.\d+\.\d+/);
  });

  it('reports every bad value at once, one message each, naming the variable', () => {
    let caught: unknown;
    try {
      loadConfig({ PORT: 'eighty', MCP_HTTP_PORT: '70000', LOG_LEVEL: 'loud', SCHEDULER_ENABLED: 'maybe', TRUST_PROXY: 'some proxy' });
    } catch (error) {
      caught = error;
    }
    expect(caught).toBeInstanceOf(ConfigError);
    const problems = (caught as ConfigError).problems;
    expect(problems).toHaveLength(5);
    expect(problems[0]).toMatch(/^PORT: "eighty" is not a whole number/);
    expect(problems.join('\n')).toMatch(/MCP_HTTP_PORT: 70000 is outside 0\.\.65535/);
    expect(problems.join('\n')).toMatch(/LOG_LEVEL: "loud" is not one of fatal/);
    expect(problems.join('\n')).toMatch(/SCHEDULER_ENABLED/);
    expect(problems.join('\n')).toMatch(/TRUST_PROXY/);
  });

  it('reads TRUST_PROXY as a flag, a hop count or a list of proxies', () => {
    expect(loadConfig({ TRUST_PROXY: 'true' }).trustProxy).toBe(true);
    expect(loadConfig({ TRUST_PROXY: '2' }).trustProxy).toBe(2);
    // Proxies on this host are trusted besides the ones named, and by default; `false` trusts none.
    expect(loadConfig({ TRUST_PROXY: '10.0.0.1, 192.168.0.0/16' }).trustProxy).toEqual(['loopback', '10.0.0.1', '192.168.0.0/16']);
    expect(loadConfig({}).trustProxy).toEqual(['loopback']);
    expect(loadConfig({ TRUST_PROXY: 'false' }).trustProxy).toBe(false);
  });

  it('refuses the same port for the API and the tool server', () => {
    expect(() => loadConfig({ PORT: '4000', MCP_HTTP_PORT: '4000' })).toThrow(/must differ from PORT/);
  });

  it('keeps a password verbatim, treating an empty one as unset', () => {
    expect(loadConfig({ DASHBOARD_PASSWORD: ' spaced out words ' }).dashboardPassword).toBe(' spaced out words ');
    expect(loadConfig({ DASHBOARD_PASSWORD: '' }).dashboardPassword).toBeUndefined();
  });

  it('refuses every password this project prints as an example, in any case', () => {
    // The examples as the README and the service's own hint print them, read from where a reader sees them.
    const readme = readFileSync(join(process.cwd(), 'README.md'), 'utf8');
    const shown = [...readme.matchAll(/DASHBOARD_PASSWORD='([^']+)'/g)].map((m) => m[1]!);
    expect(shown.length).toBeGreaterThan(0);
    const hint = (() => {
      try {
        loadConfig({ DASHBOARD_PASSWORD: 'short' });
      } catch (error) {
        return /DASHBOARD_PASSWORD="([^"]+)"/.exec((error as Error).message)?.[1];
      }
    })();
    expect(hint).toBeDefined();
    for (const example of [...shown, hint!, ` ${hint!.toUpperCase()} `]) {
      expect(() => loadConfig({ DASHBOARD_PASSWORD: example }), example).toThrow(/DASHBOARD_PASSWORD: is the example this project prints/);
    }
  });

  it('refuses a password under 12 characters, saying why and how to set one', () => {
    expect(() => loadConfig({ DASHBOARD_PASSWORD: 'eleven-char' })).toThrow(/DASHBOARD_PASSWORD.*at least 12 characters \(it has 11\).*signs tokens.*\.env/s);
    // Counted in characters, not UTF-16 units: 12 characters outside the basic plane pass, 11 do not.
    expect(loadConfig({ DASHBOARD_PASSWORD: '🔑'.repeat(12) }).dashboardPassword).toBe('🔑'.repeat(12));
    expect(() => loadConfig({ DASHBOARD_PASSWORD: '🔑'.repeat(11) })).toThrow(/at least 12/);
    expect(loadConfig({ DASHBOARD_PASSWORD: 'twelve chars' }).dashboardPassword).toBe('twelve chars');
  });

  it('puts the data in the per-user application-data folder Electron uses', () => {
    expect(defaultDataDir({ HOME: '/home/a' }, 'linux')).toBe('/home/a/.config/Transceiver Intelligence');
    expect(defaultDataDir({ HOME: '/Users/a' }, 'darwin')).toBe('/Users/a/Library/Application Support/Transceiver Intelligence');
    expect(defaultDataDir({ APPDATA: 'C:\\Users\\a\\AppData\\Roaming' }, 'win32')).toMatch(/Roaming.Transceiver Intelligence$/);
  });
});
