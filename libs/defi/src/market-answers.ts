import type { Chain } from '@scout/upstream';
import type { PegReading } from './calc/peg';
import type { TrendDirection } from './calc/trend';

// ---------------------------------------------------------------------------------------------
// service_token_yields
// ---------------------------------------------------------------------------------------------

/** One yield pool as DefiLlama lists it. */
export interface YieldPoolRow {
  /** Null when DefiLlama leaves the pool's id or project out (display only). */
  poolId: string | null;
  /** The project (protocol) running the pool. */
  project: string | null;
  /** DefiLlama chain name. */
  chain: string;
  /** The pool's token symbols, e.g. SOL-USDC. */
  symbol: string;
  /** Pool size (total value locked), in USD. */
  tvlUsd: number;
  /** Total APY (base + reward), in percent. */
  apy: number | null;
  /** APY from the pool's own fees or interest, in percent. */
  apyBase: number | null;
  /** APY from reward tokens, in percent. */
  apyReward: number | null;
  /** APY movement over 7 days, in percentage points (DefiLlama's apyPct7D). */
  apyChange7dPct: number | null;
  /** 'single' or 'multi' token exposure, as DefiLlama gives it. */
  exposure: string | null;
  /** Impermanent-loss flag, 'yes' or 'no' as DefiLlama gives it. */
  impermanentLossRisk: string | null;
  /** Whether the pool holds only stablecoins. */
  isStablecoin: boolean | null;
  /** DefiLlama's extra description of the pool. */
  poolMeta: string | null;
}

/** service_token_yields: pools holding a token, ranked by pool size (TVL). */
export interface TokenYieldsData {
  /** Pools passing the filters. */
  matched: number;
  /** Pools returned. */
  showing: number;
  /** Ranked by TVL, not APY. */
  pools: YieldPoolRow[];
}

// ---------------------------------------------------------------------------------------------
// service_dex_volumes
// ---------------------------------------------------------------------------------------------

/** DEX volume of every DEX in scope (the chain, or all chains), before the query filter. */
export interface DexVolumeTotals {
  /** Volume over the last 24 hours, in USD. */
  volume24hUsd: number | null;
  /** Volume over the last 7 days, in USD. */
  volume7dUsd: number | null;
  /** Volume over the last 30 days, in USD. */
  volume30dUsd: number | null;
  /** The last 24 hours against the 24 before, in percent. */
  dayOverDayPct: number | null;
  /** The last 7 days against the 7 before, in percent. */
  weekOverWeekPct: number | null;
  /** up or down beyond ±5% week over week, flat within; null when the change is unknown. */
  trend: TrendDirection | null;
}

/** One DEX with its volume, share of the day and trend. */
export interface DexVolumeRow {
  /** The DEX's name as DefiLlama gives it, e.g. Uniswap. */
  name: string;
  /** DefiLlama's display name, which may name the version, e.g. Uniswap V3; null when DefiLlama leaves it out. */
  displayName: string | null;
  /** DefiLlama slug; null when DefiLlama leaves it out. */
  slug: string | null;
  /** DefiLlama's category for the DEX, e.g. Dexs or Lending; null when DefiLlama leaves it out. */
  category: string | null;
  /** DefiLlama chain names the DEX runs on. */
  chains: string[];
  /** Volume over the last 24 hours, in USD. */
  volume24hUsd: number | null;
  /** Volume over the last 7 days, in USD. */
  volume7dUsd: number | null;
  /** Volume over the last 30 days, in USD. */
  volume30dUsd: number | null;
  /** The last 24 hours against the 24 before, in percent. */
  dayOverDayPct: number | null;
  /** The DEX's 24-hour volume over all DEX volume in scope, in percent. */
  shareOfDayPct: number | null;
  /** The last 7 days against the 7 before, in percent. */
  weekOverWeekPct: number | null;
  /** up or down beyond ±5% week over week, flat within; null when the change is unknown. */
  trend: TrendDirection | null;
}

/** service_dex_volumes: DEX volume over 24h, 7d and 30d with its changes; per DEX its volume, share of the day and trend. */
export interface DexVolumesData {
  /** The chain asked for; null for all chains. */
  chain: Chain | null;
  /** DEX volume over 24h, 7d and 30d in USD, with its changes, over every DEX in scope before the query filter. */
  totals: DexVolumeTotals;
  /** DEXes passing the query filter. */
  matched: number;
  /** DEXes returned. */
  showing: number;
  /** Ranked by 24-hour volume. */
  dexes: DexVolumeRow[];
}

// ---------------------------------------------------------------------------------------------
// service_perps_open_interest
// ---------------------------------------------------------------------------------------------

/** Open interest summed over the venues in scope. */
export interface OpenInterestTotals {
  /** Value of positions open at the end of the day, in USD. */
  openInterestUsd: number | null;
  /** Against 1 day earlier, in percent. */
  change1dPct: number | null;
  /** Against 7 days earlier, in percent. */
  change7dPct: number | null;
  /** Against 30 days earlier, in percent. */
  change30dPct: number | null;
}

