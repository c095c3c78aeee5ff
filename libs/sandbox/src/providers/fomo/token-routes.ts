/**
 * Token-side FOMO routes, read across every tracked trader's book: tracked holders, the alert feed
 * (the ring of large buys and sells, alerts.ts), token boards, flow stats, and theses on a token or
 * across tokens (devs: dev-routes.ts; candles: candle-routes.ts).
 * Holders are the traders' open positions at the price now (the same figures as their balances);
 * alerts are their fills; flow stats and the board's volume are the market's, which include them.
 */
import type { Request } from 'express';
import type { Token } from '../../market';
import { round, unit } from '../../prng';
import { iso, qs } from '../../util';
import { amountAt, cents } from './accounting';
import { FOMO_CHAINS, fomoChain, type FomoChain, type FomoPosition } from './types';
import { badRequest, fail, intParam, nextCursor, ok, readCursor, type FomoAnswer } from './answers';
import { COST } from './credits';
import { commentsOf, thesesOf } from './social';
import { thesisView } from './views';
import { PriceBook, type FomoWorld } from './world';
import type { FomoAlertFeed } from './alerts';

const DAY_MS = 86_400_000;

type Route = (path: string, handler: (req: Request, t: number) => FomoAnswer) => void;

function allPositions(world: FomoWorld, t: number): FomoPosition[] {
  return world.population.traders.flatMap((u) => world.positions(u, t));
}

/** A token of the FOMO chains by address (on one chain when `networkId` is given). */
export function findToken(world: FomoWorld, address: string, networkId?: number): { token: Token; chain: FomoChain } | undefined {
  for (const c of FOMO_CHAINS) {
    if (networkId !== undefined && c.networkId !== networkId) continue;
    const token = world.market.tokenOn(world.market.chainByName(c.name)!, address);
    if (token) return { token, chain: c };
  }
  return undefined;
}

