import type { ProviderVariants, VariantContext } from '../../variants';

/*
 * Alchemy's documented variants. Two official sources disagree on several shapes and Scout reads
 * both, so the variants are the other source's reading of the same answer:
 * - docs = alchemyplatform/docs @ 822411878a78 (prices.yaml, portfolio.yaml, openrpc transfers.yaml)
 * - SDK  = alchemyplatform/alchemy-sdk-js @ 6f1ee72c9809 (prices-types.ts, portfolio-types.ts and
 *   its live integration tests)
 * Nothing a tool computes with is dropped: prices, balances, decimals, raw amounts, block times and
 * page keys stay as the sandbox computed them.
 */

type Json = Record<string, any>;
const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);

/** A price entry: the currency code in either case; `lastUpdatedAt` optional (the docs require it; Scout keeps a missing one as null). */
function priceEntry(ctx: VariantContext, p: Json, where: string): void {
  if (typeof p.currency === 'string' && ctx.chance(0.3)) {
    // docs: "Currency code (e.g., USD)"; the SDK's live tests see 'usd'.
    p.currency = p.currency.toUpperCase();
    ctx.served(`${where}.currency upper case`);
  }
  if (ctx.chance(0.3)) {
    delete p.lastUpdatedAt;
    ctx.served(`${where}.lastUpdatedAt absent`);
  }
}

/**
 * A price item's `error` when priced: null (the sandbox), '' (docs: a required string) or absent
 * (SDK live tests: `error` undefined); when failed: a string (docs) or `{message}` (SDK TokenPriceError).
 */
function priceItem(ctx: VariantContext, item: Json, where: string): void {
  const failed = typeof item.error === 'string' && item.error !== '';
  if (failed) {
    if (ctx.chance(0.5)) {
      item.error = { message: item.error as string };
      ctx.served(`${where}.error {message}`);
    }
  } else {
    const form = ctx.pick(['absent', 'empty', 'keep'] as const);
    if (form === 'absent') {
      delete item.error;
      ctx.served(`${where}.error absent`);
    } else if (form === 'empty') {
      item.error = '';
      ctx.served(`${where}.error ''`);
    }
  }
  if (Array.isArray(item.prices)) for (const p of item.prices) if (isObject(p)) priceEntry(ctx, p, `${where}.prices`);
}

/** Historical: the SDK's flat `{…, currency, data: [points]}` or the docs' `{data: {…, prices: [points]}}`. */
function historical(ctx: VariantContext, body: Json): Json {
  if (!Array.isArray(body.data) || !ctx.chance(0.5)) return body;
  const { currency: _currency, data, ...head } = body;
  ctx.served('historical docs shape {data:{prices}}');
  return { data: { ...head, prices: data } };
}

/** Portfolio: logo null, tokenPrices' error forms, and the docs' flat `data` list on a last page. */
function portfolio(ctx: VariantContext, body: Json): Json {
  const data: unknown = body.data;
  if (!isObject(data) || !Array.isArray(data.tokens)) return body;
  for (const token of data.tokens) {
    if (!isObject(token)) continue;
    if (isObject(token.tokenMetadata) && ctx.chance(0.3)) {
      token.tokenMetadata.logo = null;
      ctx.served('tokens.tokenMetadata.logo null');
    }
    if (isObject(token.tokenPrices)) priceItem(ctx, token.tokenPrices, 'tokens.tokenPrices');
  }
  if (!data.pageKey) {
    const form = ctx.pick(['flat', 'absent', 'keep'] as const);
    if (form === 'flat') {
      ctx.served('tokens docs shape data:[...]');
      return { ...body, data: data.tokens };
    }
    if (form === 'absent') {
      delete data.pageKey;
      ctx.served('tokens.pageKey absent');
    }
  }
  return body;
}

/** transfers.yaml: `value` null (unknown decimals; the raw value and decimal still say it), pageKey '' or absent on the last page. */
function transfers(ctx: VariantContext, result: Json): void {
  if (!Array.isArray(result.transfers)) return;
  for (const t of result.transfers) {
    if (!isObject(t) || !isObject(t.rawContract)) continue;
    if (t.rawContract.value != null && t.rawContract.decimal != null && ctx.chance(0.3)) {
      t.value = null;
      ctx.served('transfers.value null');
    }
    if (t.erc721TokenId === null && ctx.chance(0.3)) {
      delete t.erc721TokenId;
      delete t.erc1155Metadata;
      ctx.served('transfers.erc721TokenId absent');
    }
  }
  if (!result.pageKey) {
    const form = ctx.pick(['empty', 'absent', 'keep'] as const);
    if (form === 'empty') {
      result.pageKey = '';
      ctx.served("transfers.pageKey ''");
    } else if (form === 'absent') {
      delete result.pageKey;
      ctx.served('transfers.pageKey absent');
    }
  }
}

/** One JSON-RPC answer: the method shows in the result's shape. */
function rpcAnswer(ctx: VariantContext, answer: unknown): void {
  if (!isObject(answer) || !isObject(answer.result)) return;
  const result = answer.result;
  if (Array.isArray(result.transfers)) return transfers(ctx, result);
  if ('logo' in result && 'decimals' in result && result.logo !== null && ctx.chance(0.5)) {
    result.logo = null;
    ctx.served('getTokenMetadata.logo null');
  }
}

/** alchemy's documented variants (see ../../variants.ts). */
export const alchemyVariants: ProviderVariants = (ctx, body) => {
  if (!isObject(body) && !Array.isArray(body)) return body;
  const { route } = ctx;
  if (/^\/[^/]+\/v2$/.test(route)) {
    for (const answer of Array.isArray(body) ? body : [body]) rpcAnswer(ctx, answer);
    return body;
  }
  const answer: unknown = body;
  if (!isObject(answer)) return body;
  if (route === '/prices/v1/tokens/by-symbol' || route === '/prices/v1/tokens/by-address') {
    const items: unknown = answer.data;
    if (Array.isArray(items)) for (const item of items) if (isObject(item)) priceItem(ctx, item, route.slice('/prices/v1/tokens/'.length));
    return answer;
  }
  if (route === '/prices/v1/tokens/historical') return historical(ctx, answer);
  if (route === '/data/v1/assets/tokens/by-address') return portfolio(ctx, answer);
  return answer;
};
