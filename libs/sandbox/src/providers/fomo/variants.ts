import type { ProviderVariants, VariantContext } from '../../variants';

/*
 * FOMO's variants. FOMO publishes no reference: what it may leave out is read from the peer's
 * captured answers (reference/peer/responses/stalkchain_fomo_*.md) and upstreams.md §2.1, and
 * only where Scout's own schemas already read the field as maybe() (null when absent):
 *  - a trader's display fields (displayName, imageUrl, twitter, clan, description) null or absent:
 *    the captured 7d leaderboard has traders with clan, twitter and description null;
 *  - a top token (leaderboard row, profile) without its symbol, its image null: the captured
 *    leaderboard's topTokens carry no symbol at all;
 *  - a token's display fields (name, symbol, imageUrl) null or absent wherever a token reference
 *    (an object with an `address` and a `symbol`) is nested: a fresh coin without an image or name;
 *  - an alert naming its kind `type` or `alertType` only (upstreams.md §2.1 lists `type/alertType`),
 *    or without its text;
 *  - candles without `source` (the peer passes it on when FOMO sends it);
 *  - a comment without its author's handle.
 * Identifiers (handle, userId, tradeId, addresses), figures (PnL, amounts, prices, counts),
 * `verified` (a filter), wallets, chains and page cursors are never touched, so the world keeps
 * adding up. Each variant is named after its route, e.g. 'leaderboard.imageUrl null'.
 */

type Json = Record<string, unknown>;
const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);

const TRADER_DISPLAY = ['displayName', 'imageUrl', 'twitter', 'clan', 'description'] as const;
const TOKEN_DISPLAY = ['name', 'symbol', 'imageUrl'] as const;

/** The route's short name used in the variant names; null for a route with nothing to vary. */
export function fomoRouteName(route: string): string | null {
  const r = route.replace(/\/+$/, '');
  if (/^\/v2\/leaderboard\/tokens\/[^/]+$/.test(r)) return 'tokenBoard';
  if (/^\/v2\/leaderboard\/[^/]+$/.test(r)) return 'leaderboard';
  if (/^\/v2\/users\/id\/[^/]+$/.test(r)) return 'profile';
  const user = /^\/v2\/users\/[^/]+\/(positions|swaps|balances|following|followers|spotlight)$/.exec(r);
  if (user) return user[1];
  if (/^\/v2\/users\/[^/]+$/.test(r)) return 'profile';
  if (r === '/v2/search') return 'search';
  if (r === '/v2/tokens/search') return 'tokenSearch';
  if (r === '/v2/thesis' || r.startsWith('/v2/thesis/')) return 'theses';
  if (/^\/v2\/trades\/[^/]+\/comments$/.test(r)) return 'comments';
  if (/^\/v2\/trades\/[^/]+$/.test(r)) return 'trade';
  const token = /^\/v2\/token\/[^/]+\/(stats|devs|candles)$/.exec(r);
  if (token) return token[1];
  if (/^\/token\/[^/]+\/holders$/.test(r)) return 'holders';
  if (r === '/v2/alerts') return 'alerts';
  // '/v2/me' (plan and credits) and anything unknown: nothing to vary.
  return null;
}

/** Sets `field` null or removes it, and names the variant served. */
function blank(ctx: VariantContext, node: Json, field: string, name: string, only?: 'null' | 'absent'): void {
  const absent = only ? only === 'absent' : ctx.chance(0.5);
  if (absent) delete node[field];
  else node[field] = null;
  ctx.served(`${name}.${field} ${absent ? 'absent' : 'null'}`);
}

/** One display field of the object, when it has any of `fields` set. */
function blankOneOf(ctx: VariantContext, node: Json, fields: readonly string[], name: string, only?: 'null' | 'absent'): void {
  const present = fields.filter((f) => node[f] !== undefined && node[f] !== null);
  if (present.length === 0) return;
  blank(ctx, node, ctx.pick(present), name, only);
}

const isTrader = (n: Json) => typeof n.handle === 'string' && typeof n.userId === 'string';
const isTopToken = (n: Json) => typeof n.tokenAddress === 'string' && 'humanAmount' in n;
const isTokenRef = (n: Json) => typeof n.address === 'string' && 'symbol' in n;
const isAlert = (n: Json) => typeof n.eventId === 'string' && ('type' in n || 'alertType' in n);
const isComment = (n: Json) => typeof n.commentId === 'string';

function rewriteNode(ctx: VariantContext, name: string, node: Json, path: string): void {
  if (isTrader(node) && ctx.chance(0.5)) blankOneOf(ctx, node, TRADER_DISPLAY, name);
  if (isTopToken(node) && ctx.chance(0.5)) {
    // As captured: a top token without a symbol; or its image null.
    if (ctx.chance(0.5) && 'symbol' in node) blank(ctx, node, 'symbol', `${name}.topTokens`, 'absent');
    else if (node.imageUrl != null) blank(ctx, node, 'imageUrl', `${name}.topTokens`, 'null');
  }
  if (isTokenRef(node) && ctx.chance(0.5)) blankOneOf(ctx, node, TOKEN_DISPLAY, `${name}.${path}`);
  if (isAlert(node) && ctx.chance(0.5)) {
    const kind = ctx.pick(['type', 'alertType', 'text'] as const);
    const other = kind === 'type' ? 'alertType' : 'type';
    // The kind is named by one of the two fields only: drop one when the other carries it.
    if (kind === 'text') {
      if (node.text != null) blank(ctx, node, 'text', name);
    } else if (typeof node[other] === 'string' && node[kind] !== undefined) blank(ctx, node, kind, name, 'absent');
  }
  if (isComment(node) && node.handle != null && ctx.chance(0.5)) blank(ctx, node, 'handle', name);
}

function rewrite(ctx: VariantContext, name: string, node: unknown, path: string, depth: number): void {
  if (depth > 8) return;
  if (Array.isArray(node)) {
    for (const item of node) rewrite(ctx, name, item, path, depth + 1);
    return;
  }
  if (!isObject(node)) return;
  rewriteNode(ctx, name, node, path);
  for (const [key, value] of Object.entries(node)) {
    if (typeof value === 'object' && value !== null) rewrite(ctx, name, value, key, depth + 1);
  }
}

export const fomoVariants: ProviderVariants = (ctx, body) => {
  const name = fomoRouteName(ctx.route);
  if (!name || !isObject(body)) return body;
  if (name === 'candles' && typeof body.source === 'string' && ctx.chance(0.5)) blank(ctx, body, 'source', name, 'absent');
  rewrite(ctx, name, body, 'token', 0);
  return body;
};
