/**
 * Token-side FOMO routes agree with the traders' own books: tracked holders with balances, alerts
 * with swaps, theses on a token with each trader's theses on it, boards with holders.
 */
import request from 'supertest';
import { fixedSandbox, NOW } from '../../test/helpers';
import { SANDBOX_KEYS } from '../../server';
import { ALERT_FLOOR_USD } from './alerts';

type Json = Record<string, any>;

describe('FOMO stand-in: token routes', () => {
  const sb = fixedSandbox({ keys: { fomo: [{ key: SANDBOX_KEYS.fomo, credits: 1e12 }] } });
  const get = async (path: string, status = 200): Promise<Json> => {
    const call = () => request(sb.app).get(`/fomo${path}`).set('authorization', `Bearer ${SANDBOX_KEYS.fomo}`);
    let res = await call();
    // A resolving trader answers on the retry, as a client would do.
    if (res.status === 409 && res.body.retryable) res = await call();
    if (res.status !== status) throw new Error(`${path}: ${res.status} ${JSON.stringify(res.body)}`);
    return res.body as Json;
  };

  it('most-held: at most 25 tokens, ordered by tracked holders; each holder is one trader holding what their balances sum to', async () => {
    const board = await get('/v2/leaderboard/tokens/most-held');
    expect(board.tokens.length).toBeGreaterThan(5);
    expect(board.tokens.length).toBeLessThanOrEqual(25);
    let prev = Infinity;
    for (const row of (board.tokens as Json[]).slice(0, 6)) {
      expect(row.holders).toBeNull();
      const h = await get(`/token/${row.token.address}/holders`);
      expect(h.count).toBeLessThanOrEqual(prev);
      prev = h.count;
      expect(new Set((h.holders as Json[]).map((x) => x.userId)).size).toBe(h.holders.length);
      for (const holder of (h.holders as Json[]).slice(0, 8)) {
        const bal = await get(`/v2/users/${holder.userId}/balances`);
        const mine = (bal.holdings as Json[]).filter((x) => x.token.address === row.token.address);
        expect(mine.map((x) => x.tradeId)).toContain(holder.tradeId);
        // Summed in another order than the route's: equal to float precision (amounts reach 1e11).
        const amount = mine.reduce((s, x) => s + x.amount, 0);
        expect(Math.abs(holder.amount - amount)).toBeLessThanOrEqual(1e-12 * amount);
        expect(holder.valueUsd).toBeCloseTo(
          mine.reduce((s, x) => s + x.valueUsd, 0),
          1,
        );
        expect(holder.priceUsd).toBe(mine[0].priceUsd);
      }
    }
  });

  it('alerts are fills: each names a swap of that trader with the same size and instant, newest first, large only', async () => {
    const feed = await get('/v2/alerts');
    const alerts = feed.alerts as Json[];
    expect(alerts).toHaveLength(100);
    for (let i = 1; i < alerts.length; i++) expect(Date.parse(alerts[i - 1].ts)).toBeGreaterThanOrEqual(Date.parse(alerts[i].ts));
    const swapsOf = new Map<string, Json[]>();
    for (const a of alerts.slice(0, 40)) {
      const k = `${a.userId}:${a.tokenAddress}`;
      if (!swapsOf.has(k)) swapsOf.set(k, (await get(`/v2/users/${a.userId}/swaps?tokenAddress=${a.tokenAddress}`)).swaps as Json[]);
      const fill = swapsOf.get(k)!.find((s) => s.at === a.ts && (s.tradeIdIn === a.tradeId || s.tradeIdOut === a.tradeId));
      expect(fill).toBeDefined();
      expect(fill!.side).toBe(a.type);
      expect(fill!.humanUsdAmountIn).toBe(a.tradeUsd);
      if (a.type === 'buy') expect(a.usdValue).toBeGreaterThanOrEqual(ALERT_FLOOR_USD);
    }
    const sells = await get('/v2/alerts?type=sell&limit=20');
    expect((sells.alerts as Json[]).every((a) => a.type === 'sell')).toBe(true);
    const since = new Date(NOW - 3_600_000).toISOString();
    const recent = await get(`/v2/alerts?since=${since}`);
    expect((recent.alerts as Json[]).every((a) => Date.parse(a.ts) >= NOW - 3_600_000)).toBe(true);
    await get('/v2/alerts?type=hold', 400);
  });

  it("theses on a token are every trader's theses on it", async () => {
    const trending = await get('/v2/leaderboard/tokens/trending');
    const address = trending.tokens[0].token.address as string;
    const all = await get(`/v2/thesis/token/${address}?limit=100`);
    expect(all.count).toBeGreaterThan(0);
    const authors = [...new Set((all.theses as Json[]).map((x) => x.userId))];
    let sum = 0;
    for (const u of sb.fomo.world.population.traders) {
      const mine = await get(`/v2/thesis/user/${u.userId}/token/${address}?limit=100`);
      sum += mine.count;
      if (mine.count) expect(authors.includes(u.userId) || all.count > 100).toBe(true);
    }
    expect(sum).toBe(all.count);
  });

  it('boards, stats and devs answer in the documented shapes', async () => {
    const graduated = await get('/v2/leaderboard/tokens/graduated?limit=5');
    expect(graduated.tokens.length).toBeGreaterThan(0);
    expect((graduated.tokens as Json[]).every((x) => x.network === 'solana')).toBe(true);
    const trending = await get('/v2/leaderboard/tokens/trending');
    for (let i = 1; i < trending.tokens.length; i++) expect(trending.tokens[i - 1].fomoBuyers).toBeGreaterThanOrEqual(trending.tokens[i].fomoBuyers);
    const stats = await get(`/v2/token/${trending.tokens[0].token.address}/stats`);
    expect(Object.keys(stats.windows)).toEqual(['5m', '1h', '4h', '24h']);
    expect(typeof stats.windows['24h'].buyVolumeUsd).toBe('string');
    // Tokens no tracked trader launched (anything not from a launchpad) have no devs.
    const launched = new Set(sb.fomo.world.activity.launches.all().map((p) => p.token.address));
    const plain = (trending.tokens as Json[]).find((x) => !launched.has(x.token.address))!;
    expect((await get(`/v2/token/${plain.token.address}/devs`)).devs).toEqual([]);
    await get('/v2/token/nope/stats', 404);
    await get('/v2/leaderboard/tokens/hot', 404);
  });
});
