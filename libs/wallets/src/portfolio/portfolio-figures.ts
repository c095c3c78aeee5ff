import type { Chain, WalletToken } from '@scout/upstream';

export interface PortfolioHolding {
  /** The chain the token is held on. */
  chain: Chain;
  /** Contract or mint; null for the chain's native coin, or when the provider left it out (then isNative is false). */
  tokenAddress: string | null;
  /** Token ticker; null when the provider does not say. */
  symbol: string | null;
  /** Token name; null when the provider does not say. */
  name: string | null;
  /** Balance in whole tokens; null when the token's decimals are unknown. */
  amount: number | null;
  /** Null when the provider has no USD price for it. */
  priceUsd: number | null;
  /** amount × priceUsd; null when either is unknown (and then out of the totals). */
  valueUsd: number | null;
  /** True for the chain's native coin (ETH, SOL, BNB, ...). */
  isNative: boolean;
}

export interface ChainValue {
  /** The chain of this row. */
  chain: Chain;
  /** The priced holdings' sum on the chain; null when it holds only unpriced tokens. */
  valueUsd: number | null;
  /** Tokens held on the chain (zero balances dropped, hidden ones included). */
  holdings: number;
  /** Holdings on the chain without a USD price (out of valueUsd). */
  unpriced: number;
}

export interface PortfolioFigures {
  /** The priced holdings' sum; null when the wallet holds tokens and none is priced. */
  totalUsd: number | null;
  byChain: ChainValue[];
  holdings: PortfolioHolding[];
  unpriced: number;
  /** Holdings left out by minValueUsd (still in the totals). */
  hidden: number;
  /** Holdings of a token (not the native coin) whose address the provider left out. */
  unaddressed: number;
}

/** A held token, or null for a zero balance (dust the provider still lists). */
export function holding(t: WalletToken): PortfolioHolding | null {
  if (!/[1-9]/.test(t.rawBalance)) return null;
  const valueUsd = t.amount !== null && t.priceUsd !== null ? t.amount * t.priceUsd : null;
  return {
    chain: t.chain,
    tokenAddress: t.tokenAddress,
    symbol: t.symbol,
    name: t.name,
    amount: t.amount,
    priceUsd: t.priceUsd,
    valueUsd,
    isNative: t.isNative,
  };
}

const byValue = (a: { valueUsd: number | null }, b: { valueUsd: number | null }) => (b.valueUsd ?? -1) - (a.valueUsd ?? -1);

function sumPriced(rows: readonly PortfolioHolding[]): number | null {
  const priced = rows.filter((r) => r.valueUsd !== null);
  if (rows.length > 0 && priced.length === 0) return null;
  return priced.reduce((s, r) => s + (r.valueUsd as number), 0);
}

/**
 * Totals, the per-chain breakdown and the holdings shown, most valuable first (unpriced last).
 * `answered` are the chains the provider answered for: each has a row, holding something or not.
 * The totals count every priced holding; `minValueUsd` only hides rows whose value is known to be
 * below it (an unpriced holding's worth is unknown, so it stays).
 */
export function portfolioFigures(tokens: readonly WalletToken[], answered: readonly Chain[], minValueUsd = 0): PortfolioFigures {
  const all = tokens.map(holding).filter((h): h is PortfolioHolding => h !== null);
  const byChain = answered
    .map((chain): ChainValue => {
      const rows = all.filter((h) => h.chain === chain);
      return { chain, valueUsd: sumPriced(rows), holdings: rows.length, unpriced: rows.filter((r) => r.valueUsd === null).length };
    })
    .sort(byValue);
  const shown = all.filter((h) => h.valueUsd === null || h.valueUsd >= minValueUsd).sort(byValue);
  return {
    totalUsd: sumPriced(all),
    byChain,
    holdings: shown,
    unpriced: all.filter((h) => h.valueUsd === null).length,
    hidden: all.length - shown.length,
    unaddressed: all.filter((h) => !h.isNative && h.tokenAddress === null).length,
  };
}

/** The chains in calls of at most `size` networks (the Portfolio API takes five per address). */
export function chainGroups(chains: readonly Chain[], size: number): Chain[][] {
  const groups: Chain[][] = [];
  for (let i = 0; i < chains.length; i += size) groups.push(chains.slice(i, i + size));
  return groups;
}
