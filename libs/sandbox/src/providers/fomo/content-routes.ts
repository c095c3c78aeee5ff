/**
 * Routes about content rather than one trader's book: search (traders and tokens, and tokens
 * alone), theses, one trade in full, and its comment thread.
 */
import type { Request } from 'express';
import type { Token } from '../../market';
import { iso, qs } from '../../util';
import { cents } from './accounting';
import { FOMO_CHAINS, fomoChain } from './types';
import { badRequest, fail, intParam, nextCursor, ok, readCursor, type FomoAnswer } from './answers';
import { COST } from './credits';
import { commentsOf, thesesOf, thesisOf } from './social';
import { commentView, positionRow, swapRow, thesisView, transferRow, wallets } from './views';
import { PriceBook, type FomoWorld } from './world';

export function searchAnswer(req: Request, t: number, world: FomoWorld): FomoAnswer {
  const q = (qs(req, 'q') ?? '').trim().replace(/^@/, '').toLowerCase();
  if (!q) return badRequest('q is required');
  const type = qs(req, 'type') ?? 'all';
  if (!['traders', 'tokens', 'all'].includes(type)) return badRequest('type must be traders, tokens or all');
  const limit = intParam(req, 'limit', 20, 1, 100);
  if (typeof limit === 'string') return badRequest(limit);
  const body: Record<string, unknown> = { query: q, type };
  if (type !== 'tokens') {
    const hits = world.population.users
      .filter((u) => u.handle.toLowerCase().includes(q) || u.displayName.toLowerCase().includes(q))
      // Exact handle first, then the most followed.
      .sort(
        (a, b) =>
          Number(b.handle.toLowerCase() === q) - Number(a.handle.toLowerCase() === q) || world.followerCount(b) - world.followerCount(a) || a.index - b.index,
      )
      .slice(0, limit);
    body.traders = hits.map((u) => {
      const s = world.stats(u, t);
      return {
        userId: u.userId,
        handle: u.handle,
        displayName: u.displayName,
        imageUrl: u.imageUrl,
        verified: u.verified,
        followers: world.followerCount(u),
        pnlUsd: cents(s.windows.all.pnlUsd),
        volumeUsd: cents(s.windows.all.volumeUsd),
        trades: s.windows.all.trades,
        wallets: wallets(u),
        // The account's creation, as on every other user listing (the peer's search-based reports carry it).
        createdAt: iso(u.createdAt),
      };
    });
  }
  if (type !== 'traders') {
    const chains = new Map(FOMO_CHAINS.map((c) => [c.name, c]));
    const hits = world.market.tokens
      .filter((tk) => chains.has(tk.chain.name) && (tk.symbol.toLowerCase() === q || tk.name.toLowerCase().includes(q) || tk.address.toLowerCase() === q))
      .slice(0, limit);
    body.tokens = hits.map((tk) => {
      const price = world.market.tokenPrice(tk, t);
      const chain = chains.get(tk.chain.name)!;
      return {
        address: tk.address,
        name: tk.name,
        symbol: tk.symbol,
        networkId: chain.networkId,
        chain: chain.slug,
        priceUsd: price,
        marketCapUsd: price === null ? null : cents(price * tk.circSupply),
        imageUrl: tk.logo,
      };
    });
  }
  return ok(body, COST.base);
}

const TOKEN_SEARCH_SIZE = 20;

/**
 * GET /v2/tokens/search?q=: tokens of the FOMO chains by exact address, symbol or name (contains,
 * any case). Best match first: exact address, exact symbol, symbol prefix, then any other match;
 * ties by market cap, largest first.
 */
export function tokenSearchAnswer(req: Request, t: number, world: FomoWorld): FomoAnswer {
  const q = (qs(req, 'q') ?? '').trim().replace(/^\$/, '').toLowerCase();
  if (!q) return badRequest('q is required');
  const chains = new Map(FOMO_CHAINS.map((c) => [c.name, c]));
  const rank = (tk: Token) => {
    const symbol = tk.symbol.toLowerCase();
    if (tk.address.toLowerCase() === q) return 0;
    if (symbol === q) return 1;
    if (symbol.startsWith(q)) return 2;
    return symbol.includes(q) || tk.name.toLowerCase().includes(q) ? 3 : -1;
  };
  const rows = world.market.tokens
    .filter((tk) => chains.has(tk.chain.name))
    .map((tk) => {
      const price = world.market.tokenPrice(tk, t);
      return { tk, rank: rank(tk), price, cap: price === null ? null : cents(price * tk.circSupply) };
    })
    .filter((r) => r.rank >= 0)
    .sort((a, b) => a.rank - b.rank || (b.cap ?? -1) - (a.cap ?? -1) || a.tk.symbol.localeCompare(b.tk.symbol))
    .slice(0, TOKEN_SEARCH_SIZE)
    .map(({ tk, price, cap }) => {
      const chain = chains.get(tk.chain.name)!;
      return {
        address: tk.address,
        name: tk.name,
        symbol: tk.symbol,
        networkId: chain.networkId,
        network: chain.slug,
        priceUsd: price,
        marketCapUsd: cap,
        imageUrl: tk.logo,
      };
    });
  return ok({ query: q, count: rows.length, results: rows }, COST.base);
}

