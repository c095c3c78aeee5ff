import type { Chain } from '@scout/upstream';
import type { AlertChannel, AlertKind } from './alerts.dto';

export type AlertState = 'active' | 'fired' | 'deleted';
export type DeliveryStatus = 'pending' | 'delivered' | 'failed';

/** An alert as stored, without its signing secret. */
export interface AlertRecord {
  id: string;
  accountId: string;
  kind: AlertKind;
  chain: Chain;
  tokenAddress: string;
  priceUsd: number | null;
  minTraders: number | null;
  channel: AlertChannel;
  webhookUrl: string | null;
  email: string | null;
  note: string | null;
  state: AlertState;
  createdAt: Date;
  firedAt: Date | null;
  deletedAt: Date | null;
}

/** An alert's firing and where its delivery stands. */
export interface FiringRecord {
  id: string;
  alertId: string;
  firedAt: Date;
  payload: FiringPayload;
  deliveryStatus: DeliveryStatus;
  attempts: number;
  lastStatusCode: number | null;
  lastError: string | null;
  deliveredAt: Date | null;
  lastAttemptAt: Date | null;
}

export interface DeliveryAttemptRecord {
  attempt: number;
  startedAt: Date;
  durationMs: number;
  statusCode: number | null;
  error: string | null;
  delivered: boolean;
}

/** What made an alert fire: the price seen, or the traders who bought. */
export type AlertTrigger =
  | {
      /** The token's USD price that crossed the alert's priceUsd (price_above, price_below). */
      priceUsd: number;
      /** Where the price was read: DexScreener. */
      source: 'dexscreener';
    }
  | {
      /** Distinct tracked traders who bought the token since the alert was created (smart_money_buy). */
      traders: number;
      /** Their FOMO user ids. */
      userIds: string[];
      /** The earliest of those buys (none before the alert was created), ISO 8601 UTC. */
      firstBuyAt: string;
      /** The latest of those buys when the alert fired, ISO 8601 UTC. */
      lastBuyAt: string;
    };

/** The body of a firing's webhook (and the facts of its email), as Standard Webhooks shapes events. */
export interface FiringPayload {
  type: 'alert.fired';
  timestamp: string;
  data: {
    alertId: string;
    kind: AlertKind;
    token: { address: string; chain: Chain };
    priceUsd: number | null;
    minTraders: number | null;
    note: string | null;
    createdAt: string;
    trigger: AlertTrigger;
  };
}
