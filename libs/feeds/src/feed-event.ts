import { chainFromFomo, type Chain, type FomoAlert } from '@scout/upstream';

/** The longest event id Scout stores (feed_events.event_id). */
export const MAX_EVENT_ID_LENGTH = 200;

/** One buy or sell of a tracked trader, as Scout keeps it (table feed_events). */
export interface FeedEvent {
  eventId: string;
  side: 'buy' | 'sell';
  userId: string | null;
  /** The trader's handle. */
  trader: string | null;
  tradeId: string | null;
  /** EVM addresses lowercased, mints as sent. */
  tokenAddress: string;
  tokenSymbol: string | null;
  chain: Chain | null;
  chainId: number | null;
  /** On a buy: what the position is worth after the fill (FOMO's usdValue); null on a sell. */
  positionUsd: number | null;
  /** On a sell: the signed realized PnL (FOMO's usdValue); null on a buy. */
  realizedPnlUsd: number | null;
  /** The fill's own size in USD, when the provider sent it. */
  tradeUsd: number | null;
  text: string | null;
  /** ISO 8601. */
  at: string;
}

const EVM = /^0x[0-9a-fA-F]{40}$/;

export function normaliseTokenAddress(address: string): string {
  return EVM.test(address) ? address.toLowerCase() : address;
}

/** An event time as FOMO sends it (ISO text, or unix seconds or milliseconds) in ISO 8601; null when unreadable. */
export function eventTime(ts: FomoAlert['ts']): string | null {
  if (ts === null) return null;
  const unix = (n: number) => (n < 1e12 ? n * 1000 : n);
  const ms = typeof ts === 'number' ? unix(ts) : /^\d+$/.test(ts) ? unix(Number(ts)) : Date.parse(ts);
  return Number.isFinite(ms) ? new Date(ms).toISOString() : null;
}

/**
 * The feed event of a FOMO alert; null for what the trade feed does not keep (other alert types,
 * or an alert without a token or a time). FOMO's one `usdValue` means two things, so it is split.
 */
export function toFeedEvent(alert: FomoAlert): FeedEvent | null {
  const kind = (alert.type ?? alert.alertType ?? '').toLowerCase();
  if (kind !== 'buy' && kind !== 'sell') return null;
  const at = eventTime(alert.ts);
  if (!alert.tokenAddress || !at) return null;
  const chainId = typeof alert.chainId === 'number' ? alert.chainId : alert.chainId && /^\d+$/.test(alert.chainId) ? Number(alert.chainId) : null;
  const symbol = typeof alert.token === 'string' ? alert.token : (alert.token?.symbol ?? null);
  return {
    eventId: alert.eventId,
    side: kind,
    userId: alert.userId,
    trader: alert.trader,
    tradeId: alert.tradeId,
    tokenAddress: normaliseTokenAddress(alert.tokenAddress),
    tokenSymbol: symbol,
    chain: chainFromFomo(alert.chain, chainId),
    chainId,
    positionUsd: kind === 'buy' ? alert.usdValue : null,
    realizedPnlUsd: kind === 'sell' ? alert.usdValue : null,
    tradeUsd: alert.tradeUsd,
    text: alert.text,
    at,
  };
}
