import type { AlertRecord, DeliveryAttemptRecord, FiringRecord } from './alert.types';

/** An alert as the tools and the admin API show it: ISO times, never its signing secret. */
export interface AlertView {
  /** The alert's id (give it to service_alert_delete). */
  id: string;
  /** price_above, price_below (the USD price crosses priceUsd) or smart_money_buy (minTraders tracked traders buy). */
  kind: AlertRecord['kind'];
  /** The token watched: address (EVM lowercased) and chain. */
  token: {
    /** The token's address: an EVM contract lowercased, a Solana mint as given. */
    address: string;
    /** Scout's chain name. */
    chain: AlertRecord['chain'];
  };
  /** The USD price to cross (price_above, price_below); null for smart_money_buy. */
  priceUsd: number | null;
  /** Distinct tracked traders that must buy (smart_money_buy); null for price alerts. */
  minTraders: number | null;
  /** How it is delivered: webhook (signed, Standard Webhooks) or email. */
  channel: AlertRecord['channel'];
  /** The URL a webhook alert POSTs to; null for email alerts. */
  webhookUrl: string | null;
  /** The address an email alert goes to; null for webhook alerts. */
  email: string | null;
  /** The caller's own note on the alert; null when none was given. */
  note: string | null;
  /** active (waiting), fired (it fired, once) or deleted. */
  state: AlertRecord['state'];
  /** When the alert was created, ISO 8601 UTC. */
  createdAt: string;
  /** When it fired, ISO 8601 UTC; null until it fires. */
  firedAt: string | null;
  /** When it was deleted, ISO 8601 UTC; null unless deleted. */
  deletedAt: string | null;
  /** What made it fire and where its delivery stands; null until it fires. */
  firing: FiringView | null;
}

export interface FiringView {
  /** The firing's id (the webhook-id of its deliveries). */
  id: string;
  /** When the alert fired, ISO 8601 UTC. */
  firedAt: string;
  /** What made it fire: the USD price seen (source dexscreener), or the traders who bought and when. */
  trigger: FiringRecord['payload']['data']['trigger'];
  /** Where its delivery stands. */
  delivery: {
    /** pending (still trying), delivered, or failed (retries given up). */
    status: FiringRecord['deliveryStatus'];
    /** Delivery attempts made so far. */
    attempts: number;
    /** The last attempt's HTTP status (webhook) or SMTP reply code (email); null when none came. */
    lastStatusCode: number | null;
    /** Why the last attempt failed; null when it did not fail or none was made. */
    lastError: string | null;
    /** When the last attempt was made, ISO 8601 UTC; null before the first. */
    lastAttemptAt: string | null;
    /** When it was delivered, ISO 8601 UTC; null until delivered. */
    deliveredAt: string | null;
  };
}

export interface AttemptView {
  /** The attempt's number, from 1. */
  attempt: number;
  /** When the attempt started, ISO 8601 UTC. */
  at: string;
  /** How long the attempt took, milliseconds. */
  durationMs: number;
  /** HTTP status (webhook) or SMTP reply code (email); null when none came. */
  statusCode: number | null;
  /** Why the attempt failed; null when it did not. */
  error: string | null;
  /** Whether this attempt delivered it. */
  delivered: boolean;
}

const iso = (at: Date | null) => (at ? at.toISOString() : null);

export function alertView(alert: AlertRecord, firing: FiringRecord | null): AlertView {
  return {
    id: alert.id,
    kind: alert.kind,
    token: { address: alert.tokenAddress, chain: alert.chain },
    priceUsd: alert.priceUsd,
    minTraders: alert.minTraders,
    channel: alert.channel,
    webhookUrl: alert.webhookUrl,
    email: alert.email,
    note: alert.note,
    state: alert.state,
    createdAt: alert.createdAt.toISOString(),
    firedAt: iso(alert.firedAt),
    deletedAt: iso(alert.deletedAt),
    firing: firing && {
      id: firing.id,
      firedAt: firing.firedAt.toISOString(),
      trigger: firing.payload.data.trigger,
      delivery: {
        status: firing.deliveryStatus,
        attempts: firing.attempts,
        lastStatusCode: firing.lastStatusCode,
        lastError: firing.lastError,
        lastAttemptAt: iso(firing.lastAttemptAt),
        deliveredAt: iso(firing.deliveredAt),
      },
    },
  };
}

export function attemptView(a: DeliveryAttemptRecord): AttemptView {
  return { attempt: a.attempt, at: a.startedAt.toISOString(), durationMs: a.durationMs, statusCode: a.statusCode, error: a.error, delivered: a.delivered };
}
