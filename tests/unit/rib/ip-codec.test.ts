import { describe, expect, it } from 'vitest';
import {
  AddressSyntaxError,
  formatAddress,
  formatPrefix,
  fromWireIp,
  parseAddress,
  parsePrefix,
  toWireIp,
  toWirePrefix,
} from '../../../src/service/features/rib/ip.codec.js';

const roundTrip = (text: string) => {
  const prefix = parsePrefix(text);
  const wire = toWirePrefix(prefix);
  return formatPrefix({ address: fromWireIp(wire.address), length: wire.length });
};

describe('address codec: the encoding examples of docs/routing-daemon.md', () => {
  it('encodes 192.0.2.1 as higher 0, lower 3221225985, IPv4', () => {
    expect(toWireIp(parseAddress('192.0.2.1'))).toEqual({ higher: '0', lower: '3221225985', version: 'IPv4' });
  });

  it('encodes 2001:db8::1 as higher 2306139568115548160, lower 1', () => {
    expect(toWireIp(parseAddress('2001:db8::1'))).toEqual({ higher: '2306139568115548160', lower: '1', version: 'IPv6' });
  });

  it('encodes 2001:db8:1::/48 as higher 2306139568115613696, lower 0', () => {
    expect(toWirePrefix(parsePrefix('2001:db8:1::/48'))).toEqual({
      address: { higher: '2306139568115613696', lower: '0', version: 'IPv6' },
      length: 48,
    });
  });

  it('keeps uint64 halves above 2^53 exact (never through Number)', () => {
    const wire = toWireIp(parseAddress('ffff:ffff:ffff:ffff:ffff:ffff:ffff:ffff'));
    expect(wire).toEqual({ higher: '18446744073709551615', lower: '18446744073709551615', version: 'IPv6' });
    expect(formatAddress(fromWireIp(wire))).toBe('ffff:ffff:ffff:ffff:ffff:ffff:ffff:ffff');
  });
});

describe('address codec: round trips text -> wire -> text', () => {
  it.each([
    '0.0.0.0/0',
    '198.51.100.0/24',
    '255.255.255.255/32',
    '10.0.0.0/8',
    '::/0',
    '::/128',
    '::1/128',
    '::ffff:0:0/96',
    '2001:db8::/32',
    '2001:db8:1::/48',
    '2001:db8::1/128',
    'fe80::/10',
    'ffff:ffff:ffff:ffff:ffff:ffff:ffff:ffff/128',
    '2001:db8:0:1:1:1:1:1/128',
  ])('%s', (text) => {
    expect(roundTrip(text)).toBe(text);
  });

  it('reads a bare address as a host prefix', () => {
    expect(formatPrefix(parsePrefix('192.0.2.1'))).toBe('192.0.2.1/32');
    expect(formatPrefix(parsePrefix('2001:db8::1'))).toBe('2001:db8::1/128');
    expect(formatPrefix(parsePrefix('255.255.255.255'))).toBe('255.255.255.255/32');
  });

  it('writes IPv6 in RFC 5952 form and accepts other spellings', () => {
    expect(formatAddress(parseAddress('2001:0DB8:0000:0000:0000:0000:0000:0001'))).toBe('2001:db8::1');
    expect(formatAddress(parseAddress('2001:db8:0:0:1:0:0:1'))).toBe('2001:db8::1:0:0:1');
    expect(formatAddress(parseAddress('2001:db8:0:1:0:0:0:1'))).toBe('2001:db8:0:1::1');
    expect(formatAddress(parseAddress('::ffff:192.0.2.1'))).toBe('::ffff:c000:201');
    expect(formatAddress(parseAddress('1::'))).toBe('1::');
  });

  it('reads wire versions given as numbers too', () => {
    expect(formatAddress(fromWireIp({ higher: '0', lower: '3221225985', version: 0 }))).toBe('192.0.2.1');
    expect(formatAddress(fromWireIp({ higher: '2306139568115548160', lower: '1', version: 1 }))).toBe('2001:db8::1');
  });
});

describe('address codec: strict validation', () => {
  it.each([
    ['198.51.100.1/24', /host bits set; the network is 198\.51\.100\.0\/24/],
    ['2001:db8::1/32', /host bits set; the network is 2001:db8::\/32/],
    ['10.0.0.0/33', /outside 0\.\.32/],
    ['2001:db8::/129', /outside 0\.\.128/],
    ['10.0.0.0/', /no valid prefix length/],
    ['10.0.0.0/-1', /no valid prefix length/],
    ['10.0.0.0/08', /no valid prefix length/],
    ['256.0.0.0/8', /not an IPv4 or IPv6 address/],
    ['10.0.0/8', /not an IPv4 or IPv6 address/],
    ['010.0.0.0/8', /not an IPv4 or IPv6 address/],
    ['2001:db8:::1', /not an IPv4 or IPv6 address/],
    ['2001:db8::1::1', /not an IPv4 or IPv6 address/],
    ['1:2:3:4:5:6:7:8:9', /not an IPv4 or IPv6 address/],
    ['1:2:3:4:5:6:7::8', /not an IPv4 or IPv6 address/],
    ['fe80::1%eth0', /not an IPv4 or IPv6 address/],
    ['12345::', /not an IPv4 or IPv6 address/],
    ['example.com', /not an IPv4 or IPv6 address/],
    ['', /not an IPv4 or IPv6 address/],
  ])('rejects %s', (text, message) => {
    expect(() => parsePrefix(text)).toThrow(AddressSyntaxError);
    expect(() => parsePrefix(text)).toThrow(message);
  });
});