export function tokenRoutes(route: Route, getWorld: () => FomoWorld, getFeed: () => FomoAlertFeed): void {
  route('/token/:address/holders', (req, t) => {
    const world = getWorld();
    const found = findToken(world, String(req.params.address));
    if (!found) return fail(404, 'not_found', `no token ${String(req.params.address)}`);
    const prices = new PriceBook(world.market);
    // Captured balances: one row per trader, however many open positions hold the token.
    const byUser = new Map<number, { amount: number; valueUsd: number; price: number | null; tradeId: string; largest: number }>();
    for (const f of allPositions(world, t)
      .filter((p) => p.token === found.token)
      .map((p) => world.figures(p, t, prices))) {
      if (f.state.amount <= 0) continue;
      const row = byUser.get(f.position.user);
      if (!row) byUser.set(f.position.user, { amount: f.state.amount, valueUsd: f.valueUsd, price: f.price, tradeId: f.position.tradeId, largest: f.valueUsd });
      else {
        row.amount += f.state.amount;
        row.valueUsd += f.valueUsd;
        if (f.valueUsd > row.largest) [row.tradeId, row.largest] = [f.position.tradeId, f.valueUsd];
      }
    }
    const holders = [...byUser]
      .sort(([, a], [, b]) => b.valueUsd - a.valueUsd)
      .map(([user, r]) => {
        const u = world.population.users[user];
        return { userId: u.userId, handle: u.handle, tradeId: r.tradeId, amount: r.amount, valueUsd: cents(r.valueUsd), priceUsd: r.price };
      });
    return ok({ address: found.token.address, networkId: found.chain.networkId, capturedAt: iso(t), count: holders.length, holders }, COST.base);
  });

  route('/v2/alerts', (req, t) => {
    const type = qs(req, 'type');
    if (type && type !== 'buy' && type !== 'sell') return badRequest('type must be buy or sell');
    const chainQ = qs(req, 'chain');
    const chain = chainQ ? fomoChain(chainQ) : undefined;
    if (chainQ && !chain) return badRequest(`unknown chain ${chainQ}`);
    const sinceQ = qs(req, 'since');
    const since =
      sinceQ === undefined ? Number.NEGATIVE_INFINITY : /^\d+$/.test(sinceQ) ? Number(sinceQ) * (sinceQ.length <= 10 ? 1000 : 1) : Date.parse(sinceQ);
    if (sinceQ !== undefined && !Number.isFinite(since)) return badRequest('since must be an ISO date or a unix time');
    const limit = intParam(req, 'limit', 100, 1, 100);
    if (typeof limit === 'string') return badRequest(limit);
    const offset = readCursor(req);
    if (offset === null) return badRequest('invalid cursor');
    const token = qs(req, 'token')?.toLowerCase();
    const userId = qs(req, 'userId')?.toLowerCase();
    // The feed is a ring of the newest events: every filter reads within it, never past it.
    const alerts = getFeed()
      .ring(t)
      .filter(
        ({ at, body: a }) =>
          at >= since &&
          (!type || a.type === type) &&
          (!chain || a.chain === chain.slug) &&
          (!token || a.tokenAddress.toLowerCase() === token) &&
          (!userId || a.userId === userId),
      );
    const page = alerts.slice(offset, offset + limit);
    return ok({ count: page.length, alerts: page.map((a) => a.body), cursor: nextCursor(offset, page.length, alerts.length) }, 125);
  });

  route('/v2/leaderboard/tokens/:board', (req, t) => {
    const world = getWorld();
    const board = String(req.params.board);
    if (!['trending', 'most-held', 'graduated'].includes(board)) return fail(404, 'not_found', `unknown board ${board}`);
    const limit = intParam(req, 'limit', 100, 1, 100);
    if (typeof limit === 'string') return badRequest(limit);
    const buyers = new Map<Token, Set<number>>();
    // Tracked traders holding each token (a trader with two open positions counts once).
    const holders = new Map<Token, Set<number>>();
    for (const p of allPositions(world, t)) {
      if (p.events.some((e) => e.kind === 'buy' && e.at > t - DAY_MS && e.at <= t)) {
        let s = buyers.get(p.token);
        if (!s) buyers.set(p.token, (s = new Set()));
        s.add(p.user);
      }
      if (amountAt(p.events, t) > 0) {
        let s = holders.get(p.token);
        if (!s) holders.set(p.token, (s = new Set()));
        s.add(p.user);
      }
    }
    const chains = new Map(FOMO_CHAINS.map((c) => [c.name, c]));
    let tokens = world.market.tokens.filter((tk) => chains.has(tk.chain.name) && world.market.tokenPrice(tk, t) !== null);
    if (board === 'graduated') tokens = tokens.filter((tk) => tk.launchpad === 'pump.fun');
    const score = (tk: Token) => (board === 'most-held' ? (holders.get(tk)?.size ?? 0) : (buyers.get(tk)?.size ?? 0));
    tokens = tokens.filter((tk) => score(tk) > 0 || board === 'graduated').sort((a, b) => score(b) - score(a) || a.symbol.localeCompare(b.symbol));
    if (board === 'most-held') tokens = tokens.slice(0, 25);
    const rows = tokens.slice(0, limit).map((tk, i) => {
      const price = world.market.tokenPrice(tk, t)!;
      const c = chains.get(tk.chain.name)!;
      return {
        rank: i + 1,
        token: { name: tk.name, symbol: tk.symbol, address: tk.address, networkId: c.networkId },
        network: c.slug,
        fomoBuyers: buyers.get(tk)?.size ?? 0,
        holders: board === 'most-held' ? null : world.market.holderCount(tk, t),
        priceUsd: price,
        change24h: world.market.priceChangePct(tk.asset, DAY_MS, t),
        marketCapUsd: cents(price * tk.circSupply),
        volume24hUsd: world.market.volume(tk, DAY_MS, t),
      };
    });
    return ok({ board, source: 'fomo-live', capturedAt: iso(t), stale: false, ageHours: 0, count: rows.length, tokens: rows, available: true }, COST.base);
  });

  route('/v2/token/:address/stats', (req, t) => {
    const world = getWorld();
    const found = findToken(world, String(req.params.address));
    if (!found) return fail(404, 'not_found', `no token ${String(req.params.address)}`);
    const { token } = found;
    const windows: Record<string, unknown> = {};
    for (const [name, ms] of [
      ['5m', 300_000],
      ['1h', 3_600_000],
      ['4h', 4 * 3_600_000],
      ['24h', DAY_MS],
    ] as const) {
      // The rest of the market's swaps, split by a drawn buy share, and the tracked traders' own.
      const rest = world.market.untrackedVolume(token, ms, t);
      const buyShare = 0.44 + 0.12 * unit(world.market.seed, token.key, Math.floor(t / ms));
      const restBuy = round(rest * buyShare, 2);
      const restSell = round(rest - restBuy, 2);
      const avg = token.verified ? 900 : 140;
      const restBuys = Math.round(restBuy / avg);
      const restSells = Math.round(restSell / avg);
      const tracked = world.market.trackedFlow(token, t - ms, t);
      const buy = round(restBuy + tracked.buyUsd, 2);
      const sell = round(restSell + tracked.sellUsd, 2);
      const buys = restBuys + tracked.buys;
      const sells = restSells + tracked.sells;
      // Volumes as decimal strings, as upstream sends them.
      windows[name] = {
        buys,
        sells,
        uniqueBuyers: Math.round(restBuys * 0.4) + tracked.buyers,
        uniqueSellers: Math.round(restSells * 0.4) + tracked.sellers,
        buyVolumeUsd: buy.toFixed(2),
        sellVolumeUsd: sell.toFixed(2),
        netVolumeUsd: (buy - sell).toFixed(2),
        buySellRatio: sells ? round(buys / sells, 3) : null,
      };
    }
    return ok(
      {
        address: token.address,
        networkId: found.chain.networkId,
        priceUsd: world.market.tokenPrice(token, t),
        holders: world.market.holderCount(token, t),
        top10HoldersPercent: token.topHoldersPercentage,
        windows,
      },
      COST.base,
    );
  });

  const thesesAcross = (req: Request, t: number, filter: (p: FomoPosition) => boolean): FomoAnswer => {
    const world = getWorld();
    const sort = qs(req, 'sort') ?? 'recent';
    if (!['recent', 'likes', 'pnl', 'equity'].includes(sort)) return badRequest('sort must be recent, likes, pnl or equity');
    const limit = intParam(req, 'limit', 95, 1, 100);
    if (typeof limit === 'string') return badRequest(limit);
    const offset = readCursor(req);
    if (offset === null) return badRequest('invalid cursor');
    const seed = world.market.seed;
    const prices = new PriceBook(world.market);
    const rows = thesesOf(allPositions(world, t).filter(filter), t, seed).map((th) =>
      thesisView(world, th, world.figures(th.position, t, prices), commentsOf(th.position, t, seed, world.population).length),
    );
    const key = (r: (typeof rows)[number]) =>
      sort === 'likes' ? r.likes : sort === 'pnl' ? r.realizedPnlUsd + r.unrealizedPnlUsd : sort === 'equity' ? r.equity : Date.parse(r.ts);
    rows.sort((a, b) => key(b) - key(a) || (a.thesisId < b.thesisId ? -1 : 1));
    const page = rows.slice(offset, offset + limit);
    return ok({ count: rows.length, theses: page, cursor: nextCursor(offset, page.length, rows.length) }, COST.thesis);
  };
  const NETWORKS: Record<string, string> = { sol: 'solana', bnb: 'bsc', base: 'base', eth: 'ethereum' };
  route('/v2/thesis', (req, t) => {
    const chainQ = qs(req, 'chain');
    const chain = chainQ ? fomoChain(chainQ) : undefined;
    if (chainQ && !chain) return badRequest(`unknown chain ${chainQ}`);
    return thesesAcross(req, t, (p) => !chain || p.chain === chain);
  });
  route('/v2/thesis/token/:address', (req, t) => {
    if (!findToken(getWorld(), String(req.params.address))) return fail(404, 'not_found', `no token ${String(req.params.address)}`);
    const address = String(req.params.address).toLowerCase();
    const net = qs(req, 'network');
    if (net && !NETWORKS[net]) return badRequest('network must be sol, bnb, base or eth');
    return thesesAcross(req, t, (p) => p.token.address.toLowerCase() === address && (!net || p.chain.slug === NETWORKS[net]));
  });
}
