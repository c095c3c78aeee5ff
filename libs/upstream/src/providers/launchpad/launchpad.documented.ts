import * as fx from './launchpad.fixture';

/*
 * The launchpad (StonkFun format) publishes no document. Its "documents" are
 * ../shared/reference/upstreams.md, section "StonkFun (`stonk_*`)" (the response shape per tool,
 * `?` marking a field that may be absent), and the peer's captured answer
 * ../shared/reference/peer/responses/stonk_tokens.md (marked fixed). Each fixture below names which
 * one it follows; launchpad.fixture.ts holds the captured answer and the hand-written ones.
 */

/**
 * GET /api/tokens with the STONK row as the capture shows the other rows: `creator` and
 * `metadataUri` absent (peer/responses/stonk_tokens.md, rows 2 and 3), `market.liquidityUsd` absent
 * (rows 1 and 2; upstreams.md `liquidityUsd?`), `transferFee` and `flywheel` absent (row 1;
 * upstreams.md `transferFee{bps}?`, `flywheel{active}?`).
 */
export const TOKENS_SPARSE = (() => {
  const {
    creator: _c,
    metadataUri: _m,
    transferFee: _t,
    flywheel: _f,
    ...row
  } = fx.STONK_TOKENS.tokens[0] as Record<string, unknown> & (typeof fx.STONK_TOKENS.tokens)[0];
  const { liquidityUsd: _l, ...market } = row.market as Record<string, unknown>;
  return { ...fx.STONK_TOKENS, tokens: [{ ...row, market }] };
})();

/** GET /api/tokens/{mint} built on the sparse row (upstreams.md `stonk_token`: market + launch record). */
export const TOKEN_DETAIL_SPARSE = { token: { ...TOKENS_SPARSE.tokens[0], launch: fx.TOKEN_DETAIL.token.launch }, network: 'mainnet-beta' };

/** GET /api/tokens with no row (upstreams.md `stonk_tokens`: `tokens[]` with pagination; a filter that matches nothing). */
export const TOKENS_EMPTY = { tokens: [], pagination: { page: 1, pageSize: 20, total: 0, totalPages: 0 }, network: 'mainnet-beta' };

/** The site's error body `{ "error": "<message>" }` (the shape the sandbox stand-in and the client's siteMessage read; upstreams.md names no other). */
export const SITE_ERROR = (message: string) => ({ error: message });
