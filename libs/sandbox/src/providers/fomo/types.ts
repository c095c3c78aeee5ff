/**
 * The FOMO world's shared vocabulary: its chains (FOMO's slugs and network ids), the token a trade
 * pays with, and a position as activity.ts and launches.ts plan it and every answer reads it.
 */
import type { Asset, Token } from '../../market';
import type { PositionEvent } from './accounting';

export interface FomoChain {
  /** FOMO's chain slug: solana, ethereum, base, bsc, monad, hyperliquid, robinhood. */
  slug: string;
  /** The market's chain name. */
  name: string;
  networkId: number;
  evm: boolean;
}

export const FOMO_CHAINS: readonly FomoChain[] = [
  { slug: 'solana', name: 'Solana', networkId: 1399811149, evm: false },
  { slug: 'ethereum', name: 'Ethereum', networkId: 1, evm: true },
  { slug: 'base', name: 'Base', networkId: 8453, evm: true },
  { slug: 'bsc', name: 'BSC', networkId: 56, evm: true },
  { slug: 'monad', name: 'Monad', networkId: 143, evm: true },
  { slug: 'hyperliquid', name: 'Hyperliquid L1', networkId: 999, evm: true },
  { slug: 'robinhood', name: 'Robinhood Chain', networkId: 4663, evm: true },
];

/** A chain query value (slug, `eth`, or the market's name) → chain. */
export function fomoChain(value: string): FomoChain | undefined {
  const v = value.toLowerCase();
  return FOMO_CHAINS.find((c) => c.slug === v || c.name.toLowerCase() === v || (v === 'eth' && c.slug === 'ethereum') || String(c.networkId) === v);
}

/** What a trade pays with: the chain's dollar stablecoin, or native ETH on Robinhood Chain. */
export interface QuoteToken {
  address: string;
  symbol: string;
  asset: Asset;
}

export interface FomoPosition {
  user: number;
  day: number;
  slot: number;
  tradeId: string;
  token: Token;
  chain: FomoChain;
  quote: QuoteToken;
  /** Every event of the plan, time order (some may lie in the future). */
  events: PositionEvent[];
  /** A written call made when the position opened, or null. */
  thesis: { at: number; likesMax: number; topic: number } | null;
  /** The token's developer or an insider of its launch (launches.ts); null for everyday trades. */
  role: 'dev' | 'insider' | null;
}
