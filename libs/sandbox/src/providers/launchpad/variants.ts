import type { ProviderVariants, VariantContext } from '../../variants';

/*
 * The launchpad's documented variants. The site publishes no schema; what it may leave out is
 * what its captured `/api/tokens` answer leaves out (../shared/reference/peer/responses/
 * stonk_tokens.md, and upstreams.md "StonkFun" marking `transferFee{bps}?`, `flywheel{active}?`,
 * `liquidityUsd?`): rows without `creator`, without `metadataUri`, without `market.liquidityUsd`,
 * and standard-mode rows without `transferFee` and `flywheel`. Those are the only rewrites, on the
 * coin rows of `/api/tokens` and `/api/tokens/{mint}`; every other route is served as it is.
 */

type Json = Record<string, unknown>;
const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);

const COIN_VARIANTS = ['creator absent', 'metadataUri absent', 'market.liquidityUsd absent', 'transferFee/flywheel absent'] as const;

function coin(ctx: VariantContext, route: string, row: Json): void {
  const standard = row.mode === 'standard';
  const which = ctx.pick(standard ? COIN_VARIANTS : COIN_VARIANTS.slice(0, 3));
  if (which === 'creator absent') delete row.creator;
  else if (which === 'metadataUri absent') delete row.metadataUri;
  else if (which === 'market.liquidityUsd absent') {
    if (!isObject(row.market)) return;
    delete row.market.liquidityUsd;
  } else {
    delete row.transferFee;
    delete row.flywheel;
  }
  ctx.served(`${route}.${which}`);
}

/** launchpad's documented variants (see ../../variants.ts). */
export const launchpadVariants: ProviderVariants = (ctx, body) => {
  if (ctx.method !== 'GET' || !isObject(body)) return body;
  if (ctx.route === '/api/tokens' && Array.isArray(body.tokens)) {
    for (const row of body.tokens) if (isObject(row)) coin(ctx, 'tokens', row);
  } else if (/^\/api\/tokens\/[^/]+$/.test(ctx.route) && isObject(body.token)) {
    coin(ctx, 'token', body.token);
  }
  return body;
};
