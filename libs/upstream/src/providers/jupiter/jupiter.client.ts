import { UpstreamError, type UpstreamSource } from '../../upstream.types';
import { priceV3ResponseSchema, quoteResponseSchema, tokenSearchResponseSchema, type MintInformation, type QuoteResponse } from './jupiter.schemas';

/** Jupiter's host; its `x-api-key` header is the source's concern (key placement `header`). */
export const JUPITER_BASE_URL = 'https://api.jup.ag';

/** Price API v3 takes at most this many ids per request. */
export const JUPITER_MAX_PRICE_IDS = 50;

/** Jupiter caches prices for about a minute itself; a shorter local TTL keeps answers fresh. */
const PRICES_TTL_MS = 30_000;
/** Routes move with every block; a short TTL only absorbs repeated identical quotes. */
const QUOTE_TTL_MS = 10_000;
const SEARCH_TTL_MS = 5 * 60_000;

/**
 * The 400 error codes with which the quote endpoint says a swap cannot be routed (jup-ag/docs
 * guides/how-to-build-a-custom-swap-with-metis.mdx, "During quoting").
 */
export const JUPITER_NO_ROUTE_CODES = [
  'COULD_NOT_FIND_ANY_ROUTE',
  'NO_ROUTES_FOUND',
  'TOKEN_NOT_TRADABLE',
  'ROUTE_PLAN_DOES_NOT_CONSUME_ALL_THE_AMOUNT',
] as const;

export interface JupiterPrice {
  usdPrice: number;
  /** Percent over 24 hours; null when Jupiter has none. */
  priceChange24h: number | null;
  /** USD across all pools. */
  liquidity: number;
  decimals: number;
  blockId: number | null;
  /** ISO 8601. */
  createdAt: string;
}

export interface JupiterPrices {
  /** Mint to price, for the mints Jupiter priced. */
  byMint: Map<string, JupiterPrice>;
  /** Requested mints Jupiter left out: it has no reliable price for them. Never priced as 0. */
  missing: string[];
}

export interface JupiterQuoteRequest {
  inputMint: string;
  outputMint: string;
  /** Raw integer amount of the input mint (before decimals), as a string to keep u64 precision. */
  amount: string;
  slippageBps: number;
}

export type JupiterQuoteResult =
  | { routable: true; quote: QuoteResponse }
  | {
      routable: false;
      /** Jupiter's error code when the failure says which, e.g. COULD_NOT_FIND_ANY_ROUTE; else null. */
      errorCode: string | null;
      detail: string;
    };

/**
 * Jupiter (Solana): Price API v3, the Metis quote API and Tokens API v2, on one data source.
 */
export class JupiterClient {
  constructor(private readonly source: UpstreamSource) {}

  /**
   * USD prices of up to 50 mints in one call. Duplicates are asked once; the ids are sorted so the
   * same set of mints shares one cache entry whatever order it came in.
   */
  async prices(mints: readonly string[]): Promise<JupiterPrices> {
    const unique = [...new Set(mints)];
    if (unique.length > JUPITER_MAX_PRICE_IDS) {
      throw new RangeError(`Jupiter prices take at most ${JUPITER_MAX_PRICE_IDS} mints per call, got ${unique.length}`);
    }
    if (unique.length === 0) return { byMint: new Map(), missing: [] };
    const answer = await this.source.request(
      {
        endpoint: 'jupiter:/price/v3',
        path: '/price/v3',
        query: { ids: [...unique].sort().join(',') },
        cacheTtlMs: PRICES_TTL_MS,
      },
      (raw) => priceV3ResponseSchema.parse(raw),
    );
    const byMint = new Map<string, JupiterPrice>();
    const missing: string[] = [];
    for (const mint of unique) {
      const entry = Object.prototype.hasOwnProperty.call(answer, mint) ? answer[mint] : undefined;
      if (!entry) {
        missing.push(mint);
        continue;
      }
      byMint.set(mint, {
        usdPrice: entry.usdPrice,
        priceChange24h: entry.priceChange24h,
        liquidity: entry.liquidity,
        decimals: entry.decimals,
        blockId: entry.blockId,
        createdAt: entry.createdAt,
      });
    }
    return { byMint, missing };
  }

  /**
   * An ExactIn quote. A swap Jupiter cannot route comes back as `{ routable: false }`, not as an
   * error: the quote endpoint answers HTTP 400 with an `errorCode` such as COULD_NOT_FIND_ANY_ROUTE
   * or TOKEN_NOT_TRADABLE. `errorCode` is filled when the source's failure detail carries the code
   * and is null otherwise (a source that drops 4xx bodies leaves only the status). Every other
   * failure throws its UpstreamError.
   */
  async quote(request: JupiterQuoteRequest): Promise<JupiterQuoteResult> {
    if (!/^[1-9]\d*$/.test(request.amount)) {
      throw new RangeError(`A quote amount is a positive raw integer string, got "${request.amount}"`);
    }
    if (!Number.isInteger(request.slippageBps) || request.slippageBps < 0 || request.slippageBps > 10_000) {
      throw new RangeError(`slippageBps is an integer 0-10000, got ${request.slippageBps}`);
    }
    try {
      const quote = await this.source.request(
        {
          endpoint: 'jupiter:/swap/v1/quote',
          path: '/swap/v1/quote',
          query: {
            inputMint: request.inputMint,
            outputMint: request.outputMint,
            amount: request.amount,
            slippageBps: request.slippageBps,
            swapMode: 'ExactIn',
          },
          cacheTtlMs: QUOTE_TTL_MS,
        },
        (raw) => quoteResponseSchema.parse(raw),
      );
      return { routable: true, quote };
    } catch (err) {
      if (err instanceof UpstreamError && err.upstreamStatus === 400) {
        const details = err.extra.details;
        const detail = details === undefined || details === null ? err.message : typeof details === 'string' ? details : JSON.stringify(details);
        const errorCode = JUPITER_NO_ROUTE_CODES.find((code) => detail.includes(code)) ?? null;
        return { routable: false, errorCode, detail };
      }
      throw err;
    }
  }

  /**
   * Tokens matching a symbol, a name or a mint (Jupiter answers at most a handful, best first).
   * Entries are returned as Jupiter describes them; every MintInformation field may be absent.
   */
  async searchTokens(query: string): Promise<MintInformation[]> {
    const text = query.trim();
    if (text === '') throw new RangeError('A token search needs a query');
    return this.source.request(
      {
        endpoint: 'jupiter:/tokens/v2/search',
        path: '/tokens/v2/search',
        query: { query: text },
        cacheTtlMs: SEARCH_TTL_MS,
      },
      (raw) => tokenSearchResponseSchema.parse(raw),
    );
  }
}
