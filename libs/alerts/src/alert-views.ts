import type { AlertRecord, DeliveryAttemptRecord, FiringRecord } from './alert.types';

/** An alert as the tools and the admin API show it: ISO times, never its signing secret. */
export interface AlertView {
  id: string;
  kind: AlertRecord['kind'];
  token: { address: string; chain: AlertRecord['chain'] };
  priceUsd: number | null;
  minTraders: number | null;
  channel: AlertRecord['channel'];
  webhookUrl: string | null;
  email: string | null;
  note: string | null;
  state: AlertRecord['state'];
  createdAt: string;
  firedAt: string | null;
  deletedAt: string | null;
  /** What made it fire and where its delivery stands; null until it fires. */
  firing: FiringView | null;
}

export interface FiringView {
  id: string;
  firedAt: string;
  trigger: FiringRecord['payload']['data']['trigger'];
  delivery: {
    status: FiringRecord['deliveryStatus'];
    attempts: number;
    lastStatusCode: number | null;
    lastError: string | null;
    lastAttemptAt: string | null;
    deliveredAt: string | null;
  };
}

export interface AttemptView {
  attempt: number;
  at: string;
  durationMs: number;
  statusCode: number | null;
  error: string | null;
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
