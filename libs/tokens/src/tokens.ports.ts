import type { SellEvent } from './holders/holder-figures';
import type {
  AnalyticsBundlers,
  AnalyticsCandle,
  AnalyticsChartRequest,
  AnalyticsDeployerTokens,
  AnalyticsSearchPage,
  AnalyticsSearchParams,
  AnalyticsToken,
  AnalyticsTraderRow,
  Chain,
  FomoAlerts,
  FomoAlertsQuery,
  FomoLeaderboard,
  FomoThesesPage,
  FomoTokenBoard,
  FomoTokenBoardName,
  FomoTokenDev,
  FomoTokenHolder,
  FomoTokenStats,
  FomoTrade,
  FomoWindow,
  JupiterPrices,
  JupiterQuoteRequest,
  JupiterQuoteResult,
  MintInformation,
} from '@scout/upstream';

/*
 * What the token tools need of their upstream clients, stated here so the tools depend on the
 * little they use. FomoTokenClient, FomoClient and DexScreenerClient (@scout/upstream) satisfy these
 * ports as they are; tests pass fakes.
 */

/** Injection token of the FOMO token routes (a FomoTokensPort). */
export const FOMO_TOKENS_CLIENT = Symbol('FOMO_TOKENS_CLIENT');
/** Injection token of the FOMO trade and leaderboard routes (a FomoTradesPort). */
export const FOMO_TRADES_CLIENT = Symbol('FOMO_TRADES_CLIENT');
/** Injection token of the stored trade feed's sells (a SellFeedPort). */
export const SELL_FEED = Symbol('SELL_FEED');
/** Injection token of the live market data source (a MarketDataPort). */
export const MARKET_DATA_CLIENT = Symbol('MARKET_DATA_CLIENT');
/** Injection token of Jupiter's token directory (a SolanaTokensPort). */
export const SOLANA_TOKENS_CLIENT = Symbol('SOLANA_TOKENS_CLIENT');

/** Injection token of the Solana token-analytics API (a TokenAnalyticsPort). */
export const TOKEN_ANALYTICS_CLIENT = Symbol('TOKEN_ANALYTICS_CLIENT');

/**
 * The Solana token-analytics API (SolanaTrackerClient satisfies it): a token's on-chain picture, its
 * launch bundle, its deployer's launches, its first buyers and top traders, a cohort search and
 * market-cap candles. An unknown token or wallet rejects with a NotFoundError.
 */
export interface TokenAnalyticsPort {
  token(mint: string): Promise<AnalyticsToken>;
  bundlers(mint: string): Promise<AnalyticsBundlers>;
  deployerTokens(wallet: string, options?: { page?: number; limit?: number }): Promise<AnalyticsDeployerTokens>;
  firstBuyers(mint: string): Promise<AnalyticsTraderRow[]>;
  topTraders(mint: string): Promise<AnalyticsTraderRow[]>;
  search(params: AnalyticsSearchParams): Promise<AnalyticsSearchPage>;
  chart(mint: string, request: AnalyticsChartRequest): Promise<AnalyticsCandle[]>;
}

/** Jupiter (JupiterClient satisfies it): a mint's directory entry with audit and stats, prices, swap quotes. */
export interface SolanaTokensPort {
  searchTokens(query: string): Promise<MintInformation[]>;
  prices(mints: readonly string[]): Promise<JupiterPrices>;
  quote(request: JupiterQuoteRequest): Promise<JupiterQuoteResult>;
}

export interface CandleQuery {
  resolution: string;
  countBack?: number;
  from?: number;
  to?: number;
  networkId?: number;
}

export interface UpstreamCandle {
  /** Bucket start, unix seconds. */
  t: number;
  o: number;
  h: number;
  l: number;
  c: number;
  v: number | null;
}

export interface UpstreamCandles {
  resolution: string;
  /** The provider's network id of the token, and what it says of the candles' source and age (null when it does not). */
  networkId: number | null;
  source: string | null;
  stale: boolean | null;
  candles: UpstreamCandle[];
}

export interface FomoTokensPort {
  tokenStats(address: string, networkId?: number): Promise<FomoTokenStats>;
  tokenDevs(address: string): Promise<FomoTokenDev[]>;
  tokenHolders(address: string): Promise<{ holders: FomoTokenHolder[]; capturedAt: string | null }>;
  tokenBoard(board: FomoTokenBoardName): Promise<FomoTokenBoard>;
  thesesForToken(address: string, options?: { network?: string; sort?: string; cursor?: string }): Promise<FomoThesesPage>;
  alerts(query?: FomoAlertsQuery): Promise<FomoAlerts>;
  candles(address: string, query: CandleQuery): Promise<UpstreamCandles>;
}

export interface FomoTradesPort {
  trade(tradeId: string): Promise<FomoTrade>;
  leaderboard(window: FomoWindow): Promise<FomoLeaderboard>;
}

/** One token's market as a DEX aggregator sees it now; every figure null when unknown. */
export interface TokenMarket {
  priceUsd: number | null;
  marketCapUsd: number | null;
  fdvUsd: number | null;
  liquidityUsd: number | null;
  volume24hUsd: number | null;
  change24hPct: number | null;
}

export interface MarketDataPort {
  /** The source's name, as answers cite it (marketCapSource). */
  readonly name: string;
  /** Keyed by the address as asked; tokens the source does not know are absent. */
  markets(chain: Chain, addresses: readonly string[]): Promise<ReadonlyMap<string, TokenMarket>>;
}

/** The sells of one token in Scout's stored copy of the trade feed. */
export interface SellFeedPort {
  sells(tokenAddress: string, since: Date, until: Date): Promise<{ events: SellEvent[]; coveredFrom: string; eventsScanned: number; notes: string[] }>;
}
