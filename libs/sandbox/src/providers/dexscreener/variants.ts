import type { ProviderVariants, VariantContext } from '../../variants';

/*
 * DexScreener's documented variants of a Pair, from DexScreener's own zod pairSchema
 * (github.com/dexscreener/google-sheets, src/types.ts, commit 3ab71b027654a22e14811432acb61798a1ac63a4)
 * and https://docs.dexscreener.com/api/reference: `priceUsd`, `liquidity`, `liquidity.usd`, `fdv`
 * and `pairCreatedAt` are optional; `marketCap`, `labels`, `info` and `boosts` are not in that schema
 * at all; `quoteToken` is only promised its `symbol`. Nothing else is rewritten: chainId, dexId,
 * pairAddress, baseToken and priceNative are required there and Scout matches on them.
 */

type Json = Record<string, unknown>;
const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);

/** Rewrites one pair in place into one documented variant, named through ctx.served. */
function rewritePair(ctx: VariantContext, pair: Json): void {
  const variant = ctx.pick([
    'priceUsd absent',
    'liquidity absent',
    'liquidity.usd absent',
    'fdv absent',
    'marketCap absent',
    'pairCreatedAt absent',
    'quoteToken symbol only',
  ] as const);
  switch (variant) {
    case 'priceUsd absent':
      delete pair.priceUsd;
      break;
    case 'liquidity absent':
      delete pair.liquidity;
      break;
    case 'liquidity.usd absent':
      if (isObject(pair.liquidity)) delete pair.liquidity.usd;
      break;
    case 'fdv absent':
      delete pair.fdv;
      break;
    case 'marketCap absent':
      delete pair.marketCap;
      break;
    case 'pairCreatedAt absent':
      delete pair.pairCreatedAt;
      break;
    case 'quoteToken symbol only':
      if (isObject(pair.quoteToken)) pair.quoteToken = { symbol: pair.quoteToken.symbol };
      break;
  }
  ctx.served(`pair.${variant}`);
}

/** dexscreener's documented variants (see ../../variants.ts): GET /tokens/v1 and /latest/dex/tokens. */
export const dexscreenerVariants: ProviderVariants = (ctx, body) => {
  if (ctx.method !== 'GET') return body;
  const pairs = ctx.route.startsWith('/tokens/v1/') ? body : ctx.route.startsWith('/latest/dex/') && isObject(body) ? body.pairs : null;
  if (!Array.isArray(pairs)) return body;
  for (const pair of pairs) if (isObject(pair)) rewritePair(ctx, pair);
  return body;
};
