import ipaddr from 'ipaddr.js';

/**
 * Which addresses Scout may open a connection to on a caller's say-so (a webhook target, an OAuth
 * client's metadata document). Only globally routable unicast is allowed; with `allowPrivate`
 * (WEBHOOK_ALLOW_PRIVATE_TARGETS: local development and tests) loopback and private ranges too.
 * Link-local (which holds the cloud metadata address 169.254.169.254), unspecified, CGNAT,
 * multicast, broadcast, documentation, benchmarking and every other special-purpose range stay
 * refused. Ranges come from ipaddr.js's registry tables; an IPv4-mapped IPv6 address is judged as
 * the IPv4 it carries.
 */

/** ipaddr.js range names opened by WEBHOOK_ALLOW_PRIVATE_TARGETS. */
const PRIVATE_RANGES = new Set(['loopback', 'private', 'uniqueLocal']);

/** Why the address may not be connected to, or null when it may. */
export function addressRefusal(address: string, allowPrivate: boolean): string | null {
  if (!ipaddr.isValid(address)) return `${address} is not an IP address`;
  const range = ipaddr.process(address).range();
  if (range === 'unicast') return null;
  if (allowPrivate && PRIVATE_RANGES.has(range)) return null;
  return `${address} is a ${range} address`;
}

/** True for an address in a loopback range (127/8, ::1, and IPv4-mapped forms). */
export function isLoopbackAddress(address: string): boolean {
  return ipaddr.isValid(address) && ipaddr.process(address).range() === 'loopback';
}
