import { CHAINS, chainFromFomo, type Chain, type FomoBalances } from '@scout/upstream';
import type { TokenNames } from '../trader-views';

export interface HoldingRow {
  /** The token held: contract address, and symbol and name (null when FOMO does not say). */
  token: TokenNames;
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

/** The provider's split of a trader's holdings by chain, under Scout's chain names: a chain it does not name is absent. */
export interface ChainSplit extends Partial<Record<Chain, ChainFigures>> {
  /** Holdings on Solana; absent when the provider's split does not name it. */
  solana?: ChainFigures;
  /** Holdings on Ethereum; absent when the provider's split does not name it. */
  ethereum?: ChainFigures;
  /** Holdings on Base; absent when the provider's split does not name it. */
  base?: ChainFigures;
  /** Holdings on BNB Chain; absent when the provider's split does not name it. */
  bsc?: ChainFigures;
  /** Holdings on Monad; absent when the provider's split does not name it. */
  monad?: ChainFigures;
  /** Holdings on Hyperliquid; absent when the provider's split does not name it. */
  hyperliquid?: ChainFigures;
  /** Holdings on Robinhood Chain; absent when the provider's split does not name it. */
  brokerage?: ChainFigures;
}

/**
 * A trader's holdings on every one of Scout's chains: a chain the provider's split does not name
 * holds 0 (0 holdings, 0 USD); without a split from the provider every figure is null.
 */
export interface EveryChainSplit extends Record<Chain, ChainFigures> {
  /** Holdings on Solana. */
  solana: ChainFigures;
  /** Holdings on Ethereum. */
  ethereum: ChainFigures;
  /** Holdings on Base. */
  base: ChainFigures;
  /** Holdings on BNB Chain. */
  bsc: ChainFigures;
  /** Holdings on Monad. */
  monad: ChainFigures;
  /** Holdings on Hyperliquid. */
  hyperliquid: ChainFigures;
  /** Holdings on Robinhood Chain. */
  brokerage: ChainFigures;
}

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
export function everyChainSplit(balances: FomoBalances): EveryChainSplit {
  const split = chainSplit(balances);
  const none: ChainFigures = balances.byChain ? { holdings: 0, valueUsd: 0 } : { holdings: null, valueUsd: null };
  return Object.fromEntries(CHAINS.map((chain) => [chain, split[chain] ?? { ...none }])) as Record<Chain, ChainFigures>;
}
