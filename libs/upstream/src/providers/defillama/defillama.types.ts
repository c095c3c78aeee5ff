/**
 * Scout's own view of DefiLlama data. Every figure DefiLlama can leave out is `null`, never 0.
 * Timestamps are unix seconds, as DefiLlama sends them. Chain names stay DefiLlama's display
 * names ("Ethereum", "Hyperliquid L1"); chainFromLlamaName maps them to Scout chains.
 */

/** One point of a daily series. */
export interface DailyPoint {
  /** Unix seconds. */
  date: number;
  valueUsd: number;
}

export interface LlamaChainTvl {
  name: string;
  tvlUsd: number;
  tokenSymbol: string | null;
  chainId: number | null;
  geckoId: string | null;
}

export interface LlamaProtocol {
  /** Null when DefiLlama leaves it out. */
  id: string | null;
  name: string;
  /** DefiLlama's slug, or the slug derived from the name the way DefiLlama derives it. */
  slug: string;
  symbol: string | null;
  url: string | null;
  category: string | null;
  /** Null when DefiLlama leaves the list out (display only). */
  chains: string[] | null;
  tvlUsd: number | null;
  chainTvlsUsd: Record<string, number>;
  change1hPct: number | null;
  change1dPct: number | null;
  change7dPct: number | null;
  /** DefiLlama's audit count ("0".."3" upstream), null when not stated. */
  audits: number | null;
  auditNote: string | null;
  auditLinks: string[];
  /** e.g. 'parent#aave' for the versions of Aave. */
  parentProtocol: string | null;
  listedAt: number | null;
  mcapUsd: number | null;
}

export interface LlamaProtocolDetail {
  /** e.g. 'parent#aave'; null when DefiLlama leaves it out. */
  id: string | null;
  name: string;
  slug: string;
  symbol: string | null;
  url: string | null;
  category: string | null;
  chains: string[] | null;
  /** Total TVL history, oldest first. */
  tvlSeries: DailyPoint[];
  currentChainTvlsUsd: Record<string, number>;
  audits: number | null;
  auditNote: string | null;
  auditLinks: string[];
  isParentProtocol: boolean;
  otherProtocols: string[];
  mcapUsd: number | null;
}

export interface LlamaHack {
  /** Unix seconds. */
  date: number;
  name: string;
  classification: string | null;
  technique: string | null;
  amountUsd: number | null;
  chains: string[];
  bridgeHack: boolean | null;
  targetType: string | null;
  sourceUrl: string | null;
  returnedFundsUsd: number | null;
  /** DefiLlama protocol id of the victim, when it is listed. */
  defillamaId: string | null;
  parentProtocolId: string | null;
  language: string | null;
}

/** Supply of one stablecoin, in units of its peg (USD for peggedUSD). */
export interface PegSupply {
  current: number | null;
  prevDay: number | null;
  prevWeek: number | null;
  prevMonth: number | null;
}

export interface LlamaStablecoin {
  /** Display fields: null when DefiLlama leaves them out. */
  id: string | null;
  name: string | null;
  symbol: string | null;
  geckoId: string | null;
  /** e.g. 'peggedUSD', 'peggedEUR', 'peggedVAR'. */
  pegType: string;
  pegMechanism: string | null;
  circulating: PegSupply;
  /** Keyed by DefiLlama chain name. */
  chainCirculating: Record<string, PegSupply>;
  chains: string[];
  priceUsd: number | null;
  priceSource: string | null;
}

export interface LlamaStablecoinChain {
  name: string;
  /** All stablecoins on the chain, in USD. */
  circulatingUsd: number | null;
  tokenSymbol: string | null;
  geckoId: string | null;
}

export type OverviewKind = 'dexs' | 'fees' | 'open-interest';

/** The dataType values Scout asks for; a closed set keeps endpoint labels bounded. */
export type OverviewDataType = 'dailyVolume' | 'dailyFees' | 'dailyRevenue' | 'dailyHoldersRevenue' | 'dailyProtocolRevenue' | 'openInterestAtEnd';

export interface OverviewOptions {
  /** DefiLlama chain name (CHAIN_IDS[chain].llamaName). */
  chain?: string;
  dataType?: OverviewDataType;
}

/** `{ <chain>: { <protocol or version>: value } }` */
export type ChainBreakdown = Record<string, Record<string, number | null>>;

export interface OverviewTotals {
  total24h: number | null;
  total48hto24h: number | null;
  total7d: number | null;
  total14dto7d: number | null;
  total30d: number | null;
  total60dto30d: number | null;
  total1y: number | null;
  totalAllTime: number | null;
  total7DaysAgo: number | null;
  total30DaysAgo: number | null;
  change1dPct: number | null;
  change7dPct: number | null;
  change1mPct: number | null;
  change7dOver7dPct: number | null;
  change30dOver30dPct: number | null;
  breakdown24h: ChainBreakdown | null;
  breakdown30d: ChainBreakdown | null;
}

export interface OverviewProtocol extends OverviewTotals {
  defillamaId: string | null;
  name: string;
  displayName: string | null;
  slug: string | null;
  category: string | null;
  protocolType: string | null;
  parentProtocol: string | null;
  chains: string[];
}

export interface LlamaOverview extends OverviewTotals {
  /** The chain the overview is for, null for all chains. */
  chain: string | null;
  allChains: string[];
  protocols: OverviewProtocol[];
}

export interface LlamaYieldPool {
  /** Display fields: null when DefiLlama leaves them out. */
  poolId: string | null;
  chain: string;
  project: string | null;
  symbol: string;
  tvlUsd: number;
  apy: number | null;
  apyBase: number | null;
  apyReward: number | null;
  apyPct1D: number | null;
  apyPct7D: number | null;
  apyPct30D: number | null;
  apyMean30d: number | null;
  stablecoin: boolean | null;
  /** 'yes' | 'no' upstream. */
  ilRisk: string | null;
  /** 'single' | 'multi' upstream. */
  exposure: string | null;
  poolMeta: string | null;
  il7d: number | null;
  volumeUsd1d: number | null;
  volumeUsd7d: number | null;
  rewardTokens: string[];
  underlyingTokens: string[];
}

export interface CoinPrice {
  priceUsd: number;
  symbol: string;
  /** Unix seconds of the price point. */
  timestamp: number;
  /** Absent for coingecko: keys. */
  decimals: number | null;
  /** 0..1, DefiLlama's confidence in the price. */
  confidence: number | null;
}
