/** What every sandbox token has beside its market numbers, and the mints other files name. */

/** Token → fixed extras. `liquidity` is USD across all pools (Jupiter's meaning). */
export interface TokenSpec {
  chain: string;
  address: string;
  symbol: string;
  name: string;
  decimals: number;
  asset: string;
  liquidity: number;
  /** DefiLlama confidence (0.8..0.99); drawn from the seed when absent. */
  confidence?: number;
  /** Priced but no swap route (Jupiter quote → COULD_NOT_FIND_ANY_ROUTE). */
  noRoute?: boolean;
  /** Jupiter: verified and tagged. */
  verified?: boolean;
  tags?: string[];
  circSupply?: number;
  totalSupply?: number;
  createdAt?: string;
  launchpad?: string;
  sus?: boolean;
  logo?: string | null;
  tokenProgram?: string;
}

export const SPL_TOKEN_PROGRAM = 'TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA';
export const TOKEN_2022_PROGRAM = 'TokenzQdBNbLqP5VEhdkAS6EPFLC1PHnBqCXEpPxuEb';

export const SOL_MINT = 'So11111111111111111111111111111111111111112';
export const USDC_MINT = 'EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v';
export const USDT_MINT = 'Es9vMFrzaCERmJfrF4H2FYD4KCoNkY11McCe8BenwNYB';
export const JUP_MINT = 'JUPyiwrYJFskUPiHa7hkeR8VUtAeFoSYbKedZNsDvCN';
export const BONK_MINT = 'DezXAZ8z7PnrnRJjz3wXBoRgixCa6xjnB7YaB1pPB263';
