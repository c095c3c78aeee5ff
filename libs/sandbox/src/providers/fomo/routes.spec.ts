/**
 * The FOMO stand-in's contract: auth, credit headers and budgets (402), unknown things (404), the
 * resolving state (409 then 200), bounds, paging, fault injection, and a world that is a pure
 * function of the seed and the clock.
 */
import request from 'supertest';
import { fixedSandbox, NOW, BASE58_ADDRESS, EVM_ADDRESS } from '../../test/helpers';
import { createSandbox, SANDBOX_KEYS } from '../../server';
import { fomoFixtures } from './fixtures';
import { TRADER_COUNT } from './population';

type Json = Record<string, any>;
const KEY = SANDBOX_KEYS.fomo;
// Drawn ids are version 4; the peer's named traders keep their captured ids (version 5).
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[45][0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

describe('FOMO stand-in: routes and contract', () => {
  const sb = fixedSandbox();
  const fx = fomoFixtures(sb.fomo.world);
  const get = (path: string, key: string | null = KEY) => {
    const r = request(sb.app).get(`/fomo${path}`);
    return key === null ? r : r.set('authorization', `Bearer ${key}`);
  };
  beforeEach(() => {
    sb.fomo.credits.reset();
    sb.control.reset();
    sb.clockRef.t = NOW;
  });

  describe('auth and credits', () => {
    it('401 without a key or with an unknown one, and nothing is charged', async () => {
      for (const key of [null, 'nope']) {
        const res = await get('/v2/leaderboard/7d', key);
        expect(res.status).toBe(401);
        expect(res.body).toEqual({ error: 'unauthorized', message: expect.any(String) });
      }
      expect(sb.fomo.credits.remaining(KEY)).toBe(2_500_000);
    });

    it('every answer carries x-credits-cost and x-credits-remaining, at the §2.1 costs', async () => {
      const t = fx.traders[0];
      const cases: [string, number][] = [
        ['/v2/me', 0],
        ['/v2/leaderboard/24h', 250],
        [`/v2/users/${t.handle}`, 2500],
        [`/v2/users/id/${t.userId}`, 2500],
        [`/v2/users/${t.userId}/positions`, 250],
        [`/v2/users/${t.userId}/swaps`, 250],
        [`/v2/users/${t.userId}/balances`, 250],
        [`/v2/users/${t.userId}/following`, 250],
        [`/v2/users/${t.userId}/followers`, 250],
        [`/v2/users/${t.userId}/spotlight`, 250],
        ['/v2/search?q=a', 250],
        [`/v2/thesis/user/${t.userId}`, 1250],
        ['/v2/users/no-such-handle-xyz', 250],
        ['/v2/alerts', 125],
        ['/v2/leaderboard/tokens/trending', 250],
        ['/v2/thesis?chain=solana', 1250],
        ['/v2/trades/00000000-0000-4000-8000-000000000000', 0],
      ];
      let remaining = 2_500_000;
      for (const [path, cost] of cases) {
        const res = await get(path);
        remaining -= cost;
        expect([path, res.headers['x-credits-cost']]).toEqual([path, String(cost)]);
        expect([path, res.headers['x-credits-remaining']]).toEqual([path, String(remaining)]);
      }
      const me = await get('/v2/me');
      expect(me.body).toEqual({
        plan: 'starter',
        credits: { monthly: 2_500_000, usedThisMonth: 2_500_000 - remaining, prepaid: 0, remaining },
        streams: { appFeed: true, onChain: false },
      });
    });

    it('402 credits_exhausted when the key cannot afford the call (nothing charged); cheaper calls still pass', async () => {
      sb.fomo.credits.setRemaining(KEY, 1000);
      const profile = await get(`/v2/users/${fx.traders[1].handle}`);
      expect(profile.status).toBe(402);
      expect(profile.body).toEqual({
        error: 'credits_exhausted',
        plan: 'starter',
        remaining: 1000,
        message: expect.any(String),
        upgradeUrl: expect.any(String),
      });
      expect(profile.headers['x-credits-remaining']).toBe('1000');
      const board = await get('/v2/leaderboard/7d');
      expect(board.status).toBe(200);
      expect(board.headers['x-credits-remaining']).toBe('750');
    });

    it('the control API sets what is left on a key', async () => {
      const res = await request(sb.app).post('/__control/fomo/credits').send({ key: KEY, remaining: 100 });
      expect(res.body).toEqual({ key: KEY, remaining: 100 });
      expect((await get('/v2/leaderboard/all')).status).toBe(402);
      expect((await request(sb.app).post('/__control/fomo/credits').send({ key: 'nope', remaining: 1 })).status).toBe(400);
    });
  });

  describe('not found, resolving, bounds', () => {
    it('404 for an unknown handle, user id, trade and window', async () => {
      for (const path of [
        '/v2/users/nobody_here_123',
        '/v2/users/id/00000000-0000-4000-8000-000000000000',
        '/v2/users/00000000-0000-4000-8000-000000000000/positions',
        '/v2/trades/nope',
        '/v2/trades/nope/comments',
        '/v2/thesis/user/nobody_here_123',
        '/v2/leaderboard/1y',
      ]) {
        const res = await get(path);
        expect([path, res.status]).toEqual([path, 404]);
        expect(res.body.error).toBe('not_found');
      }
    });

    it('a resolving trader answers 409 {error:"resolving", retryable:true} once, free, then answers', async () => {
      for (const r of fx.resolving) {
        const first = await get(`/v2/users/${r.userId}/swaps`);
        expect(first.status).toBe(409);
        expect(first.body).toMatchObject({ error: 'resolving', retryable: true });
        expect(first.headers['x-credits-cost']).toBe('0');
        expect((await get(`/v2/users/${r.handle}`)).status).toBe(200);
      }
      // An ordinary trader never resolves.
      expect((await get(`/v2/users/${fx.traders[0].handle}`)).status).toBe(200);
    });

    it('handles resolve case-insensitively, with or without @', async () => {
      const h = fx.traders[2].handle;
      for (const v of [h, h.toUpperCase(), `@${h.toLowerCase()}`])
        expect((await get(`/v2/users/${encodeURIComponent(v)}`)).body.userId).toBe(fx.traders[2].userId);
    });

    it('leaderboard limit is 1..150 (1..100 on all); past it 400', async () => {
      expect((await get('/v2/leaderboard/24h?limit=150')).body.traders).toHaveLength(150);
      expect((await get('/v2/leaderboard/30d?limit=1')).body.traders).toHaveLength(1);
      for (const path of ['/v2/leaderboard/24h?limit=151', '/v2/leaderboard/all?limit=101', '/v2/leaderboard/7d?limit=0', '/v2/leaderboard/7d?limit=x']) {
        const res = await get(path);
        expect([path, res.status]).toEqual([path, 400]);
        expect(res.headers['x-credits-cost']).toBe('0');
      }
      expect((await get('/v2/leaderboard/all?limit=100')).body.traders).toHaveLength(100);
    });
  });

  describe('shapes and paging', () => {
    it('leaderboard rows carry the documented fields', async () => {
      const res = await get('/v2/leaderboard/7d?limit=20');
      expect(res.body).toMatchObject({ window: '7d', source: 'fomo-live', capturedAt: new Date(NOW).toISOString() });
      for (const r of res.body.traders as Json[]) {
        expect(r).toEqual(
          expect.objectContaining({
            rank: expect.any(Number),
            handle: expect.any(String),
            userId: expect.stringMatching(UUID),
            pnlUsd: expect.any(Number),
            volumeUsd: expect.any(Number),
            trades: expect.any(Number),
            followers: expect.any(Number),
            holdings: expect.any(Number),
            following: expect.any(Number),
            verified: expect.any(Boolean),
            topTokens: expect.any(Array),
          }),
        );
        expect(r.wallets.solana).toMatch(BASE58_ADDRESS);
        expect(r.wallets.evm).toMatch(EVM_ADDRESS);
        for (const k of ['clan', 'twitter', 'description']) expect(r[k] === null || typeof r[k] === 'string').toBe(true);
      }
    });

    it('positions, swaps, balances and trade detail carry the fields upstreams.md §2.1 documents', async () => {
      const id = fx.traders[0].userId;
      const pos = (await get(`/v2/users/${id}/positions?status=all`)).body as Json;
      expect(Object.keys(pos)).toEqual(expect.arrayContaining(['trades', 'cursor']));
      const documented = [
        'tradeId',
        'status',
        'token',
        'chain',
        'amount',
        'costBasisUsd',
        'avgEntryPrice',
        'avgExitPrice',
        'priceUsd',
        'realizedPnlUsd',
        'unrealizedPnlUsd',
        'createdAt',
        'closedAt',
      ];
      for (const p of pos.trades as Json[]) {
        expect(Object.keys(p)).toEqual(expect.arrayContaining(documented));
        expect(typeof p.token.address).toBe('string');
      }
      const swap = ((await get(`/v2/users/${id}/swaps`)).body.swaps as Json[])[0];
      expect(Object.keys(swap)).toEqual(
        expect.arrayContaining(['swapId', 'chain', 'tokenIn', 'tokenOut', 'tradeIdIn', 'tradeIdOut', 'humanUsdAmountIn', 'at']),
      );
      expect(Object.keys(swap.tokenIn)).toEqual(expect.arrayContaining(['address', 'amount', 'usd']));
      const bal = (await get(`/v2/users/${id}/balances`)).body as Json;
      expect(Object.keys(bal.holdings[0])).toEqual(expect.arrayContaining(['token', 'chain', 'amount', 'priceUsd', 'valueUsd', 'change24h']));
      const detail = (await get(`/v2/trades/${(pos.trades as Json[])[0].tradeId}`)).body as Json;
      expect(Object.keys(detail)).toEqual(
        expect.arrayContaining([
          'swaps',
          'transfers',
          'avgEntryPrice',
          'avgExitPrice',
          'realizedPnlUsd',
          'isDev',
          'createdAt',
          'source',
          'priceUsd',
          'liquidityUsd',
          'status',
          'thesis',
        ]),
      );
      expect(detail.source).toBe('live');
    });

    it('positions: every open one on the first page, closed ones 25 a page newest first, cursor until the end', async () => {
      const id = fx.traders[0].userId;
      const first = await get(`/v2/users/${id}/positions?status=all&cursor=start`);
      const open = first.body.trades.filter((p: Json) => p.status === 'open');
      expect(open).toHaveLength(first.body.openTotal);
      let closed = first.body.trades.filter((p: Json) => p.status === 'closed');
      expect(closed.length).toBeLessThanOrEqual(25);
      let cursor = first.body.cursor;
      while (cursor) {
        const page = await get(`/v2/users/${id}/positions?status=all&cursor=${cursor}`);
        expect(page.body.trades.every((p: Json) => p.status === 'closed')).toBe(true);
        closed = closed.concat(page.body.trades);
        cursor = page.body.cursor;
      }
      expect(closed).toHaveLength(first.body.closedTotal);
      expect(new Set(closed.map((p: Json) => p.tradeId)).size).toBe(closed.length);
      for (let i = 1; i < closed.length; i++) expect(Date.parse(closed[i - 1].closedAt)).toBeGreaterThanOrEqual(Date.parse(closed[i].closedAt));
      expect((await get(`/v2/users/${id}/positions?status=open`)).body.trades).toHaveLength(open.length);
      expect((await get(`/v2/users/${id}/positions?cursor=garbage`)).status).toBe(400);
    });

    it('swaps: 100 a page newest first; tokenAddress narrows; source=relay adds usdNow', async () => {
      const id = fx.traders[0].userId;
      const page = await get(`/v2/users/${id}/swaps`);
      expect(page.body.swaps.length).toBeLessThanOrEqual(100);
      const times = page.body.swaps.map((s: Json) => Date.parse(s.at));
      expect([...times].sort((a, b) => b - a)).toEqual(times);
      const s0 = page.body.swaps[0] as Json;
      expect(s0.humanUsdAmountIn).toBe(s0.tokenIn.usd);
      const token = s0.side === 'buy' ? s0.tokenOut.address : s0.tokenIn.address;
      const narrowed = await get(`/v2/users/${id}/swaps?tokenAddress=${token}`);
      expect(narrowed.body.swaps.every((s: Json) => s.tokenIn.address === token || s.tokenOut.address === token)).toBe(true);
      const relay = await get(`/v2/users/${id}/swaps?source=relay&limit=5`);
      expect(relay.body.swaps[0].tokenIn.usdNow).toEqual(expect.any(Number));
    });

    it('theses and comment threads: likes, replies that point at earlier comments, counts that match', async () => {
      let threads = 0;
      for (const t of fx.traders) {
        const theses = await get(`/v2/thesis/user/${t.userId}?sort=likes`);
        expect(theses.status).toBe(200);
        for (let i = 1; i < theses.body.theses.length; i++) expect(theses.body.theses[i - 1].likes).toBeGreaterThanOrEqual(theses.body.theses[i].likes);
        for (const th of (theses.body.theses as Json[]).slice(0, 3)) {
          // Whether the call made money is its position's PnL.
          const trade = (await get(`/v2/trades/${th.tradeId}`)).body as Json;
          expect(th.pnlUsd).toBeCloseTo(trade.realizedPnlUsd + trade.unrealizedPnlUsd, 1);
          expect(trade.thesis).toMatchObject({ thesisId: th.thesisId, text: th.text, likes: th.likes });
          const c = await get(`/v2/trades/${th.tradeId}/comments?limit=200`);
          expect(c.body.comments).toHaveLength(th.replies);
          const ids = new Set<string>();
          for (const cm of c.body.comments as Json[]) {
            expect(cm.isReply).toBe(cm.parentId !== null);
            if (cm.parentId) expect(ids.has(cm.parentId)).toBe(true);
            ids.add(cm.commentId);
          }
          threads++;
        }
      }
      expect(threads).toBeGreaterThan(3);
    });

    it('search finds traders by handle (exact first) and tokens by symbol', async () => {
      const h = fx.traders[3].handle;
      const res = await get(`/v2/search?q=${h}&type=all&limit=5`);
      expect(res.body.traders[0]).toMatchObject({ handle: h, userId: fx.traders[3].userId });
      const tokens = await get('/v2/search?q=bonk&type=tokens');
      expect(tokens.body.tokens[0]).toMatchObject({ symbol: 'Bonk', networkId: 1399811149 });
      expect(tokens.body.traders).toBeUndefined();
      expect((await get('/v2/search?q=')).status).toBe(400);
    });

    it('followers serve at most 200 with the true total; empty accounts have no trades', async () => {
      const res = await get(`/v2/users/${fx.mostFollowed.userId}/followers`);
      expect(fx.mostFollowed.followers).toBeGreaterThan(200);
      expect(res.body.total).toBe(fx.mostFollowed.followers);
      expect(res.body.users).toHaveLength(200);
      const empty = (res.body.users as Json[]).filter((u) => u.trades === 0);
      expect(empty.length).toBeGreaterThan(0);
      expect(empty.length).toBeLessThan(200);
      const lurker = await get(`/v2/users/${fx.lurker.handle}`);
      expect(lurker.body).toMatchObject({ trades: 0, holdings: 0, pnl: { all: 0 } });
    });
  });

  describe('faults, determinism and time', () => {
    it('fault injection reaches the FOMO routes in FOMO error shapes', async () => {
      sb.control.add([
        { provider: 'fomo', route: '/v2/leaderboard', status: 503, times: 1 },
        { provider: 'fomo', route: '/v2/users', keyRefused: true, times: 1 },
      ]);
      const a = await get('/v2/leaderboard/7d');
      expect(a.status).toBe(503);
      expect(a.body).toMatchObject({ error: expect.any(String), retryable: true });
      expect((await get(`/v2/users/${fx.traders[0].handle}`)).status).toBe(401);
      expect((await get('/v2/leaderboard/7d')).status).toBe(200);
      expect(sb.control.count('fomo', '/v2/leaderboard')).toBe(2);
    });

    it('holdings are priced as Jupiter (Solana) and DefiLlama coins (EVM) price the same token at the same instant', async () => {
      let solana = 0;
      let evm = 0;
      for (const row of (await get('/v2/leaderboard/7d?limit=30')).body.traders as Json[]) {
        let bal = await get(`/v2/users/${row.userId}/balances`);
        if (bal.status === 409) bal = await get(`/v2/users/${row.userId}/balances`);
        const holdings = bal.body.holdings as Json[];
        // One Jupiter call per trader for its Solana holdings (busy traders hold many coins).
        const mints = [...new Set(holdings.filter((h) => h.chain === 'solana').map((h) => h.token.address as string))].slice(0, 50);
        const jup = mints.length
          ? (
              await request(sb.app)
                .get(`/jupiter/price/v3?ids=${mints.join(',')}`)
                .set('x-api-key', 'sandbox-jupiter-key')
            ).body
          : {};
        for (const h of holdings) {
          if (h.chain === 'solana') {
            if (!mints.includes(h.token.address)) continue;
            expect(jup[h.token.address].usdPrice).toBe(h.priceUsd);
            solana++;
          } else {
            const prefix = sb.market.chainByName(
              h.chain === 'hyperliquid' ? 'Hyperliquid L1' : h.chain === 'robinhood' ? 'Robinhood Chain' : h.chain,
            )!.coinsPrefix;
            const llama = await request(sb.app).get(`/defillama/coins/prices/current/${prefix}:${h.token.address}`);
            expect(Object.values(llama.body.coins as Record<string, Json>)[0].price).toBe(h.priceUsd);
            evm++;
          }
        }
      }
      expect(solana).toBeGreaterThan(10);
      expect(evm).toBeGreaterThan(3);
    });

    it('the same seed and clock give the same world; identities do not depend on the seed', async () => {
      const other = createSandbox({ seed: 42, now: () => NOW });
      const third = createSandbox({ seed: 7, now: () => NOW });
      const board = (app: typeof sb.app) => request(app).get('/fomo/v2/leaderboard/30d?limit=10').set('authorization', `Bearer ${KEY}`);
      const [a, b, c] = await Promise.all([board(sb.app), board(other.app), board(third.app)]);
      expect(b.body).toEqual(a.body);
      expect(c.body.traders.map((r: Json) => r.pnlUsd)).not.toEqual(a.body.traders.map((r: Json) => r.pnlUsd));
      expect(fomoFixtures(third.fomo.world).traders).toEqual(fx.traders);
      expect(sb.fomo.world.population.traders).toHaveLength(TRADER_COUNT);
    });

    it('time moves the world: new fills appear, closed positions stay closed with the same figures', async () => {
      const id = fx.traders[4].userId;
      const before = await get(`/v2/users/${id}/positions?status=closed`);
      sb.clockRef.t = NOW + 3 * 86_400_000;
      const after = await get(`/v2/users/${id}/positions?status=all`);
      const byId = new Map((after.body.trades as Json[]).map((p) => [p.tradeId, p]));
      const later = await get(`/v2/users/${id}/positions?status=closed`);
      const all = new Map([...byId, ...(later.body.trades as Json[]).map((p) => [p.tradeId, p] as const)]);
      for (const p of before.body.trades as Json[]) {
        const q = all.get(p.tradeId);
        if (q) expect([q.realizedPnlUsd, q.closedAt, q.status]).toEqual([p.realizedPnlUsd, p.closedAt, 'closed']);
      }
      // Across the busiest traders, fills after NOW now show, none later than the clock.
      let fresh = 0;
      sb.clockRef.t = NOW;
      const busy = (await get('/v2/leaderboard/7d?limit=10')).body.traders as Json[];
      sb.clockRef.t = NOW + 3 * 86_400_000;
      for (const r of busy) {
        const times = ((await get(`/v2/users/${r.userId}/swaps`)).body.swaps as Json[]).map((x) => Date.parse(x.at));
        expect(Math.max(...times)).toBeLessThanOrEqual(sb.clockRef.t);
        fresh += times.filter((x) => x > NOW).length;
      }
      expect(fresh).toBeGreaterThan(0);
    });
  });
});
