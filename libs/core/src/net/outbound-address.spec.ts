import { addressRefusal, isLoopbackAddress } from './outbound-address';

describe('addressRefusal: which addresses Scout may connect to', () => {
  it.each(['8.8.8.8', '1.1.1.1', '93.184.216.34', '2606:4700:4700::1111', '2a00:1450:4001:80b::200e'])('allows public unicast %s', (ip) => {
    expect(addressRefusal(ip, false)).toBeNull();
    expect(addressRefusal(ip, true)).toBeNull();
  });

  it.each([
    ['127.0.0.1', 'loopback'],
    ['127.255.0.9', 'loopback'],
    ['::1', 'loopback'],
    ['10.0.0.1', 'private'],
    ['10.255.255.255', 'private'],
    ['172.16.0.1', 'private'],
    ['172.31.255.254', 'private'],
    ['192.168.1.10', 'private'],
    ['fc00::1', 'uniqueLocal'],
    ['fd12:3456::1', 'uniqueLocal'],
    ['::ffff:10.1.2.3', 'private'],
    ['::ffff:127.0.0.1', 'loopback'],
  ])('refuses %s (%s) unless private targets are allowed', (ip, range) => {
    expect(addressRefusal(ip, false)).toBe(`${ip} is a ${range} address`);
    expect(addressRefusal(ip, true)).toBeNull();
  });

  it.each([
    ['169.254.169.254', 'linkLocal'],
    ['169.254.0.1', 'linkLocal'],
    ['fe80::1', 'linkLocal'],
    ['::ffff:169.254.169.254', 'linkLocal'],
    ['0.0.0.0', 'unspecified'],
    ['::', 'unspecified'],
    ['100.64.0.1', 'carrierGradeNat'],
    ['224.0.0.1', 'multicast'],
    ['255.255.255.255', 'broadcast'],
    ['192.0.2.1', 'reserved'],
    ['2001:db8::1', 'reserved'],
  ])('refuses %s (%s) even with private targets allowed', (ip, range) => {
    expect(addressRefusal(ip, true)).toBe(`${ip} is a ${range} address`);
    expect(addressRefusal(ip, false)).not.toBeNull();
  });

  it('refuses what is not an IP address', () => {
    expect(addressRefusal('example.com', true)).toMatch(/not an IP address/);
  });
});

describe('isLoopbackAddress', () => {
  it.each(['127.0.0.1', '127.1.2.3', '::1', '::ffff:127.0.0.1'])('%s is loopback', (ip) => expect(isLoopbackAddress(ip)).toBe(true));
  it.each(['10.0.0.1', '8.8.8.8', 'localhost', '::'])('%s is not', (ip) => expect(isLoopbackAddress(ip)).toBe(false));
});
