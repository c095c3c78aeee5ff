import type { Chain } from '@scout/upstream';
import type { HistoryInterval } from './history-interval';

/*
 * What the price tools need of their upstream clients, stated here so the tools depend on the
 * little they use. JupiterClient and TokenDataClient (@scout/upstream providers) satisfy these
 * ports as they are; tests pass fakes.
 */

/** Injection token of the Jupiter client (a JupiterPricesPort); the application provides it. */
export const JUPITER_CLIENT = Symbol('JUPITER_CLIENT');

/** Injection token of the multichain token data client (a TokenDataPort); the application provides it. */
export const TOKEN_DATA_CLIENT = Symbol('TOKEN_DATA_CLIENT');

export interface MintPrice {
  usdPrice: number;
  /** Percent over 24 hours. */
  priceChange24h: number | null;
  /** USD across all pools. */
  liquidity: number | null;
  decimals: number;
}

export interface MintPrices {
  /** Mints without a reliable price are absent. */
  byMint: ReadonlyMap<string, MintPrice>;
  missing: readonly string[];
}

/** A token-list entry; every field may be missing. */
export interface MintListing {
  id?: string;
  name?: string;
  symbol?: string;
  decimals?: number;
  icon?: string | null;
  usdPrice?: number | null;
}

export interface JupiterPricesPort {
  prices(mints: readonly string[]): Promise<MintPrices>;
  searchTokens(query: string): Promise<MintListing[]>;
}

export interface TokenRef {
  chain: Chain;
  address: string;
}

export interface PriceAnswer {
  priceUsd: number | null;
  lastUpdatedAt: string | null;
  /** Why there is no price; null when priced. */
  error: string | null;
}

export interface HistoryRequest {
  token: { symbol: string } | TokenRef;
  startTime: Date;
  endTime: Date;
  interval: HistoryInterval;
}

export interface TokenMetadataAnswer {
  name: string | null;
  symbol: string | null;
  decimals: number | null;
  logo: string | null;
}

export interface TokenDataPort {
  /** In the order asked. */
  pricesByAddress(tokens: readonly TokenRef[]): Promise<(TokenRef & PriceAnswer)[]>;
  /** In the order asked. */
  pricesBySymbol(symbols: readonly string[]): Promise<({ symbol: string } & PriceAnswer)[]>;
  historical(request: HistoryRequest): Promise<{ points: { timestamp: string; value: number }[] }>;
  tokenMetadata(chain: Chain, address: string): Promise<TokenMetadataAnswer>;
}
