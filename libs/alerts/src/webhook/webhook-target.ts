import { lookup } from 'node:dns/promises';
import { isIP } from 'node:net';
import { addressRefusal } from './target-address';

/** One address a host name resolves to. */
export interface ResolvedAddress {
  address: string;
  family: 4 | 6;
}

/** Resolves a host name to every address it has (the system resolver in production). */
export type HostResolver = (host: string) => Promise<ResolvedAddress[]>;

export const systemResolver: HostResolver = async (host) =>
  (await lookup(host, { all: true, verbatim: true })).map((a) => ({ address: a.address, family: a.family === 6 ? 6 : 4 }));

/** A webhook URL checked for sending: the URL and the address a connection must go to. */
export interface WebhookTarget {
  url: URL;
  /** The checked address: the connection is made to it, so a second resolution cannot swap it. */
  address: ResolvedAddress;
}

/** A target that may not be sent to, and why (a 400 at create, a failed delivery later). */
export class WebhookTargetRefused extends Error {
  constructor(readonly reason: string) {
    super(reason);
    this.name = 'WebhookTargetRefused';
  }
}

/**
 * Checks a webhook URL: http or https, no credentials in it, and a host whose every address may be
 * a target (addressRefusal): one forbidden address refuses the URL, since a resolver may hand out
 * any of them. Resolves to the first address, which the sender then connects to.
 */
export async function checkWebhookTarget(raw: string, allowPrivate: boolean, resolve: HostResolver = systemResolver): Promise<WebhookTarget> {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new WebhookTargetRefused('webhookUrl is not a URL');
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new WebhookTargetRefused('webhookUrl must be http:// or https://');
  if (url.username || url.password) throw new WebhookTargetRefused('webhookUrl may not carry credentials');
  const host = url.hostname.replace(/^\[|\]$/g, '');
  let addresses: ResolvedAddress[];
  if (isIP(host)) {
    addresses = [{ address: host, family: isIP(host) === 6 ? 6 : 4 }];
  } else {
    try {
      addresses = await resolve(host);
    } catch {
      throw new WebhookTargetRefused(`webhookUrl host ${host} does not resolve`);
    }
  }
  if (addresses.length === 0) throw new WebhookTargetRefused(`webhookUrl host ${host} does not resolve`);
  for (const a of addresses) {
    const refusal = addressRefusal(a.address, allowPrivate);
    if (refusal) throw new WebhookTargetRefused(`webhookUrl may not point at ${host}: ${refusal}`);
  }
  return { url, address: addresses[0] };
}
