/**
 * /v2/users routes: profile by handle or id, positions, swaps, balances, following, followers,
 * spotlight. A trader in RESOLVING_TRADER_INDICES answers 409 resolving the first time any of
 * these routes names them (credits.ts).
 */
import type { Request } from 'express';
import { qs } from '../../util';
import { cents } from './accounting';
import { fomoChain, type FomoPosition } from './types';
import { badRequest, fail, intParam, nextCursor, ok, readCursor, type FomoAnswer } from './answers';
import { COST, type FomoCredits } from './credits';
import type { FomoUser } from './population';
import { commentsOf, thesisOf } from './social';
import { positionRow, profile, swapRow, thesisView, tokenRef, userSummary } from './views';
import { PriceBook, type FomoWorld } from './world';

type Route = (path: string, handler: (req: Request, t: number) => FomoAnswer) => void;

const CLOSED_PAGE = 25;
const SWAPS_PAGE = 100;
const BALANCES_CAP = 100;
const FOLLOWERS_CAP = 200;

export function userRoutes(route: Route, getWorld: () => FomoWorld, credits: FomoCredits): void {
  /** Resolves the path's user, or the answer to send instead (404, 409 resolving). */
  const withUser = (raw: string, missCost: number, fn: (u: FomoUser) => FomoAnswer): FomoAnswer => {
    const u = getWorld().resolve(raw);
    if (!u) return fail(404, 'not_found', `no trader ${raw}`, missCost);
    if (credits.stillResolving(u.index))
      return { status: 409, body: { error: 'resolving', retryable: true, message: `loading ${u.handle}; retry in a few seconds` }, cost: 0 };
    return fn(u);
  };
  const prof = (req: Request, t: number, param: string) =>
    withUser(String(req.params[param]), COST.profileMiss, (u) => ok(profile(getWorld(), u, t), COST.profile));

  route('/v2/users/id/:userId', (req, t) => prof(req, t, 'userId'));
  route('/v2/users/:handle', (req, t) => prof(req, t, 'handle'));

  route('/v2/users/:userId/positions', (req, t) =>
    withUser(String(req.params.userId), 0, (u) => {
      const status = qs(req, 'status') ?? 'all';
      if (!['open', 'closed', 'all'].includes(status)) return badRequest('status must be open, closed or all');
      // Upstream serves at most 25 closed rows per page whatever the limit asked.
      const asked = intParam(req, 'limit', CLOSED_PAGE, 1, 1000);
      if (typeof asked === 'string') return badRequest(asked);
      const limit = Math.min(asked, CLOSED_PAGE);
      const offset = readCursor(req);
      if (offset === null) return badRequest('invalid cursor');
      const prices = new PriceBook(getWorld().market);
      const figs = getWorld()
        .positions(u, t)
        .map((p) => getWorld().figures(p, t, prices));
      const open = figs.filter((f) => f.state.amount > 0).sort((a, b) => b.valueUsd - a.valueUsd);
      const closed = figs
        .filter((f) => f.state.amount === 0)
        .sort((a, b) => (b.state.closedAt ?? 0) - (a.state.closedAt ?? 0) || (a.position.tradeId < b.position.tradeId ? -1 : 1));
      // Every open position on the first page; closed ones 25 at a time, newest first.
      const closedPage = status === 'open' ? [] : closed.slice(offset, offset + limit);
      const rows = [...(status !== 'closed' && offset === 0 ? open : []), ...closedPage];
      const cursor = status === 'open' ? null : nextCursor(offset, closedPage.length, closed.length);
      return ok({ userId: u.userId, status, trades: rows.map(positionRow), cursor, openTotal: open.length, closedTotal: closed.length }, COST.base);
    }),
  );

  route('/v2/users/:userId/swaps', (req, t) =>
    withUser(String(req.params.userId), 0, (u) => {
      const asked = intParam(req, 'limit', SWAPS_PAGE, 1, 1000);
      if (typeof asked === 'string') return badRequest(asked);
      const limit = Math.min(asked, SWAPS_PAGE);
      const offset = readCursor(req);
      if (offset === null) return badRequest('invalid cursor');
      const token = qs(req, 'tokenAddress');
      const relay = qs(req, 'source') === 'relay';
      const fills: { p: FomoPosition; e: FomoPosition['events'][number] }[] = [];
      for (const p of getWorld().positions(u, t)) {
        if (token && p.token.address.toLowerCase() !== token.toLowerCase()) continue;
        for (const e of p.events) if (e.at <= t && (e.kind === 'buy' || e.kind === 'sell')) fills.push({ p, e });
      }
      fills.sort((a, b) => b.e.at - a.e.at || (a.p.tradeId < b.p.tradeId ? -1 : 1) || b.e.seq - a.e.seq);
      const page = fills.slice(offset, offset + limit);
      const cursor = nextCursor(offset, page.length, fills.length);
      return ok(
        {
          userId: u.userId,
          source: relay ? 'relay' : 'fomo',
          swaps: page.map(({ p, e }) => swapRow(getWorld(), p, e, t, relay)),
          cursor,
          complete: cursor === null,
          total: fills.length,
        },
        COST.base,
      );
    }),
  );

  route('/v2/users/:userId/balances', (req, t) =>
    withUser(String(req.params.userId), 0, (u) => {
      const chainQ = qs(req, 'chain');
      const chain = chainQ ? fomoChain(chainQ) : undefined;
      if (chainQ && !chain) return badRequest(`unknown chain ${chainQ}`);
      const open = getWorld()
        .stats(u, t)
        .open.filter((f) => !chain || f.position.chain.slug === chain.slug);
      const shown = open.slice(0, BALANCES_CAP);
      const byChain: Record<string, { holdings: number; valueUsd: number }> = {};
      const holdings = shown.map((f) => {
        const c = (byChain[f.position.chain.slug] ??= { holdings: 0, valueUsd: 0 });
        c.holdings++;
        c.valueUsd = cents(c.valueUsd + cents(f.valueUsd));
        return {
          tradeId: f.position.tradeId,
          token: tokenRef(f.position.token, f.position.chain),
          chain: f.position.chain.slug,
          networkId: f.position.chain.networkId,
          amount: f.state.amount,
          priceUsd: f.price,
          valueUsd: cents(f.valueUsd),
          change24h: getWorld().market.priceChangePct(f.position.token.asset, 86_400_000, t),
        };
      });
      // A floor when capped, as upstream: the sum of the holdings listed.
      const totalValueUsd = cents(holdings.reduce((a, h) => a + h.valueUsd, 0));
      return ok(
        { userId: u.userId, chain: chain?.slug ?? null, count: holdings.length, capped: open.length > shown.length, totalValueUsd, byChain, holdings },
        COST.base,
      );
    }),
  );

  route('/v2/users/:userId/following', (req, t) =>
    withUser(String(req.params.userId), 0, (u) => {
      const limit = intParam(req, 'limit', 300, 1, 300);
      if (typeof limit === 'string') return badRequest(limit);
      const list = getWorld().population.following[u.index];
      const rows = [...list.slice(0, limit)].map((i) => userSummary(getWorld(), getWorld().population.users[i], t));
      return ok({ userId: u.userId, total: list.length, sourceCapped: false, users: rows }, COST.base);
    }),
  );

  route('/v2/users/:userId/followers', (req, t) =>
    withUser(String(req.params.userId), 0, (u) => {
      const limit = intParam(req, 'limit', FOLLOWERS_CAP, 1, FOLLOWERS_CAP);
      if (typeof limit === 'string') return badRequest(limit);
      const list = getWorld().population.followers[u.index];
      const rows = [...list.slice(0, limit)].map((i) => userSummary(getWorld(), getWorld().population.users[i], t));
      return ok({ userId: u.userId, total: list.length, sourceCapped: list.length > FOLLOWERS_CAP, users: rows }, COST.base);
    }),
  );

  route('/v2/users/:userId/spotlight', (req, t) =>
    withUser(String(req.params.userId), 0, (u) => {
      const prices = new PriceBook(getWorld().market);
      const seed = getWorld().market.seed;
      const figs = getWorld()
        .positions(u, t)
        .map((p) => getWorld().figures(p, t, prices));
      const pnl = (f: (typeof figs)[number]) => f.state.realizedPnlUsd + f.unrealizedPnlUsd;
      const bestTrades = [...figs]
        .sort((a, b) => pnl(b) - pnl(a))
        .slice(0, 5)
        .map((f) => {
          const th = thesisOf(f.position, t, seed);
          const row = positionRow(f);
          return {
            ...row,
            openedAt: row.createdAt,
            pnlUsd: cents(pnl(f)),
            thesis: th ? { thesisId: th.thesisId, text: th.text, likes: th.likes, ts: new Date(th.at).toISOString() } : null,
          };
        });
      const theses = figs.flatMap((f) => {
        const th = thesisOf(f.position, t, seed);
        return th ? [{ th, f }] : [];
      });
      const bestTheses = theses
        .sort((a, b) => b.th.likes - a.th.likes || b.th.at - a.th.at)
        .slice(0, 5)
        .map(({ th, f }) => thesisView(getWorld(), th, f, commentsOf(f.position, t, seed, getWorld().population).length));
      return ok({ userId: u.userId, handle: u.handle, bestTrades, bestTheses }, COST.base);
    }),
  );
}
