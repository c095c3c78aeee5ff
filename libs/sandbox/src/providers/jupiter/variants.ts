import type { ProviderVariants, VariantContext } from '../../variants';

/*
 * Jupiter's documented variants (jup-ag/docs openapi-spec at 1dda348d: price/v3/price.yaml,
 * swap/v1/swap.yaml, tokens/v2/tokens.yaml; swap/v1/get-quote.mdx for the example quote).
 *
 * - /price/v3: `blockId` and `priceChange24h` are `nullable: true`.
 * - /swap/v1/quote: `platformFee`, `contextSlot`, `timeTaken` are not required;
 *   `mostReliableAmmsQuoteReport` is nullable; a step's `percent` is nullable and `bps` optional;
 *   swap info `label` is optional and `feeAmount`/`feeMint` nullable (deprecated). The fields the
 *   exit check computes with (outAmount, otherAmountThreshold, priceImpactPct, routePlan,
 *   ammKey) are required and kept.
 * - /tokens/v2/*: MintInformation lists no required field. The writer keeps `id`, `decimals` and
 *   `usdPrice` (what the tools look up and compute with) and rewrites display fields: nullable
 *   ones to null, optional ones absent, and `organicScoreLabel` (passed on, never branched on) to
 *   a value outside the documented high/medium/low.
 */

type Json = Record<string, unknown>;
const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);

/** Display fields of MintInformation the documents mark nullable. */
const MINT_NULLABLE = [
  'icon',
  'twitter',
  'website',
  'dev',
  'holderCount',
  'fdv',
  'mcap',
  'liquidity',
  'isVerified',
  'audit',
  'stats24h',
  'launchpad',
  'graduatedPool',
] as const;
/** Display fields of MintInformation that are optional (not nullable) in the documents. */
const MINT_OPTIONAL = ['name', 'symbol', 'createdAt', 'updatedAt', 'organicScore', 'tags', 'firstPool', 'tokenProgram'] as const;

function price(ctx: VariantContext, body: unknown): unknown {
  if (!isObject(body)) return body;
  for (const entry of Object.values(body)) {
    if (!isObject(entry)) continue;
    const field = ctx.pick(['blockId', 'priceChange24h'] as const);
    entry[field] = null;
    ctx.served(`price.${field} null`);
  }
  return body;
}

function quote(ctx: VariantContext, body: unknown): unknown {
  if (!isObject(body)) return body;
  const top = ctx.pick(['platformFee', 'contextSlot', 'timeTaken', 'mostReliableAmmsQuoteReport null'] as const);
  if (top === 'mostReliableAmmsQuoteReport null') body.mostReliableAmmsQuoteReport = null;
  else delete body[top];
  ctx.served(top.endsWith(' null') ? `quote.${top}` : `quote.${top} absent`);
  const steps = Array.isArray(body.routePlan) ? body.routePlan.filter(isObject) : [];
  for (const step of steps) {
    const which = ctx.pick(['percent null', 'bps absent', 'label absent', 'fee null'] as const);
    const info = isObject(step.swapInfo) ? step.swapInfo : null;
    if (which === 'percent null') step.percent = null;
    else if (which === 'bps absent') delete step.bps;
    else if (which === 'label absent' && info) delete info.label;
    else if (which === 'fee null' && info) {
      info.feeAmount = null;
      info.feeMint = null;
    } else continue;
    ctx.served(`quote.routePlan.${which === 'fee null' ? 'swapInfo.feeAmount/feeMint null' : which.startsWith('label') ? 'swapInfo.label absent' : which}`);
  }
  return body;
}

function mintInformation(ctx: VariantContext, entry: Json): void {
  const kind = ctx.pick(['nullable', 'optional', 'label'] as const);
  if (kind === 'nullable') {
    const field = ctx.pick(MINT_NULLABLE);
    entry[field] = null;
    ctx.served(`tokens.${field} null`);
  } else if (kind === 'optional') {
    const field = ctx.pick(MINT_OPTIONAL);
    delete entry[field];
    ctx.served(`tokens.${field} absent`);
  } else {
    entry.organicScoreLabel = 'unrated';
    ctx.served('tokens.organicScoreLabel unknown');
  }
}

/** jupiter's documented variants (see ../../variants.ts). */
export const jupiterVariants: ProviderVariants = (ctx, body) => {
  if (ctx.method !== 'GET') return body;
  if (ctx.route === '/price/v3') return price(ctx, body);
  if (ctx.route === '/swap/v1/quote') return quote(ctx, body);
  if (ctx.route.startsWith('/tokens/v2/') && Array.isArray(body)) {
    for (const entry of body) if (isObject(entry)) mintInformation(ctx, entry);
  }
  return body;
};
