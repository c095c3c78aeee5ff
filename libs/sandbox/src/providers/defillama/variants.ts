import type { ProviderVariants, VariantContext } from '../../variants';

/*
 * DefiLlama's documented variants: where its free OpenAPI document (defillama-openapi-free.json)
 * and its SDK types / live answers disagree, the answer takes the document's shape; display fields
 * the live API sends as null (change_1h on a new protocol, a chain without gecko_id) are null.
 *
 * The documents mark no property of these answers required (coins: price, symbol, timestamp), so
 * any display field may be absent.
 *
 * - /protocols: `slug` absent (the free document's example has none; the client derives it from
 *   the name, so only rows whose slug is that derivation lose it); change_* and mcap null;
 *   audit_links, url, chains, category and symbol absent.
 * - /protocol/{slug}: `tvl` absent (the free document shows only chainTvls); audit_links,
 *   otherProtocols, chains, category, currentChainTvls absent; mcap null.
 * - /v2/chains: gecko_id, tokenSymbol, cmcId null; chainId absent.
 * - /hacks: bridgeHack, classification, technique, returnedFunds null; defillamaId absent.
 * - /stablecoinchains and /stablecoincharts: `totalCirculating` in place of `totalCirculatingUSD`
 *   (the free document's name for it).
 * - /stablecoins: id, pegMechanism, chains, price absent (the tool notes the coins it could not
 *   price); gecko_id null. Supplies and pegType stay.
 * - /pools: apyBase, apyReward, apyPct1D/7D/30D, il7d, poolMeta, rewardTokens null; ilRisk,
 *   exposure, volumeUsd1d/7d, pool, project absent; `status` absent. `chain`, `symbol`, `apy` and
 *   `tvlUsd`, which the tools filter and rank by, stay.
 * - /overview/*: a protocol's displayName, parentProtocol, protocolType absent; change_* null.
 * - coins /prices/*: `decimals` absent (the document's example omits it for coingecko keys).
 * Other figures the tools compute with (TVL, totals, coin prices, confidence, supplies) are never touched.
 */

type Json = Record<string, unknown>;
const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);
const rows = (v: unknown): Json[] => (Array.isArray(v) ? v.filter(isObject) : []);

/** Applies one of `edits` to each row, chosen per row; an edit is `field null` or `field absent`. */
function editRows(ctx: VariantContext, what: string, list: Json[], edits: readonly string[], share = 0.5): void {
  for (const row of list) {
    if (!ctx.chance(share)) continue;
    const edit = ctx.pick(edits);
    const [field, kind] = edit.split(' ');
    if (!(field in row)) continue;
    if (kind === 'null') row[field] = null;
    else delete row[field];
    ctx.served(`${what}.${edit}`);
  }
}

const derivedSlug = (name: unknown) => (typeof name === 'string' ? name.toLowerCase().replace(/'/g, '').replace(/\s+/g, '-') : null);

function protocols(ctx: VariantContext, body: unknown): unknown {
  const list = rows(body);
  for (const row of list) {
    if (typeof row.slug === 'string' && row.slug === derivedSlug(row.name) && ctx.chance(0.3)) {
      delete row.slug;
      ctx.served('protocols.slug absent');
    }
  }
  editRows(ctx, 'protocols', list, [
    'change_1h null',
    'change_1d null',
    'change_7d null',
    'mcap null',
    'audit_links absent',
    'url absent',
    'chains absent',
    'category absent',
    'symbol absent',
  ]);
  return body;
}

function protocol(ctx: VariantContext, body: unknown): unknown {
  if (!isObject(body)) return body;
  const edit = ctx.pick([
    'tvl absent',
    'audit_links absent',
    'otherProtocols absent',
    'mcap null',
    'chains absent',
    'category absent',
    'currentChainTvls absent',
  ] as const);
  const [field, kind] = edit.split(' ');
  // Without `tvl` the client sums chainTvls, so the series only goes if chainTvls can stand in.
  if (field === 'tvl' && !isObject(body.chainTvls)) return body;
  if (kind === 'null') body[field] = null;
  else delete body[field];
  ctx.served(`protocol.${edit}`);
  return body;
}

function circulatingAsDocumented(ctx: VariantContext, what: string, body: unknown): unknown {
  for (const row of rows(body)) {
    if (!isObject(row.totalCirculatingUSD) || !ctx.chance(0.5)) continue;
    row.totalCirculating = row.totalCirculatingUSD;
    delete row.totalCirculatingUSD;
    ctx.served(`${what}.totalCirculating for totalCirculatingUSD`);
  }
  return body;
}

function overview(ctx: VariantContext, body: unknown): unknown {
  if (!isObject(body)) return body;
  editRows(ctx, 'overview.protocols', rows(body.protocols), [
    'displayName absent',
    'parentProtocol absent',
    'protocolType absent',
    'change_1d null',
    'change_7d null',
  ]);
  return body;
}

function coinPrices(ctx: VariantContext, body: unknown): unknown {
  if (!isObject(body) || !isObject(body.coins)) return body;
  editRows(ctx, 'prices', Object.values(body.coins).filter(isObject), ['decimals absent']);
  return body;
}

export const defillamaVariants: ProviderVariants = (ctx, body) => {
  // Pro routes are the same answers behind a key: /pro/api/..., /pro/coins/..., and so on.
  const route = ctx.route.replace(/^\/pro(?=\/)/, '');
  if (route === '/api/protocols') return protocols(ctx, body);
  if (route.startsWith('/api/protocol/')) return protocol(ctx, body);
  if (route === '/api/v2/chains') {
    editRows(ctx, 'chains', rows(body), ['gecko_id null', 'tokenSymbol null', 'cmcId null', 'chainId absent']);
    return body;
  }
  if (route === '/api/hacks') {
    editRows(ctx, 'hacks', rows(body), ['bridgeHack null', 'classification null', 'technique null', 'returnedFunds null', 'defillamaId absent']);
    return body;
  }
  if (route.startsWith('/api/overview/')) return overview(ctx, body);
  if (route === '/stablecoins/stablecoinchains') return circulatingAsDocumented(ctx, 'stablecoinchains', body);
  if (route.startsWith('/stablecoins/stablecoincharts/')) return circulatingAsDocumented(ctx, 'stablecoincharts', body);
  if (route === '/stablecoins/stablecoins' && isObject(body)) {
    editRows(ctx, 'stablecoins', rows(body.peggedAssets), ['id absent', 'pegMechanism absent', 'chains absent', 'price absent', 'gecko_id null'], 0.3);
    return body;
  }
  if (route === '/yields/pools' && isObject(body)) {
    const edits = ['apyBase null', 'apyReward null', 'apyPct1D null', 'apyPct7D null', 'apyPct30D null', 'il7d null', 'poolMeta null', 'rewardTokens null'];
    const absent = ['ilRisk absent', 'exposure absent', 'volumeUsd1d absent', 'volumeUsd7d absent', 'pool absent', 'project absent'];
    editRows(ctx, 'pools', rows(body.data), [...edits, ...absent], 0.3);
    if ('status' in body && ctx.chance(0.5)) {
      delete body.status;
      ctx.served('pools.status absent');
    }
    return body;
  }
  if (route.startsWith('/coins/prices/')) return coinPrices(ctx, body);
  return body;
};
