import { describe, expect, it } from 'vitest';
import { clientKey } from './client-address';

describe('clientKey', () => {
  it('keeps IPv4 addresses, also when mapped into IPv6', () => {
    expect(clientKey('203.0.113.7')).toBe('203.0.113.7');
    expect(clientKey('::ffff:203.0.113.7')).toBe('203.0.113.7');
    expect(clientKey('::FFFF:cb00:7107')).toBe('203.0.113.7');
  });

  it('counts an IPv6 client by its /64', () => {
    const a = clientKey('2001:db8:1:2:aaaa:bbbb:cccc:dddd');
    expect(a).toBe('2001:db8:1:2::/64');
    expect(clientKey('2001:0db8:0001:0002::1')).toBe(a);
    expect(clientKey('2001:DB8:1:2::FFFF')).toBe(a);
    expect(clientKey('2001:db8:1:3::1')).not.toBe(a);
    expect(clientKey('::1')).toBe('0:0:0:0::/64');
    expect(clientKey('fe80::1%eth0')).toBe('fe80:0:0:0::/64');
  });

  it('reads a dotted IPv4 tail as two groups', () => {
    // ::1:2:3:4:5:a.b.c.d is 0:1:2:3:4:5:…: its /64 starts 0:1:2:3.
    expect(clientKey('::1:2:3:4:5:10.0.0.1')).toBe('0:1:2:3::/64');
    expect(clientKey('64:ff9b::198.51.100.1')).toBe('64:ff9b:0:0::/64');
  });

  it('leaves out a port a proxy appended to the address', () => {
    expect(clientKey('203.0.113.7:51234')).toBe('203.0.113.7');
    expect(clientKey('[2001:db8:1:2::1]:443')).toBe('2001:db8:1:2::/64');
    expect(clientKey('[2001:db8:1:2::1]')).toBe('2001:db8:1:2::/64');
  });
});
