import { chainFromFomo, type Chain, type FomoBalances } from '@scout/upstream';

export interface HoldingRow {
  token: { address: string; symbol: string | null; name: string | null };
  chain: Chain | null;
  amount: number | null;
  priceUsd: number | null;
  valueUsd: number | null;
  change24h: number | null;
  tradeId: string | null;
}

export type ChainSplit = Partial<Record<Chain, { holdings: number; valueUsd: number }>>;

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
    if (chain) split[chain] = { holdings: figures.holdings ?? 0, valueUsd: figures.valueUsd ?? 0 };
  }
  return split;
}
