import { lookup } from 'node:dns/promises';
import { isIP, type LookupFunction } from 'node:net';
import { addressRefusal } from './outbound-address';

/** One address a host name resolves to. */
export interface ResolvedAddress {
  address: string;
  family: 4 | 6;
}

/** Resolves a host name to every address it has (the system resolver in production). */
export type HostResolver = (host: string) => Promise<ResolvedAddress[]>;

export const systemResolver: HostResolver = async (host) =>
  (await lookup(host, { all: true, verbatim: true })).map((a) => ({ address: a.address, family: a.family === 6 ? 6 : 4 }));

/** A URL checked for connecting: the URL and the address a connection must go to. */
export interface OutboundTarget {
  url: URL;
  /** The checked address: the connection is made to it, so a second resolution cannot swap it. */
  address: ResolvedAddress;
}

/** A URL Scout may not connect to, and why. */
export class OutboundTargetRefused extends Error {
  constructor(readonly reason: string) {
    super(reason);
    this.name = 'OutboundTargetRefused';
  }
}

export interface OutboundTargetRules {
  /** Loopback and private addresses too (WEBHOOK_ALLOW_PRIVATE_TARGETS). */
  allowPrivate: boolean;
  /** How the URL is named in refusals, e.g. `webhookUrl`. */
  label: string;
  /** Schemes allowed, with their colon; http and https unless narrowed. */
  protocols?: readonly string[];
  resolve?: HostResolver;
}

/**
 * Checks a URL a caller gave Scout to connect to: an allowed scheme, no credentials in it, and a
 * host whose every address may be connected to (addressRefusal): one forbidden address refuses
 * the URL, since a resolver may hand out any of them. Resolves to the first address, which the
 * connection then goes to (pinnedLookup).
 */
export async function checkOutboundTarget(raw: string, rules: OutboundTargetRules): Promise<OutboundTarget> {
  const { allowPrivate, label, protocols = ['http:', 'https:'], resolve = systemResolver } = rules;
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new OutboundTargetRefused(`${label} is not a URL`);
  }
  if (!protocols.includes(url.protocol)) throw new OutboundTargetRefused(`${label} must be ${protocols.map((p) => `${p}//`).join(' or ')}`);
  if (url.username || url.password) throw new OutboundTargetRefused(`${label} may not carry credentials`);
  const host = url.hostname.replace(/^\[|\]$/g, '');
  let addresses: ResolvedAddress[];
  if (isIP(host)) {
    addresses = [{ address: host, family: isIP(host) === 6 ? 6 : 4 }];
  } else {
    try {
      addresses = await resolve(host);
    } catch {
      throw new OutboundTargetRefused(`${label} host ${host} does not resolve`);
    }
  }
  if (addresses.length === 0) throw new OutboundTargetRefused(`${label} host ${host} does not resolve`);
  for (const a of addresses) {
    const refusal = addressRefusal(a.address, allowPrivate);
    if (refusal) throw new OutboundTargetRefused(`${label} may not point at ${host}: ${refusal}`);
  }
  return { url, address: addresses[0] };
}

/**
 * A `lookup` for node's http(s).request that answers only the checked address, so DNS cannot be
 * re-bound between the check and the connection; TLS still verifies the URL's host name.
 */
export function pinnedLookup(target: OutboundTarget): LookupFunction {
  return (_host, options, callback) => {
    const { address, family } = target.address;
    if ((options as { all?: boolean }).all) (callback as (e: null, a: { address: string; family: number }[]) => void)(null, [{ address, family }]);
    else callback(null, address, family);
  };
}
