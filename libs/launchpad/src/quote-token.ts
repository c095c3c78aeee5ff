/** A token a coin is quoted in or pays its rewards in (SOL, USDC, ...): its mint, symbol and decimals. */
export interface QuoteTokenRef {
  mint: string;
  symbol: string | null;
  /** Decimals of its raw amounts. */
  decimals: number;
}
