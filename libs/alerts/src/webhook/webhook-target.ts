import { checkOutboundTarget, OutboundTargetRefused, systemResolver, type HostResolver, type OutboundTarget, type ResolvedAddress } from '@scout/core';

export { systemResolver, type HostResolver, type ResolvedAddress };

/** A webhook URL checked for sending: the URL and the address a connection must go to. */
export type WebhookTarget = OutboundTarget;

/** A target that may not be sent to, and why (a 400 at create, a failed delivery later). */
export const WebhookTargetRefused = OutboundTargetRefused;
export type WebhookTargetRefused = OutboundTargetRefused;

/**
 * Checks a webhook URL under Scout's outbound address rules (@scout/core checkOutboundTarget):
 * http or https, no credentials, every address of the host allowed. Resolves to the first
 * address, which the sender then connects to.
 */
export function checkWebhookTarget(raw: string, allowPrivate: boolean, resolve: HostResolver = systemResolver): Promise<WebhookTarget> {
  return checkOutboundTarget(raw, { allowPrivate, label: 'webhookUrl', resolve });
}