/** One perpetual, options or prediction-market venue; its figures are venue-wide. */
export interface OpenInterestVenue {
  /** The venue's name as DefiLlama gives it, e.g. Hyperliquid Perps. */
  name: string;
  /** DefiLlama's display name for the venue; null when DefiLlama leaves it out. */
  displayName: string | null;
  /** DefiLlama slug; null when DefiLlama leaves it out. */
  slug: string | null;
  /** DefiLlama's category for the venue, e.g. Derivatives, Options or Prediction Market; null when DefiLlama leaves it out. */
  category: string | null;
  /** DefiLlama chain names the venue runs on. */
  chains: string[];
  /** Value of positions open at the end of the day, in USD. */
  openInterestUsd: number | null;
  /** Against 1 day earlier, in percent. */
  change1dPct: number | null;
  /** Against 7 days earlier, in percent. */
  change7dPct: number | null;
  /** Against 30 days earlier, in percent. */
  change30dPct: number | null;
  /** The venue's open interest over the total in scope, in percent. */
  shareOfTotalPct: number | null;
}

/** service_perps_open_interest: open interest of perpetual, options and prediction-market venues, with its changes. */
export interface PerpsOpenInterestData {
  /** The chain asked for; null for all chains. */
  chain: Chain | null;
  /** Open interest in USD summed over the venues in scope, with its changes over 1, 7 and 30 days. */
  totals: OpenInterestTotals;
  /** Venues in scope. */
  matched: number;
  /** Venues returned. */
  showing: number;
  /** Ranked by open interest. */
  venues: OpenInterestVenue[];
}

// ---------------------------------------------------------------------------------------------
// service_stablecoins
// ---------------------------------------------------------------------------------------------

/** One stablecoin with its supply, its moves and its peg status. */
export interface StablecoinRow {
  /** Null when DefiLlama leaves them out (display only). */
  name: string | null;
  /** The stablecoin's ticker, e.g. USDC; null when DefiLlama leaves it out. */
  symbol: string | null;
  /** DefiLlama's peg type, e.g. 'peggedUSD', 'peggedEUR', 'peggedVAR'. */
  pegType: string;
  /** How the peg is held (e.g. fiat-backed, crypto-backed), as DefiLlama gives it. */
  pegMechanism: string | null;
  /** Supply now, in USD (non-USD coins at their current USD price). */
  supplyUsd: number | null;
  /** Supply now minus supply 1 day ago, in USD. */
  supplyChange1dUsd: number | null;
  /** Supply now minus supply 7 days ago, in USD. */
  supplyChange7dUsd: number | null;
  /** Supply now minus supply 30 days ago, in USD. */
  supplyChange30dUsd: number | null;
  /** Supply change over 1 day, in percent. */
  supplyChange1dPct: number | null;
  /** Supply change over 7 days, in percent. */
  supplyChange7dPct: number | null;
  /** Supply change over 30 days, in percent. */
  supplyChange30dPct: number | null;
  /** Price, in USD; null when DefiLlama gives none. */
  priceUsd: number | null;
  /** Peg status of a USD stablecoin (pegged within the band of $1, depegged beyond); other pegs have status null. */
  peg: PegReading;
}

/** Stablecoin supply over every coin in scope, with net stablecoin dollars arrived (+) or left (-). */
export interface StablecoinTotals {
  /** Supply now, in USD. */
  supplyUsd: number | null;
  /** Supply now minus supply 1 day ago, in USD (negative when dollars left). */
  netFlow1dUsd: number | null;
  /** Supply now minus supply 7 days ago, in USD (negative when dollars left). */
  netFlow7dUsd: number | null;
  /** Supply now minus supply 30 days ago, in USD (negative when dollars left). */
  netFlow30dUsd: number | null;
  /** Supply change over 1 day, in percent. */
  change1dPct: number | null;
  /** Supply change over 7 days, in percent. */
  change7dPct: number | null;
  /** Supply change over 30 days, in percent. */
  change30dPct: number | null;
  /** USD stablecoins in scope that are depegged. */
  depeggedCount: number;
}

/** service_stablecoins: supply per stablecoin with its moves and peg status; totals with net stablecoin dollars arrived or left. */
export interface StablecoinsData {
  /** The chain asked for; null for all chains. */
  chain: Chain | null;
  /** A USD stablecoin within this many percent of $1 (inclusive) is pegged. */
  pegBandPct: number;
  /** Supply in USD over every stablecoin in scope, net flows over 1, 7 and 30 days, and the count depegged. */
  totals: StablecoinTotals;
  /** Stablecoins in scope. */
  matched: number;
  /** Stablecoins returned. */
  showing: number;
  /** Ranked by supply in USD. */
  stablecoins: StablecoinRow[];
}

// ---------------------------------------------------------------------------------------------
// service_price_confidence
// ---------------------------------------------------------------------------------------------

export interface PriceConfidenceRow {
  /** The token as asked. */
  token: string;
  /** The DefiLlama coin key it was priced under. */
  coinKey: string;
  /** The token's symbol as DefiLlama gives it; null when it does not say (or cannot price the token). */
  symbol: string | null;
  /** USD price; null when the provider cannot price the token. */
  priceUsd: number | null;
  /** DefiLlama's confidence in the price, 0 to 1; low means a thin or odd market. */
  confidence: number | null;
  /** The token's decimals; null when not known (coingecko: keys). */
  decimals: number | null;
  /** When the price was observed (ISO 8601 time). */
  pricedAt: string | null;
}

/** service_price_confidence: USD price of each token asked with the provider's confidence score. */
export interface PriceConfidenceData {
  /** The past moment priced (ISO 8601 time); null for now. */
  at: string | null;
  /** Tokens with a price. */
  priced: number;
  /** Tokens the provider cannot price. */
  unpriced: number;
  /** One row per distinct coin key, in the order asked. */
  prices: PriceConfidenceRow[];
}
