import { describe, expect, it } from 'vitest';
import { isSharedOnLan, isWildcardHost, lanDashboardUrls, serviceUrl } from '../../../src/shared/service-url.js';

describe('serviceUrl', () => {
  it('writes IPv4 addresses and names as they are', () => {
    expect(serviceUrl('127.0.0.1', 3200)).toBe('http://127.0.0.1:3200');
    expect(serviceUrl('192.168.1.20', 4000)).toBe('http://192.168.1.20:4000');
    expect(serviceUrl('ti.example.lan', 3200)).toBe('http://ti.example.lan:3200');
  });

  it('shows the wildcard hosts and localhost as IPv4 loopback', () => {
    expect(serviceUrl('0.0.0.0', 3200)).toBe('http://127.0.0.1:3200');
    expect(serviceUrl('::', 3200)).toBe('http://127.0.0.1:3200');
    expect(serviceUrl('localhost', 3200)).toBe('http://127.0.0.1:3200');
  });

  it('puts IPv6 addresses in brackets, escaping a zone', () => {
    expect(serviceUrl('::1', 4000)).toBe('http://[::1]:4000');
    expect(serviceUrl('fe80::1', 3200)).toBe('http://[fe80::1]:3200');
    expect(serviceUrl('2001:db8::20', 3200, { dashboard: true })).toBe('http://[2001:db8::20]:3200/dashboard/');
    expect(serviceUrl('fe80::1%eth0', 3200)).toBe('http://[fe80::1%25eth0]:3200');
    expect(serviceUrl('[::1]', 3200)).toBe('http://[::1]:3200');
    // What the brackets are for: a URL parser reads host and port apart.
    const parsed = new URL(serviceUrl('fe80::1', 3200, { dashboard: true }));
    expect([parsed.hostname, parsed.port, parsed.pathname]).toEqual(['[fe80::1]', '3200', '/dashboard/']);
  });

  it('appends the dashboard path only when asked', () => {
    expect(serviceUrl('0.0.0.0', 3200, { dashboard: true })).toBe('http://127.0.0.1:3200/dashboard/');
    expect(serviceUrl('127.0.0.1', 3200, { dashboard: false })).toBe('http://127.0.0.1:3200');
  });
});

describe('LAN sharing', () => {
  it('knows the wildcard and loopback hosts', () => {
    expect(['0.0.0.0', '::', '::1', '127.0.0.1', 'fe80::1'].map(isWildcardHost)).toEqual([true, true, false, false, false]);
    expect(['127.0.0.1', 'localhost', '::1', '0.0.0.0', '::', '192.168.1.20', 'fe80::1'].map(isSharedOnLan)).toEqual([
      false,
      false,
      false,
      true,
      true,
      true,
      true,
    ]);
  });

  it('lists no URL for a loopback-only service', () => {
    expect(lanDashboardUrls('127.0.0.1', 3200, ['192.168.1.20'])).toEqual([]);
    expect(lanDashboardUrls('::1', 3200, ['192.168.1.20'])).toEqual([]);
  });

  it('lists every LAN address for a wildcard host, and only the bound address otherwise', () => {
    expect(lanDashboardUrls('0.0.0.0', 3200, ['192.168.1.20', '10.0.0.5'])).toEqual(['http://192.168.1.20:3200/dashboard/', 'http://10.0.0.5:3200/dashboard/']);
    expect(lanDashboardUrls('::', 3200, ['192.168.1.20'])).toEqual(['http://192.168.1.20:3200/dashboard/']);
    expect(lanDashboardUrls('fe80::1', 3200, ['192.168.1.20'])).toEqual(['http://[fe80::1]:3200/dashboard/']);
  });
});
