import type { ProviderVariants, VariantContext } from '../../variants';

/*
 * FOMO's variants. FOMO publishes no reference: what it may leave out is read from the peer's
 * captured answers (reference/peer/responses/), where a trader's display fields and a token's image
 * come back null or absent (a trader without a display name, bio, clan or X account; a fresh coin
 * without an image). Those are the fields rewritten here, wherever a trader (an object with a
 * `handle` and a `userId`) or a token reference (an object with an `address` and a `symbol`)
 * appears. Identifiers, figures, `verified` (a filter) and page cursors are never touched, so the
 * world keeps adding up.
 */

type Json = Record<string, unknown>;
const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);

const TRADER_DISPLAY = ['displayName', 'imageUrl', 'twitter', 'clan', 'description'] as const;

function rewrite(ctx: VariantContext, node: unknown, depth: number): void {
  if (depth > 8) return;
  if (Array.isArray(node)) {
    for (const item of node) rewrite(ctx, item, depth + 1);
    return;
  }
  if (!isObject(node)) return;
  if (typeof node.handle === 'string' && typeof node.userId === 'string' && ctx.chance(0.5)) {
    const field = ctx.pick(TRADER_DISPLAY);
    if (field in node) {
      const absent = ctx.chance(0.5);
      if (absent) delete node[field];
      else node[field] = null;
      ctx.served(`trader.${field} ${absent ? 'absent' : 'null'}`);
    }
  }
  if (typeof node.address === 'string' && 'symbol' in node && 'imageUrl' in node && ctx.chance(0.5)) {
    node.imageUrl = null;
    ctx.served('token.imageUrl null');
  }
  for (const value of Object.values(node)) if (typeof value === 'object' && value !== null) rewrite(ctx, value, depth + 1);
}

export const fomoVariants: ProviderVariants = (ctx, body) => {
  // The key owner's account (/v2/me) carries plan and credits, nothing to vary.
  if (ctx.route === '/v2/me') return body;
  rewrite(ctx, body, 0);
  return body;
};
