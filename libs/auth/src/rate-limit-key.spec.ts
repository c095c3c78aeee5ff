import { rateLimitKey } from './rate-limit-key';

describe('rateLimitKey', () => {
  it('keys an IPv4 address by the whole address, written plainly or IPv4-mapped', () => {
    expect(rateLimitKey('198.51.100.7', 64)).toBe('198.51.100.7');
    expect(rateLimitKey('::ffff:198.51.100.7', 64)).toBe('198.51.100.7');
    expect(rateLimitKey('::FFFF:c633:6407', 64)).toBe('198.51.100.7');
    expect(rateLimitKey('198.51.100.8', 64)).not.toBe(rateLimitKey('198.51.100.7', 64));
  });

  it('groups IPv6 addresses by their /64 by default, however they are written', () => {
    const key = '2001:db8:1:2::/64';
    for (const ip of ['2001:db8:1:2::1', '2001:db8:1:2:ffff:ffff:ffff:ffff', '2001:0DB8:0001:0002:0000:0000:0000:abcd', '2001:db8:1:2::9%eth0']) {
      expect({ ip, key: rateLimitKey(ip, 64) }).toEqual({ ip, key });
    }
    expect(rateLimitKey('2001:db8:1:3::1', 64)).toBe('2001:db8:1:3::/64');
  });

  it('takes the prefix it is given, from /1 to /128', () => {
    expect(rateLimitKey('2001:db8:1:2::1', 48)).toBe('2001:db8:1::/48');
    expect(rateLimitKey('2001:db8:1:2::1', 56)).toBe('2001:db8:1::/56');
    expect(rateLimitKey('2001:db8:1:2ff::1', 56)).toBe('2001:db8:1:200::/56');
    expect(rateLimitKey('2001:db8:1:2::1', 128)).toBe('2001:db8:1:2::1/128');
    expect(rateLimitKey('2001:db8:1:2::1', 1)).toBe('::/1');
    expect(rateLimitKey('::1', 64)).toBe('::/64');
  });

  it('keys what is not an address as given', () => {
    expect(rateLimitKey('unknown', 64)).toBe('unknown');
    expect(rateLimitKey('', 64)).toBe('');
  });
});
