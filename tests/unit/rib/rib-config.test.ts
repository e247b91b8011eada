import { describe, expect, it } from 'vitest';
import { ConfigProblems } from '../../../src/service/config-parsers.js';
import { readRibConfig } from '../../../src/service/features/rib/rib.config.js';
import { tryParseVrf, vrfFromId } from '../../../src/service/features/rib/vrf.codec.js';

describe('RIB configuration', () => {
  it('has working defaults', () => {
    const problems = new ConfigProblems();
    expect(readRibConfig({}, problems)).toEqual({
      enabled: true,
      address: '127.0.0.1:4321',
      router: undefined,
      vrf: '0:0',
      timeoutMs: 1500,
      reconnectMaxMs: 5000,
      keepaliveMs: 10_000,
      allowUnreadyRib: false,
    });
    expect(problems.messages).toEqual([]);
  });

  it('reads every variable', () => {
    const problems = new ConfigProblems();
    const config = readRibConfig(
      {
        RIS_ADDRESS: '[::1]:50051',
        RIS_ROUTER: '2001:db8::10',
        RIS_VRF: '65000:100',
        RIS_TIMEOUT_MS: '800',
        RIS_ENABLED: 'false',
        RIS_KEEPALIVE_MS: '20000',
        RIS_ALLOW_UNREADY_RIB: 'true',
      },
      problems,
    );
    expect(problems.messages).toEqual([]);
    expect(config).toMatchObject({
      address: '[::1]:50051',
      router: '2001:db8::10',
      vrf: '65000:100',
      timeoutMs: 800,
      enabled: false,
      keepaliveMs: 20_000,
      allowUnreadyRib: true,
    });
  });

  it('reports every bad value, naming the variable', () => {
    const problems = new ConfigProblems();
    readRibConfig(
      { RIS_ADDRESS: 'localhost', RIS_ROUTER: 'edge1', RIS_VRF: 'global', RIS_TIMEOUT_MS: 'soon', RIS_KEEPALIVE_MS: '500', RIS_ALLOW_UNREADY_RIB: 'maybe' },
      problems,
    );
    const names = problems.messages.map((m) => m.split(':')[0]);
    expect(names.sort()).toEqual(['RIS_ADDRESS', 'RIS_ALLOW_UNREADY_RIB', 'RIS_KEEPALIVE_MS', 'RIS_ROUTER', 'RIS_TIMEOUT_MS', 'RIS_VRF'].sort());
  });

  it('rejects VRFs whose parts do not fit 32 bits', () => {
    const problems = new ConfigProblems();
    readRibConfig({ RIS_VRF: '4294967296:1' }, problems);
    expect(problems.messages).toHaveLength(1);
  });
});

describe('VRF codec', () => {
  it('reads ASN:ID as ASN << 32 | ID, and the decimal route distinguisher alike', () => {
    expect(tryParseVrf('0:0')).toEqual({ text: '0:0', id: 0n });
    expect(tryParseVrf('65000:100')).toEqual({ text: '65000:100', id: (65000n << 32n) | 100n });
    expect(tryParseVrf(String((65000n << 32n) | 100n))).toEqual({ text: '65000:100', id: 279172874240100n });
    expect(vrfFromId(18446744073709551615n).text).toBe('4294967295:4294967295');
  });

  it('refuses anything else', () => {
    for (const bad of ['', 'a:b', '1:2:3', '-1:0', '18446744073709551616', '4294967296:0']) expect(tryParseVrf(bad)).toBeUndefined();
  });
});
