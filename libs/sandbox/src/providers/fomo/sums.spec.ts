/**
 * The FOMO stand-in adds up, checked from the wire only (what a client sees), over many traders:
 * leaderboard PnL, volume and trade counts against positions, swaps and transfers; positions
 * against their fills; balances against open positions and market prices; follower counts against
 * follower lists; trade detail against positions and swaps.
 */
import request from 'supertest';
import { fixedSandbox, NOW } from '../../test/helpers';
import { SANDBOX_KEYS } from '../../server';
import { fomoChain } from './types';
import { fomoFixtures } from './fixtures';

type Json = Record<string, any>;

const WINDOW_MS: Record<string, number> = { '24h': 86_400_000, '7d': 7 * 86_400_000, '30d': 30 * 86_400_000 };

describe('FOMO stand-in: the numbers add up', () => {
  const sb = fixedSandbox({ keys: { fomo: [{ key: SANDBOX_KEYS.fomo, credits: 1e12 }] } });
  const get = async (path: string): Promise<Json> => {
    const call = () => request(sb.app).get(`/fomo${path}`).set('authorization', `Bearer ${SANDBOX_KEYS.fomo}`);
    let res = await call();
    // A resolving trader answers on the retry, as a client would do.
    if (res.status === 409 && res.body.retryable) res = await call();
    if (res.status !== 200) throw new Error(`${path}: ${res.status} ${JSON.stringify(res.body)}`);
    return res.body as Json;
  };
  const pages = async (path: string, field: string): Promise<Json[]> => {
    const out: Json[] = [];
    let cursor = 'start';
    for (;;) {
      const body = await get(`${path}${path.includes('?') ? '&' : '?'}cursor=${cursor}`);
      out.push(...(body[field] as Json[]));
      if (!body.cursor) return out;
      cursor = body.cursor as string;
    }
  };
  /** Everything a client can read about one trader's book. */
  const book = async (userId: string) => {
    const [positions, swaps] = await Promise.all([pages(`/v2/users/${userId}/positions?status=all`, 'trades'), pages(`/v2/users/${userId}/swaps`, 'swaps')]);
    const transfers = new Map<string, Json[]>();
    for (const p of positions.filter((x) => x.transferredIn > 0 || x.transferredOut > 0))
      transfers.set(p.tradeId, (await get(`/v2/trades/${p.tradeId}`)).transfers as Json[]);
    return { positions, swaps, transfers };
  };
  /** A position's events from the wire: fills (swaps naming its trade id) and transfers. */
  const eventsOf = (b: Awaited<ReturnType<typeof book>>, tradeId: string) => [
    ...b.swaps
      .filter((s) => s.tradeIdOut === tradeId)
      .map((s) => ({ at: Date.parse(s.at), inbound: true, amount: s.tokenOut.amount as number, usd: s.tokenOut.usd as number, swap: true })),
    ...b.swaps
      .filter((s) => s.tradeIdIn === tradeId)
      .map((s) => ({ at: Date.parse(s.at), inbound: false, amount: s.tokenIn.amount as number, usd: s.tokenIn.usd as number, swap: true })),
    ...(b.transfers.get(tradeId) ?? []).map((x) => ({
      at: Date.parse(x.at),
      inbound: x.direction === 'in',
      amount: x.amount as number,
      usd: x.usd as number,
      swap: false,
    })),
  ];
  const priceAt = (p: Json, t: number) => sb.market.price(sb.market.tokenOn(sb.market.chainByName(fomoChain(p.chain)!.name)!, p.token.address)!.asset, t) ?? 0;

  let board7d: Json;
  let boardAll: Json;
  let board24h: Json;
  const books = new Map<string, Awaited<ReturnType<typeof book>>>();
  beforeAll(async () => {
    [board7d, boardAll, board24h] = await Promise.all([
      get('/v2/leaderboard/7d?limit=150'),
      get('/v2/leaderboard/all?limit=100'),
      get('/v2/leaderboard/24h?limit=150'),
    ]);
    // The 7d board's top 40 and bottom 20, the all-time board's top 20 and the day's top 15: 95 traders at most.
    const sample = [...board7d.traders.slice(0, 40), ...board7d.traders.slice(-20), ...boardAll.traders.slice(0, 20), ...board24h.traders.slice(0, 15)];
    for (const row of sample) if (!books.has(row.userId)) books.set(row.userId, await book(row.userId));
  }, 120_000);

  it('the boards are full, ranked by PnL, and describe traders with wallets', () => {
    expect(board7d.traders).toHaveLength(150);
    expect(boardAll.traders).toHaveLength(100);
    for (const b of [board7d, boardAll]) {
      b.traders.forEach((r: Json, i: number) => expect(r.rank).toBe(i + 1));
      for (let i = 1; i < b.traders.length; i++) expect(b.traders[i - 1].pnlUsd).toBeGreaterThanOrEqual(b.traders[i].pnlUsd);
    }
    expect(board7d.traders[0].pnlUsd).toBeGreaterThan(0);
    expect(board7d.traders[149].pnlUsd).toBeLessThan(board7d.traders[0].pnlUsd);
    expect(books.size).toBeGreaterThanOrEqual(60);
  });

  it("all-time PnL on the board = Σ the trader's positions' realized + unrealized PnL", () => {
    let checked = 0;
    for (const row of boardAll.traders.slice(0, 20)) {
      const b = books.get(row.userId)!;
      const sum = b.positions.reduce((a, p) => a + p.realizedPnlUsd + p.unrealizedPnlUsd, 0);
      expect(Math.abs(sum - row.pnlUsd)).toBeLessThanOrEqual(0.01 * (b.positions.length + 1));
      checked += b.positions.length;
    }
    expect(checked).toBeGreaterThan(200);
  });

  /** A trader's PnL over (now − window, now], rebuilt from fills, transfers and market prices. */
  const rebuiltPnl = (b: Awaited<ReturnType<typeof book>>, windowMs: number) => {
    const t = NOW;
    const start = t - windowMs;
    let pnl = 0;
    for (const p of b.positions) {
      const inWindow = eventsOf(b, p.tradeId).filter((e) => e.at > start && e.at <= t);
      const flow = inWindow.reduce((a, e) => a + (e.inbound ? -e.usd : e.usd), 0);
      const moved = inWindow.reduce((a, e) => a + (e.inbound ? e.amount : -e.amount), 0);
      const heldStart = Math.max(0, p.amount - moved);
      const vStart = heldStart > 1e-9 * (p.bought + p.transferredIn) ? heldStart * priceAt(p, start) : 0;
      pnl += p.amount * priceAt(p, t) - vStart + flow;
    }
    return pnl;
  };

  it('7d PnL on the board = Σ positions of value(now) − value(start) + proceeds − costs in the window, rebuilt from fills', () => {
    for (const row of [...board7d.traders.slice(0, 40), ...board7d.traders.slice(-20)]) {
      const b = books.get(row.userId)!;
      expect(Math.abs(rebuiltPnl(b, WINDOW_MS['7d']) - row.pnlUsd)).toBeLessThanOrEqual(0.01 * (b.positions.length + 1));
    }
  });

  it("every sampled trader's profile PnL for 24h, 7d, 30d and all is rebuilt from fills the same way", async () => {
    for (const [id, b] of books) {
      const prof = await get(`/v2/users/id/${id}`);
      const tol = 0.01 * (b.positions.length + 1);
      for (const w of ['24h', '7d', '30d'] as const) expect([w, Math.abs(rebuiltPnl(b, WINDOW_MS[w]) - prof.pnl[w]) <= tol]).toEqual([w, true]);
      expect(Math.abs(rebuiltPnl(b, Infinity) - prof.pnl.all)).toBeLessThanOrEqual(tol);
      // Trade counts nest: a longer window holds every swap of a shorter one.
      expect(prof.tradesByWindow['24h']).toBeLessThanOrEqual(prof.tradesByWindow['7d']);
      expect(prof.tradesByWindow['7d']).toBeLessThanOrEqual(prof.tradesByWindow['30d']);
      expect(prof.trades).toBe(b.swaps.length);
      expect(prof.holdings).toBe(b.positions.filter((p) => p.status === 'open').length);
    }
  });

  it('volume and trade counts per window are the swaps in that window', () => {
    for (const [window, board] of [
      ['7d', board7d],
      ['all', boardAll],
      ['24h', board24h],
    ] as const) {
      let matched = 0;
      for (const row of board.traders as Json[]) {
        const b = books.get(row.userId);
        if (!b) continue;
        const start = window === 'all' ? -Infinity : NOW - WINDOW_MS[window];
        const swaps = b.swaps.filter((s) => Date.parse(s.at) > start);
        expect(row.trades).toBe(swaps.length);
        expect(row.volumeUsd).toBeCloseTo(
          swaps.reduce((a, s) => a + s.humanUsdAmountIn, 0),
          1,
        );
        matched++;
      }
      expect(matched).toBeGreaterThan(10);
    }
  });

  it("each position's amounts, average prices and realized PnL follow from its fills and transfers (average cost)", () => {
    let positions = 0;
    for (const b of books.values()) {
      for (const p of b.positions) {
        const events = eventsOf(b, p.tradeId).sort((x, y) => x.at - y.at);
        let held = 0;
        let cost = 0;
        let realized = 0;
        let bought = 0;
        let boughtUsd = 0;
        let sold = 0;
        let soldUsd = 0;
        for (const e of events) {
          if (e.inbound) {
            held += e.amount;
            cost += e.usd;
            if (e.swap) {
              bought += e.amount;
              boughtUsd += e.usd;
            }
            continue;
          }
          const avg = cost / held;
          realized += e.usd - avg * e.amount;
          cost -= avg * e.amount;
          held -= e.amount;
          if (e.swap) {
            sold += e.amount;
            soldUsd += e.usd;
          }
        }
        if (held <= 1e-9 * (bought + p.transferredIn)) held = 0;
        expect(p.swapCount).toBe(events.filter((e) => e.swap).length);
        expect(p.amount).toBeCloseTo(held, 6);
        expect(p.status).toBe(held > 0 ? 'open' : 'closed');
        expect(p.realizedPnlUsd).toBeCloseTo(realized, 1);
        expect(p.bought).toBeCloseTo(bought, 6);
        if (bought > 0) expect(p.avgEntryPrice / (boughtUsd / bought)).toBeCloseTo(1, 8);
        else expect(p.avgEntryPrice).toBeNull();
        if (sold > 0) expect(p.avgExitPrice / (soldUsd / sold)).toBeCloseTo(1, 8);
        else expect(p.avgExitPrice).toBeNull();
        if (held > 0) expect(p.unrealizedPnlUsd).toBeCloseTo(held * p.priceUsd - cost, 0);
        positions++;
      }
    }
    expect(positions).toBeGreaterThan(500);
  });

  it('balances are the open positions at current market prices, and the board counts them as holdings', async () => {
    for (const row of board7d.traders.slice(0, 30) as Json[]) {
      const b = books.get(row.userId)!;
      const bal = await get(`/v2/users/${row.userId}/balances`);
      const open = b.positions.filter((p) => p.status === 'open');
      expect(row.holdings).toBe(open.length);
      expect(bal.holdings.map((h: Json) => h.tradeId).sort()).toEqual(open.map((p) => p.tradeId).sort());
      for (const h of bal.holdings as Json[]) {
        const p = open.find((x) => x.tradeId === h.tradeId)!;
        expect(h.amount).toBe(p.amount);
        expect(h.priceUsd).toBe(priceAt(p, NOW));
        expect(h.valueUsd).toBeCloseTo(h.amount * h.priceUsd, 1);
      }
      expect(bal.totalValueUsd).toBeCloseTo(
        bal.holdings.reduce((a: number, h: Json) => a + h.valueUsd, 0),
        1,
      );
      const top = row.topTokens as Json[];
      expect(top.map((x) => x.tokenAddress)).toEqual((bal.holdings as Json[]).slice(0, 3).map((h) => h.token.address));
    }
  });

  it('a trade in full agrees with its position row and with the swaps that name it', async () => {
    let trades = 0;
    for (const b of [...books.values()].slice(0, 25)) {
      for (const p of b.positions.slice(0, 6)) {
        const d = await get(`/v2/trades/${p.tradeId}`);
        for (const k of [
          'status',
          'amount',
          'costBasisUsd',
          'avgEntryPrice',
          'avgExitPrice',
          'realizedPnlUsd',
          'unrealizedPnlUsd',
          'createdAt',
          'closedAt',
          'chain',
        ])
          expect(d[k]).toEqual(p[k]);
        const named = b.swaps.filter((s) => s.tradeIdIn === p.tradeId || s.tradeIdOut === p.tradeId);
        expect((d.swaps as Json[]).map((s) => s.swapId).sort()).toEqual(named.map((s) => s.swapId).sort());
        for (const s of d.swaps as Json[]) expect(s.humanUsdAmountIn).toBe(s.tokenIn.usd);
        expect(d.swaps.length + d.transfers.length).toBeGreaterThan(0);
        trades++;
      }
    }
    expect(trades).toBeGreaterThan(100);
  });

  it("a token's dev and insider rows rebuild from those traders' own fills, and their all-time PnL counts the launch position", async () => {
    let rows = 0;
    for (const l of fomoFixtures(sb.fomo.world).launches.slice(0, 6)) {
      for (const d of (await get(`/v2/token/${l.address}/devs`)).devs as Json[]) {
        const b = await book(d.userId);
        const events = eventsOf(b, d.tradeId).sort((x, y) => x.at - y.at);
        expect(events[0]).toMatchObject({ inbound: true, swap: true });
        if (d.isDev) expect(events[0].at).toBe(Date.parse(l.launchedAt));
        let held = 0;
        let cost = 0;
        let invested = 0;
        let realized = 0;
        for (const e of events) {
          if (e.inbound) {
            held += e.amount;
            cost += e.usd;
            invested += e.usd;
            continue;
          }
          const avg = cost / held;
          realized += e.usd - avg * e.amount;
          cost -= avg * e.amount;
          held -= e.amount;
        }
        if (held <= 1e-9 * invested) held = cost = 0;
        const price = priceAt({ chain: 'solana', token: { address: l.address } }, NOW);
        expect(d.amount).toBeCloseTo(held, 6);
        expect(d.costBasisUsd).toBeCloseTo(invested, 2);
        expect(d.realizedPnlUsd).toBeCloseTo(realized, 1);
        expect(d.unrealizedPnlUsd).toBeCloseTo(held ? held * price - cost : 0, 1);
        expect(d.valueUsd).toBeCloseTo(held * price, 1);
        const prof = await get(`/v2/users/id/${d.userId}`);
        expect(b.positions.some((p) => p.tradeId === d.tradeId)).toBe(true);
        expect(Math.abs(prof.pnl.all - b.positions.reduce((a, p) => a + p.realizedPnlUsd + p.unrealizedPnlUsd, 0))).toBeLessThanOrEqual(
          0.01 * (b.positions.length + 1),
        );
        rows++;
      }
    }
    expect(rows).toBeGreaterThan(6);
  });

  it('follower and following counts agree with the lists, in both directions', async () => {
    const users = [...books.keys()].slice(0, 25);
    for (const id of users) {
      const [prof, following, followers] = await Promise.all([get(`/v2/users/id/${id}`), get(`/v2/users/${id}/following`), get(`/v2/users/${id}/followers`)]);
      expect(prof.following).toBe(following.total);
      expect(following.users).toHaveLength(following.total);
      expect(prof.followers).toBe(followers.total);
      expect(followers.users).toHaveLength(Math.min(200, followers.total));
      expect(followers.sourceCapped).toBe(followers.total > 200);
      // Whoever I follow lists me among their followers (when their list is not capped).
      for (const f of (following.users as Json[]).slice(0, 5)) {
        const theirs = await get(`/v2/users/${f.userId}/followers`);
        if (!theirs.sourceCapped) expect((theirs.users as Json[]).some((x) => x.userId === id)).toBe(true);
        expect(f.followers).toBe(theirs.total);
      }
    }
  });
});
