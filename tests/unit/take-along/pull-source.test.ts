import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../../src/service/config.js';
import { pullSource } from '../../../src/service/features/take-along/take-along.rules.js';

describe('where a take-along pull may read from', () => {
  it('takes an http(s) address as its origin and path, and only the configured team server when there is one', () => {
    expect(pullSource('https://team.example/', undefined)).toEqual({ origin: 'https://team.example' });
    expect(pullSource('http://10.0.0.5:8080/ti', 'http://10.0.0.5:8080/ti/')).toEqual({ origin: 'http://10.0.0.5:8080/ti' });
    expect(pullSource('https://elsewhere.example', 'https://team.example')).toEqual({ problem: expect.stringMatching(/TAKE_ALONG_TEAM_URL/) as string });
    for (const refused of ['ftp://team.example', 'https://user:pw@team.example', 'not a url', 'file:///etc/passwd']) {
      expect(pullSource(refused, undefined), refused).toHaveProperty('problem');
    }
  });

  it('reads TAKE_ALONG_TEAM_URL as an origin and refuses one that is not an http(s) address, naming the variable', () => {
    expect(loadConfig({}).takeAlongTeamUrl).toBeUndefined();
    expect(loadConfig({ TAKE_ALONG_TEAM_URL: ' https://team.example/ ' }).takeAlongTeamUrl).toBe('https://team.example');
    expect(() => loadConfig({ TAKE_ALONG_TEAM_URL: 'https://me:secret@team.example' })).toThrow(ConfigError);
    expect(() => loadConfig({ TAKE_ALONG_TEAM_URL: 'team.example' })).toThrow(/TAKE_ALONG_TEAM_URL/);
  });
});
