import { CHAINS, chainFromFomo, type Chain, type FomoBalances } from '@scout/upstream';

export interface HoldingRow {
  /** The token held: contract address, and symbol and name (null when FOMO does not say). */
  token: { address: string; symbol: string | null; name: string | null };
  /** Scout's chain name; null when FOMO does not name a chain Scout covers. */
  chain: Chain | null;
  /** Amount held, in whole tokens (decimals applied); null when FOMO does not say. */
  amount: number | null;
  /** USD per token; null when FOMO does not say. */
  priceUsd: number | null;
  /** The holding's value in USD; null when FOMO does not say. */
  valueUsd: number | null;
  /** The 24h change, in percent points (-17.29 is -17.29%); null when FOMO does not say. */
  change24h: number | null;
  /** The position (trade) the holding belongs to; null when FOMO does not say. */
  tradeId: string | null;
}

/** Holdings on one chain and their value; null when the provider did not say. */
export interface ChainFigures {
  /** Holdings on the chain; null when the provider did not say. */
  holdings: number | null;
  /** Their value in USD; null when the provider did not say. */
  valueUsd: number | null;
}

export type ChainSplit = Partial<Record<Chain, ChainFigures>>;

/** A trader's holdings in Scout's terms, largest value first (unknown values last). */
export function holdingsByValue(balances: FomoBalances): HoldingRow[] {
  return balances.holdings
    .map((h): HoldingRow => ({
      token: { address: h.token.address, symbol: h.token.symbol, name: h.token.name },
      chain: chainFromFomo(h.chain, h.networkId ?? h.token.networkId),
      amount: h.amount,
      priceUsd: h.priceUsd,
      valueUsd: h.valueUsd,
      change24h: h.change24h,
      tradeId: h.tradeId,
    }))
    .sort((a, b) => (b.valueUsd ?? -1) - (a.valueUsd ?? -1));
}

/** The provider's split by chain, keyed by Scout's chain names (chains Scout does not cover are left out). */
export function chainSplit(balances: FomoBalances): ChainSplit {
  const split: ChainSplit = {};
  for (const [name, figures] of Object.entries(balances.byChain ?? {})) {
    const chain = chainFromFomo(name);
    if (chain) split[chain] = { holdings: figures.holdings, valueUsd: figures.valueUsd };
  }
  return split;
}

/**
 * Every one of Scout's chains: the provider's split, and a chain it does not name holds nothing
 * (0 holdings, 0 USD). Without a split from the provider nothing is known: every chain is null.
 */
export function everyChainSplit(balances: FomoBalances): Record<Chain, ChainFigures> {
  const split = chainSplit(balances);
  const none: ChainFigures = balances.byChain ? { holdings: 0, valueUsd: 0 } : { holdings: null, valueUsd: null };
  return Object.fromEntries(CHAINS.map((chain) => [chain, split[chain] ?? { ...none }])) as Record<Chain, ChainFigures>;
}
