import { EVM_ADDRESS, SOLANA_ADDRESS, type Chain } from '@scout/upstream';
import type { FeedEvent } from '../feed-event';
import { normaliseTokenAddress } from '../feed-event';

/** What a caller may narrow the feed to; every field optional. */
export interface FeedFilter {
  side?: 'buy' | 'sell';
  chain?: Chain;
  /** A handle (any case, @ optional) or a user id. */
  trader?: string;
  /** A contract address or a symbol (any case). */
  token?: string;
  /** Minimum trade size in USD (tradeUsd); an event without a known size does not pass. */
  minUsd?: number;
}

export function isTokenAddress(text: string): boolean {
  return SOLANA_ADDRESS.test(text) || EVM_ADDRESS.test(text);
}

/** The filter as a predicate over events (the watchers' test), with texts normalised once. */
export function feedPredicate(filter: FeedFilter): (e: FeedEvent) => boolean {
  const trader = filter.trader?.trim().replace(/^@+/, '').toLowerCase();
  const token = filter.token?.trim();
  const address = token && isTokenAddress(token) ? normaliseTokenAddress(token) : null;
  const symbol = token && !address ? token.replace(/^\$/, '').toLowerCase() : null;
  return (e) =>
    (!filter.side || e.side === filter.side) &&
    (!filter.chain || e.chain === filter.chain) &&
    (!trader || e.userId?.toLowerCase() === trader || e.trader?.toLowerCase() === trader) &&
    (!address || e.tokenAddress === address) &&
    (!symbol || e.tokenSymbol?.toLowerCase() === symbol) &&
    (filter.minUsd === undefined || (e.tradeUsd !== null && e.tradeUsd >= filter.minUsd));
}

/** A feed event as the feed tools answer it. */
export interface FeedEventView {
  eventId: string;
  side: 'buy' | 'sell';
  trader: string | null;
  userId: string | null;
  tradeId: string | null;
  token: { symbol: string | null; address: string };
  chain: Chain | null;
  chainId: number | null;
  /** The fill's own size in USD. */
  tradeUsd: number | null;
  /** Buys: the position's value after the fill (not the buy size). */
  positionUsd: number | null;
  /** Sells: the realized PnL of the sale, signed. */
  realizedPnlUsd: number | null;
  text: string | null;
  at: string;
}

export function eventView(e: FeedEvent): FeedEventView {
  return {
    eventId: e.eventId,
    side: e.side,
    trader: e.trader,
    userId: e.userId,
    tradeId: e.tradeId,
    token: { symbol: e.tokenSymbol, address: e.tokenAddress },
    chain: e.chain,
    chainId: e.chainId,
    tradeUsd: e.tradeUsd,
    positionUsd: e.positionUsd,
    realizedPnlUsd: e.realizedPnlUsd,
    text: e.text,
    at: e.at,
  };
}
