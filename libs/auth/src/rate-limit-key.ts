import ipaddr from 'ipaddr.js';

/**
 * The bucket a client address spends the unauthenticated budget from. An IPv4 address is its own,
 * written IPv4-mapped (`::ffff:a.b.c.d`, as a dual-stack socket reports it) too. An IPv6 address
 * spends from its `/ipv6Prefix` network's: one client is commonly given a whole /64 and could
 * otherwise take a fresh budget with every address in it. Anything else is keyed as given.
 */
export function rateLimitKey(ip: string, ipv6Prefix: number): string {
  if (!ipaddr.isValid(ip)) return ip;
  const address = ipaddr.process(ip);
  if (address.kind() === 'ipv4') return address.toString();
  const mask = ipaddr.IPv6.subnetMaskFromPrefixLength(ipv6Prefix).toByteArray();
  const network = ipaddr.fromByteArray(address.toByteArray().map((byte, i) => byte & mask[i]));
  return `${network.toString()}/${ipv6Prefix}`;
}