const THESIS_SORTS = ['recent', 'likes', 'equity', 'pnl'] as const;

export function thesisAnswer(req: Request, t: number, world: FomoWorld, token: string | null): FomoAnswer {
  const u = world.resolve(String(req.params.id));
  if (!u) return fail(404, 'not_found', `no trader ${String(req.params.id)}`);
  const sort = (qs(req, 'sort') ?? 'recent') as (typeof THESIS_SORTS)[number];
  if (!THESIS_SORTS.includes(sort)) return badRequest(`sort must be one of ${THESIS_SORTS.join(', ')}`);
  const limit = intParam(req, 'limit', 50, 1, 100);
  if (typeof limit === 'string') return badRequest(limit);
  const offset = readCursor(req);
  if (offset === null) return badRequest('invalid cursor');
  const seed = world.market.seed;
  const prices = new PriceBook(world.market);
  const chainQ = qs(req, 'chain');
  const chain = chainQ ? fomoChain(chainQ) : undefined;
  if (chainQ && !chain) return badRequest(`unknown chain ${chainQ}`);
  const positions = world.positions(u, t).filter((p) => (!token || p.token.address.toLowerCase() === token.toLowerCase()) && (!chain || p.chain === chain));
  const rows = thesesOf(positions, t, seed).map((th) => {
    const f = world.figures(th.position, t, prices);
    return thesisView(world, th, f, commentsOf(th.position, t, seed, world.population).length);
  });
  const key: Record<typeof sort, (r: (typeof rows)[number]) => number> = {
    recent: (r) => Date.parse(r.createdAt),
    likes: (r) => r.likes,
    equity: (r) => r.equity,
    pnl: (r) => r.realizedPnlUsd + r.unrealizedPnlUsd,
  };
  rows.sort((a, b) => key[sort](b) - key[sort](a) || (a.thesisId < b.thesisId ? -1 : 1));
  const page = rows.slice(offset, offset + limit);
  return ok({ userId: u.userId, handle: u.handle, count: rows.length, theses: page, cursor: nextCursor(offset, page.length, rows.length) }, COST.thesis);
}

export function tradeAnswer(req: Request, t: number, world: FomoWorld): FomoAnswer {
  const p = world.activity.trade(String(req.params.tradeId), t);
  if (!p) return fail(404, 'not_found', `no trade ${String(req.params.tradeId)}`);
  const u = world.population.users[p.user];
  const f = world.figures(p, t, new PriceBook(world.market));
  const seen = p.events.filter((e) => e.at <= t);
  const th = thesisOf(p, t, world.market.seed);
  return ok(
    {
      ...positionRow(f),
      userId: u.userId,
      handle: u.handle,
      source: 'live',
      liquidityUsd: world.market.liquidity(p.token, t),
      swaps: seen.filter((e) => e.kind === 'buy' || e.kind === 'sell').map((e) => swapRow(world, p, e, t, false)),
      transfers: seen.filter((e) => e.kind === 'transferIn' || e.kind === 'transferOut').map((e) => transferRow(world, p, e)),
      thesis: th ? { thesisId: th.thesisId, text: th.text, likes: th.likes, ts: iso(th.at) } : null,
      capturedAt: iso(t),
    },
    COST.base,
  );
}

export function commentsAnswer(req: Request, t: number, world: FomoWorld): FomoAnswer {
  const p = world.activity.trade(String(req.params.tradeId), t);
  if (!p) return fail(404, 'not_found', `no trade ${String(req.params.tradeId)}`);
  const limit = intParam(req, 'limit', 50, 1, 200);
  if (typeof limit === 'string') return badRequest(limit);
  const seed = world.market.seed;
  // Did the trader write about this token before or after this trade's thesis?
  const mine = thesisOf(p, t, seed);
  const same = thesesOf(
    world.positions(world.population.users[p.user], t).filter((q) => q.token === p.token && q !== p),
    t,
    seed,
  );
  const pivot = mine?.at ?? p.events[0].at;
  const older = same.filter((s) => s.at < pivot).length;
  const newer = same.length - older;
  const all = commentsOf(p, t, seed, world.population);
  return ok(
    {
      tradeId: p.tradeId,
      count: all.length,
      olderThesisCount: older,
      newerThesisCount: newer,
      comments: all.slice(0, limit).map((c) => commentView(world, c, older, newer)),
    },
    COST.base,
  );
}
