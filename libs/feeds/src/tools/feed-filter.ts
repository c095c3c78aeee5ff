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

/** The parts of a filter feedPredicate compares, normalised as it compares them. */
function normalised(filter: FeedFilter) {
  const trader = filter.trader?.trim().replace(/^@+/, '').toLowerCase();
  const token = filter.token?.trim();
  const address = token && isTokenAddress(token) ? normaliseTokenAddress(token) : null;
  const symbol = token && !address ? token.replace(/^\$/, '').toLowerCase() : null;
  return { trader, address, symbol };
}

/**
 * One value every event the filter passes must carry (its token address, else its token symbol,
 * else its trader), as a key the hub can look watchers up by; null for a filter without one. An
 * event's own keys are {@link eventKeys}.
 */
export function feedKey(filter: FeedFilter): string | null {
  const { trader, address, symbol } = normalised(filter);
  if (address) return `address:${address}`;
  if (symbol) return `symbol:${symbol}`;
  if (trader) return `trader:${trader}`;
  return null;
}

/**
 * What feedPredicate of the filter compares, as one string: two filters with the same id pass
 * exactly the same events (the hub tests one watcher of each id per event).
 */
export function feedFilterId(filter: FeedFilter): string {
  const { trader, address, symbol } = normalised(filter);
  // String(minUsd): absent, null and NaN each test differently, and must not share an id.
  return JSON.stringify([filter.side || null, filter.chain || null, trader || null, address, symbol, String(filter.minUsd)]);
}

/** The keys a filter's {@link feedKey} can take for which this event may pass it. */
export function eventKeys(e: FeedEvent): string[] {
  const keys = [`address:${e.tokenAddress}`];
  if (e.tokenSymbol) keys.push(`symbol:${e.tokenSymbol.toLowerCase()}`);
  const user = e.userId?.toLowerCase();
  const trader = e.trader?.toLowerCase();
  if (user) keys.push(`trader:${user}`);
  if (trader && trader !== user) keys.push(`trader:${trader}`);
  return keys;
}

/** The filter as a predicate over events (the watchers' test), with texts normalised once. */
export function feedPredicate(filter: FeedFilter): (e: FeedEvent) => boolean {
  const { trader, address, symbol } = normalised(filter);
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
  /** The provider's id of the event. */
  eventId: string;
  /** buy or sell. */
  side: 'buy' | 'sell';
  /** The trader's handle; null when the feed does not say. */
  trader: string | null;
  /** The trader's user id; null when the feed does not say. */
  userId: string | null;
  /** The provider's trade id; null when the feed does not say. */
  tradeId: string | null;
  /** Token symbol (null when the feed does not say) and address (EVM lowercased, mints as sent). */
  token: {
    /** The token's ticker symbol; null when the feed does not say. */
    symbol: string | null;
    /** The token's address: an EVM contract lowercased, a Solana mint as sent. */
    address: string;
  };
  /** Chain of the token; null when the feed does not say. */
  chain: Chain | null;
  /** The chain's numeric id as the provider sends it; null when it does not. */
  chainId: number | null;
  /** The fill's own size in USD. */
  tradeUsd: number | null;
  /** Buys: the position's value after the fill (not the buy size). */
  positionUsd: number | null;
  /** Sells: the realized PnL of the sale, signed. */
  realizedPnlUsd: number | null;
  /** The provider's text of the event; null when it sent none. */
  text: string | null;
  /** Time of the event, ISO 8601 UTC. */
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
