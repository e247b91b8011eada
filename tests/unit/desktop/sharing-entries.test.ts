import { describe, expect, it } from 'vitest';
import { sharingEntries } from '../../../src/main/sharing-entries.js';

describe('Sharing menu entries', () => {
  it('explains that a loopback-only service is not shared', () => {
    const entries = sharingEntries('127.0.0.1', 3200, ['192.168.1.20']);
    expect(entries).toEqual([{ label: expect.stringContaining('HOST=0.0.0.0') }]);
  });

  it('lists one dashboard address per LAN interface when HOST=0.0.0.0', () => {
    expect(sharingEntries('0.0.0.0', 3200, ['192.168.1.20', '10.0.0.5'])).toEqual([
      { label: 'Copy http://192.168.1.20:3200/dashboard/', url: 'http://192.168.1.20:3200/dashboard/' },
      { label: 'Copy http://10.0.0.5:3200/dashboard/', url: 'http://10.0.0.5:3200/dashboard/' },
    ]);
  });

  it('shows the one address a specific HOST binds to', () => {
    expect(sharingEntries('192.168.1.20', 4000, ['10.0.0.5'])).toEqual([
      { label: 'Copy http://192.168.1.20:4000/dashboard/', url: 'http://192.168.1.20:4000/dashboard/' },
    ]);
  });

  it('brackets an IPv6 HOST in the address it offers', () => {
    expect(sharingEntries('fe80::1', 3200, [])).toEqual([{ label: 'Copy http://[fe80::1]:3200/dashboard/', url: 'http://[fe80::1]:3200/dashboard/' }]);
  });

  it('says so when sharing is on but the machine has no LAN address', () => {
    const entries = sharingEntries('0.0.0.0', 3200, []);
    expect(entries).toHaveLength(1);
    expect(entries[0]?.url).toBeUndefined();
  });
});
