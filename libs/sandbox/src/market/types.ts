/**
 * What the market is made of: assets (a price path each), tokens (an asset on a chain at an
 * address), protocols (TVL per chain, daily dimensions), stablecoins, yield pools and hacks; and the
 * day arithmetic every series shares.
 */
import type { ChainInfo, ProtocolCategory, StablecoinSpec } from './universe';

export const DAY_S = 86_400;
export const DAY_MS = DAY_S * 1000;
/** Length of every history series, in days. */
export const HISTORY_DAYS = 400;

export interface Asset {
  id: string;
  symbol: string;
  name: string;
  geckoId: string | null;
  base: number;
  vol: number;
  peg: number | null;
  ref: { asset: string; ratio: number } | null;
  unpriced: boolean;
  /** A launchpad coin's launch ramp (prices.ts), else null. */
  launch: { at: number; startFactor: number; rampMs: number } | null;
  key: number;
}

export interface Token {
  chain: ChainInfo;
  address: string;
  symbol: string;
  name: string;
  decimals: number;
  asset: Asset;
  /** DefiLlama coins key, `<prefix>:<address>`. */
  coinsKey: string;
  liquidityBase: number;
  confidence: number;
  noRoute: boolean;
  verified: boolean;
  tags: string[];
  circSupply: number;
  totalSupply: number;
  createdAt: string;
  launchpad: string | null;
  sus: boolean;
  logo: string | null;
  tokenProgram: string;
  holderBase: number;
  organicScore: number;
  /**
   * An untracked developer wallet (launchpad and suspicious tokens); a token a tracked trader
   * launched is theirs instead: read `SandboxMarket.developer`, never this field alone.
   */
  dev: string | null;
  mintAuthority: string | null;
  freezeAuthority: string | null;
  topHoldersPercentage: number;
  /** The untracked developer's share; read `SandboxMarket.developerShare`. */
  devBalancePercentage: number;
  devMints: number;
  firstPool: { id: string; createdAt: string };
  /** Main venue label (Jupiter route label) and its pool address. */
  venue: string;
  ammKey: string;
  /** Daily volume as a fraction of liquidity. */
  turnover: number;
  twitter: string | null;
  website: string | null;
  telegram: string | null;
  key: number;
}

export interface Protocol {
  index: number;
  id: string;
  name: string;
  slug: string;
  category: ProtocolCategory;
  symbol: string;
  geckoId: string | null;
  cmcId: string | null;
  twitter: string | null;
  chains: string[];
  chainBase: Record<string, number>;
  /** Nominal (seed-independent) TVL per chain, for structural choices. */
  nominal: Record<string, number>;
  chainKey: Record<string, number>;
  listedAt: number;
  audits: '0' | '1' | '2' | '3';
  auditLinks: string[];
  url: string;
  logo: string;
  description: string;
  methodology: string;
  address: string | null;
  forkedFrom: string[];
  oracles: string[];
  tvlVol: number;
  turnover: number;
  feeRate: number;
  revenueShare: number;
  holdersShare: number;
  oiFactor: number;
  mcapBase: number | null;
  /** Per chain, the tokens its TVL is held in (symbol, asset id, weight). */
  tokenMix: Record<string, { symbol: string; asset: string; weight: number }[]>;
  key: number;
}

export interface Stablecoin {
  id: string;
  name: string;
  symbol: string;
  asset: Asset;
  pegMechanism: StablecoinSpec['pegMechanism'];
  chains: string[];
  chainBase: Record<string, number>;
  key: number;
}

export interface YieldPool {
  pool: string;
  protocol: Protocol;
  chain: string;
  symbol: string;
  share: number;
  exposure: 'single' | 'multi';
  stablecoin: boolean;
  ilRisk: 'yes' | 'no';
  apyBaseLevel: number;
  apyRewardLevel: number | null;
  rewardTokens: string[] | null;
  underlyingTokens: string[] | null;
  poolMeta: string | null;
  /** Days of data the pool has (young pools have apyPct30D null). */
  ageDays: number;
  outlier: boolean;
  predictedProbability: number;
  hasVolume: boolean;
  key: number;
}

export interface Hack {
  date: number;
  name: string;
  classification: string;
  technique: string;
  amount: number | null;
  chain: string[];
  bridgeHack: boolean;
  targetType: string;
  source: string;
  returnedFunds: number | null;
  defillamaId: number | null;
  language: string | null;
}

export type DimensionKind = 'dexs' | 'fees' | 'open-interest';

/** One day of one protocol on one chain: every dimension metric, integers in USD. */
export interface DailyDims {
  volume: number;
  fees: number;
  revenue: number;
  holdersRevenue: number;
  oi: number;
  longOi: number;
}

export const FEES_DATA_TYPES = ['dailyFees', 'dailyRevenue', 'dailyHoldersRevenue', 'dailyUserFees', 'dailySupplySideRevenue', 'dailyProtocolRevenue'] as const;
export const DEXS_DATA_TYPES = ['dailyVolume'] as const;
export const OI_DATA_TYPES = ['openInterestAtEnd', 'longOpenInterestAtEnd', 'shortOpenInterestAtEnd'] as const;

/** Swaps of tracked traders on one token over a window (market.ts `trackedFlow`). */
export interface TrackedFlow {
  buyUsd: number;
  sellUsd: number;
  buys: number;
  sells: number;
  /** Distinct tracked traders who bought, and who sold. */
  buyers: number;
  sellers: number;
}

/**
 * Where the market reads the swaps of the traders the sandbox tracks (the FOMO stand-in's): their
 * buys and sells of a token with `from < at <= to`, as known at the market's clock.
 */
export type TrackedFlowSource = (token: Token, from: number, to: number) => TrackedFlow;

export const NO_TRACKED_FLOW: Readonly<TrackedFlow> = Object.freeze({ buyUsd: 0, sellUsd: 0, buys: 0, sells: 0, buyers: 0, sellers: 0 });

/**
 * A token's developer as the tracked traders' world knows it (fomo/launches.ts): the wallet that
 * launched the token, and the tokens it holds at an instant (its launch position).
 */
export interface TrackedDeveloper {
  wallet: string;
  /** Tokens held just after tMs. */
  heldAt(tMs: number): number;
}

/** Where the market reads a token's tracked developer (null: no tracked trader launched it). */
export type DeveloperSource = (token: Token) => TrackedDeveloper | null;
