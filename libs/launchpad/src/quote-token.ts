/** A token a coin is quoted in or pays its rewards in (SOL, USDC, ...): its mint, symbol and decimals. */
export interface QuoteTokenRef {
  /** Solana mint of the token (base58). */
  mint: string;
  /** Ticker, e.g. SOL or USDC; null when the site does not say. */
  symbol: string | null;
  /** Decimals of its raw amounts. */
  decimals: number;
}
