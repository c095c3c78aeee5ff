/**
 * Candles are the market's price path, checked from the wire: the newest close is the price the
 * token board, stats and holders serve now; every bucket's high and low bound its open and close;
 * buckets are sparse, aligned, never before the token's launch or after the clock, at most 1000.
 * And token search finds tokens by address, symbol and name.
 */
import request from 'supertest';
import { fixedSandbox, NOW } from '../../test/helpers';
import { SANDBOX_KEYS } from '../../server';
import { RESOLUTIONS } from './candles';

type Json = Record<string, any>;

const STARTER_KEY = 'fomo-starter-key';
const GROWTH_KEY = 'fomo-growth-key';

describe('FOMO stand-in: candles and token search', () => {
  const sb = fixedSandbox({
    keys: {
      fomo: [
        { key: SANDBOX_KEYS.fomo, credits: 1e12 },
        { key: STARTER_KEY, plan: 'starter' },
        { key: GROWTH_KEY, plan: 'growth' },
      ],
    },
  });
  const call = (path: string, key: string = SANDBOX_KEYS.fomo) => request(sb.app).get(`/fomo${path}`).set('authorization', `Bearer ${key}`);
  const get = async (path: string, status = 200): Promise<Json> => {
    const res = await call(path);
    if (res.status !== status) throw new Error(`${path}: ${res.status} ${JSON.stringify(res.body)}`);
    return res.body as Json;
  };
  const tokenBy = (symbol: string) => sb.market.tokens.find((t) => t.symbol === symbol)!;
  const nowSec = Math.floor(NOW / 1000);

  const checkShape = (body: Json, res: number, created: string) => {
    const candles = body.candles as Json[];
    const createdBucket = Math.floor(Date.parse(created) / 1000 / res) * res;
    for (let i = 0; i < candles.length; i++) {
      const c = candles[i];
      expect(c.t % res).toBe(0);
      expect(c.t).toBeLessThanOrEqual(nowSec);
      expect(c.t).toBeGreaterThanOrEqual(createdBucket);
      expect(c.h).toBeGreaterThanOrEqual(Math.max(c.o, c.c));
      expect(c.l).toBeLessThanOrEqual(Math.min(c.o, c.c));
      expect(c.l).toBeGreaterThan(0);
      expect(c.v).toBeGreaterThanOrEqual(0);
      if (i > 0) {
        expect(c.t).toBeGreaterThan(candles[i - 1].t);
        // Adjacent buckets meet: one closes at the instant the next opens.
        if (c.t === candles[i - 1].t + res) expect(c.o).toBe(candles[i - 1].c);
      }
    }
  };

  it('the newest candle closes at the price the board, stats and holders serve now, for every resolution', async () => {
    const board = await get('/v2/leaderboard/tokens/most-held');
    for (const row of (board.tokens as Json[]).slice(0, 3)) {
      const address = row.token.address as string;
      const [stats, holders] = await Promise.all([get(`/v2/token/${address}/stats`), get(`/token/${address}/holders`)]);
      const created = sb.market.tokens.find((t) => t.address === address)!.createdAt;
      for (const [resolution, res] of Object.entries(RESOLUTIONS)) {
        const body = await get(`/v2/token/${address}/candles?resolution=${resolution}&countBack=50`);
        expect(body).toMatchObject({ address, networkId: row.token.networkId, resolution, resolutionSeconds: res });
        const last = body.candles.at(-1);
        expect(last.t).toBe(Math.floor(nowSec / res) * res);
        expect(last.c).toBe(row.priceUsd);
        expect(last.c).toBe(stats.priceUsd);
        expect(last.c).toBe(holders.holders[0].priceUsd);
        expect(body.candles.length).toBeLessThanOrEqual(50);
        checkShape(body, res, created);
      }
    }
  });

  it('candles are sparse: a small token at 1S has gaps, a large one at 1D none', async () => {
    const meme = sb.fomo.world.activity.launches.withDevs()[0].token;
    const small = await get(`/v2/token/${meme.address}/candles?resolution=1S&countBack=1000`);
    expect(small.candles.length).toBeGreaterThan(0);
    expect(small.candles.length).toBeLessThan(1000);
    checkShape(small, 1, meme.createdAt);
    const sol = tokenBy('SOL');
    const daily = await get(`/v2/token/${sol.address}/candles?resolution=1D&countBack=300`);
    expect(daily.candles).toHaveLength(300);
    checkShape(daily, 86_400, sol.createdAt);
    // A day with trades every second: its volume is the market's volume over that day.
    const day = daily.candles[200];
    expect(day.v).toBe(Math.round(sb.market.volume(sol, 86_400_000, (day.t + 86_400) * 1000) * 100) / 100);
  });

  it('a range from..to covers those buckets, never before the launch, after the clock, or more than 1000', async () => {
    const sol = tokenBy('SOL');
    const from = nowSec - 10 * 3600;
    const to = nowSec - 2 * 3600;
    const ranged = await get(`/v2/token/${sol.address}/candles?resolution=60&from=${from}&to=${to}`);
    expect(ranged.candles[0].t).toBeGreaterThanOrEqual(Math.floor(from / 3600) * 3600);
    expect(ranged.candles.at(-1).t).toBeLessThanOrEqual(to);
    expect(ranged.candles.length).toBe(9);
    // The close of a past bucket is the market price at its end.
    expect(ranged.candles[0].c).toBe(sb.market.price(sol.asset, (ranged.candles[0].t + 3600) * 1000));
    const future = await get(`/v2/token/${sol.address}/candles?resolution=5&countBack=3&to=${nowSec + 86_400}`);
    expect(future.candles.at(-1).t).toBe(Math.floor(nowSec / 300) * 300);
    const capped = await get(`/v2/token/${sol.address}/candles?resolution=1&from=0`);
    expect(capped.candles.length).toBeLessThanOrEqual(1000);
    expect(capped.candles.at(-1).t).toBe(Math.floor(nowSec / 60) * 60);
    const meme = sb.fomo.world.activity.launches.withDevs()[0].token;
    const launched = Math.floor(Date.parse(meme.createdAt) / 1000);
    const first = await get(`/v2/token/${meme.address}/candles?resolution=1D&from=${launched - 30 * 86_400}&to=${launched + 5 * 86_400}`);
    expect(first.candles[0].t).toBe(Math.floor(launched / 86_400) * 86_400);
    // The launch bucket opens at the launch price.
    expect(first.candles[0].o).toBe(sb.market.price(meme.asset, Date.parse(meme.createdAt)));
    const before = await get(`/v2/token/${meme.address}/candles?resolution=60&to=${launched - 3600}`);
    expect(before.candles).toEqual([]);
  });

  it('400 on a bad resolution, countBack, range or network; 404 on an unknown token', async () => {
    const sol = tokenBy('SOL').address;
    for (const q of [
      'resolution=2',
      'resolution=1H',
      '',
      'resolution=1&countBack=0',
      'resolution=1&countBack=1001',
      `resolution=1&from=${nowSec}&to=${nowSec - 60}`,
      'resolution=1&from=abc',
      'resolution=1&networkId=12345',
    ]) {
      const body = await get(`/v2/token/${sol}/candles?${q}`, 400);
      expect(body.error).toBe('invalid_request');
    }
    await get('/v2/token/NoSuchToken1111111111111111111111111111111/candles?resolution=60', 404);
    await get(`/v2/token/${sol}/candles?resolution=60&networkId=1`, 404);
    await get(`/v2/token/${sol}/candles?resolution=60&networkId=1399811149`);
  });

  it('candles are sold to Growth and Scale plans: a Starter key gets 402 plan_required and pays nothing', async () => {
    const sol = tokenBy('SOL').address;
    const refused = await call(`/v2/token/${sol}/candles?resolution=60`, STARTER_KEY);
    expect(refused.status).toBe(402);
    expect(refused.body).toMatchObject({ error: 'plan_required', plan: 'starter' });
    expect(refused.headers['x-credits-cost']).toBe('0');
    expect((await call(`/v2/token/${sol}/candles?resolution=60`, GROWTH_KEY)).status).toBe(200);
  });

  it('token search: exact address or symbol first, then names; at most 20; empty q is 400', async () => {
    const sol = tokenBy('SOL');
    const byAddress = await get(`/v2/tokens/search?q=${sol.address}`);
    expect(byAddress.results[0]).toMatchObject({
      address: sol.address,
      symbol: 'SOL',
      network: 'solana',
      networkId: 1399811149,
      priceUsd: sb.market.tokenPrice(sol, NOW),
    });
    const bySymbol = await get('/v2/tokens/search?q=sol');
    expect(bySymbol.results[0].symbol.toLowerCase()).toBe('sol');
    expect(bySymbol.results.length).toBeLessThanOrEqual(20);
    for (const r of bySymbol.results as Json[]) expect(`${r.symbol} ${r.name} ${r.address}`.toLowerCase()).toContain('sol');
    const meme = sb.fomo.world.activity.launches.withDevs()[0].token;
    const byName = await get(`/v2/tokens/search?q=${encodeURIComponent(meme.name.toUpperCase())}`);
    expect(byName.results.some((r: Json) => r.address === meme.address)).toBe(true);
    expect((await get('/v2/tokens/search?q=zzzznothing')).results).toEqual([]);
    await get('/v2/tokens/search?q=', 400);
    await get('/v2/tokens/search', 400);
  });
});
