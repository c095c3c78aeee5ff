import { UpstreamError, type Chain } from '@scout/upstream';
import type { MarketDataPort, TokenMarket } from '../tokens.ports';

export interface LiveMarkets {
  /** Keyed by chain and address (`chain:address`, EVM lowercased). */
  get(chain: Chain | null, address: string): TokenMarket | null;
  notes: string[];
}

const key = (chain: Chain, address: string) => `${chain}:${chain === 'solana' ? address : address.toLowerCase()}`;

/**
 * Live market data for tokens on several chains: one batched lookup per chain, in parallel. A chain
 * whose lookup fails is a note, and its tokens keep the provider's own figures.
 */
export async function liveMarkets(source: MarketDataPort, tokens: readonly { chain: Chain | null; address: string }[]): Promise<LiveMarkets> {
  const byChain = new Map<Chain, string[]>();
  for (const t of tokens) if (t.chain) byChain.set(t.chain, [...(byChain.get(t.chain) ?? []), t.address]);
  const found = new Map<string, TokenMarket>();
  const notes: string[] = [];
  await Promise.all(
    [...byChain].map(async ([chain, addresses]) => {
      try {
        const markets = await source.markets(chain, addresses);
        for (const [address, market] of markets) found.set(key(chain, address), market);
      } catch (error) {
        if (!(error instanceof UpstreamError)) throw error;
        notes.push(`Live market data (${source.name}) did not answer for ${chain}: those tokens show the provider's own price and market cap.`);
      }
    }),
  );
  return { get: (chain, address) => (chain ? (found.get(key(chain, address)) ?? null) : null), notes };
}
