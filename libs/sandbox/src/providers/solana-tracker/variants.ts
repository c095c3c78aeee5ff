import type { ProviderVariants, VariantContext } from '../../variants';

/*
 * Solana Tracker's documented variants, from its SDK's response types (github.com/solanatracker/
 * data-api-sdk, src/interfaces.ts; SOURCE.txt names commit 7ad893ac, the stored copy read is
 * 00508e31): TokenInfo.image/description/creation, PoolInfo.deployer/txns/curvePercentage/createdAt,
 * each TokenEvents window, TokenRisk.jupiterVerified, TokenDetailResponse.holders, DeployerToken
 * and SearchResult image/poolAddress, and PnLData's sold_usd and *_time/*_transactions fields are
 * optional; TokenSecurity's authorities and FirstBuyerData.first_sell_time are `| null`;
 * TokenRiskFactor.level is "warning" | "danger" (Scout passes it on, so an unknown value is served
 * too); PnLSummary.neutralPercentage is optional. Mints, wallets, prices and candles, which the
 * tools compute with, are never touched.
 */

type Json = Record<string, unknown>;
const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);
const objects = (v: unknown): Json[] => (Array.isArray(v) ? v.filter(isObject) : []);

/** Applies one of `variants` (name → rewrite), picked by the context, and names it. */
function applyOne(ctx: VariantContext, variants: Record<string, () => void>): void {
  const name = ctx.pick(Object.keys(variants));
  variants[name]();
  ctx.served(name);
}

const PNL_OPTIONAL = [
  'sold_usd',
  'first_buy_time',
  'last_buy_time',
  'last_sell_time',
  'last_trade_time',
  'buy_transactions',
  'sell_transactions',
  'total_transactions',
];
const deleteEach = (rows: Json[], field: string) => rows.forEach((row) => delete row[field]);

function tokenVariants(ctx: VariantContext, body: Json): void {
  const token = isObject(body.token) ? body.token : {};
  const pools = objects(body.pools);
  const risk = isObject(body.risk) ? body.risk : {};
  applyOne(ctx, {
    'token.token.image absent': () => delete token.image,
    'token.token.description absent': () => delete token.description,
    'token.token.creation absent': () => delete token.creation,
    'token.holders absent': () => delete body.holders,
    'token.risk.jupiterVerified absent': () => delete risk.jupiterVerified,
    'token.risk.risks.level unknown': () => objects(risk.risks).forEach((r) => (r.level = 'notice')),
    'token.events.24h absent': () => isObject(body.events) && delete body.events['24h'],
    'token.pools.security authorities null': () =>
      pools.forEach((p) => {
        if (isObject(p.security)) p.security = { freezeAuthority: null, mintAuthority: null };
      }),
    'token.pools.txns/curvePercentage/createdAt absent': () => ['txns', 'curvePercentage', 'createdAt'].forEach((f) => deleteEach(pools, f)),
  });
}

function listedVariants(ctx: VariantContext, route: string, rows: Json[]): void {
  applyOne(ctx, {
    [`${route}.image absent`]: () => deleteEach(rows, 'image'),
    [`${route}.poolAddress absent`]: () => deleteEach(rows, 'poolAddress'),
    [`${route}.authorities null`]: () => rows.forEach((r) => Object.assign(r, { freezeAuthority: null, mintAuthority: null })),
  });
}

/** PnLData (the /pnl rows): sold_usd and the trade times and counts are optional. */
function pnlRowVariants(ctx: VariantContext, rows: Json[]): void {
  applyOne(ctx, {
    'pnl.tokens.sold_usd absent': () => deleteEach(rows, 'sold_usd'),
    'pnl.tokens.first_buy_time absent': () => deleteEach(rows, 'first_buy_time'),
    'pnl.tokens.trade times and counts absent': () => PNL_OPTIONAL.slice(2).forEach((f) => deleteEach(rows, f)),
  });
}

/** solana-tracker's documented variants (see ../../variants.ts). */
export const solanaTrackerVariants: ProviderVariants = (ctx, body) => {
  if (ctx.method !== 'GET') return body;
  const [, head, , tail] = ctx.route.split('/');
  if (head === 'tokens' && tail === undefined && isObject(body)) tokenVariants(ctx, body);
  else if (head === 'deployer' && isObject(body)) listedVariants(ctx, 'deployer.tokens', objects(body.tokens));
  else if (head === 'search' && isObject(body)) listedVariants(ctx, 'search.data', objects(body.data));
  else if ((head === 'first-buyers' || head === 'top-traders') && Array.isArray(body)) {
    // FirstBuyerData: only first_sell_time is `| null`; every other field is required.
    objects(body).forEach((r) => (r.first_sell_time = null));
    ctx.served(`${head}.first_sell_time null`);
  } else if (head === 'pnl' && isObject(body)) {
    const rows = isObject(body.tokens) ? Object.values(body.tokens).filter(isObject) : [];
    if (ctx.chance(0.5) && isObject(body.summary)) {
      delete body.summary.neutralPercentage;
      ctx.served('pnl.summary.neutralPercentage absent');
    }
    pnlRowVariants(ctx, rows);
  }
  return body;
};
