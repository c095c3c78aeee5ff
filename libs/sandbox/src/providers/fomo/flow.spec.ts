/**
 * The market's figures include the tracked traders' own swaps, checked from the wire at several
 * instants, on the coins the feed is busiest with (where tracked swaps weigh most) and a few others:
 * - no candle, at any resolution, shows less volume than the tracked swaps inside it, and every
 *   bucket a tracked trader swapped in is there;
 * - a token's windowed buy and sell volume (`/v2/token/{address}/stats`, what Scout's
 *   service_fomo_token_stats reads) is never less than the feed's buys and sells of that window
 *   (nor than every tracked swap), and its counts never fewer;
 * - the token board, DexScreener and Jupiter volumes hold them too.
 * Also the pace: the feed carries about two events a minute, with coins that draw clusters.
 */
import request from 'supertest';
import { fixedSandbox, NOW } from '../../test/helpers';
import { SANDBOX_KEYS } from '../../server';
import type { Token } from '../../market';
import { RESOLUTIONS } from './candles';
import { fomoChain } from './types';

type Json = Record<string, any>;

const MIN = 60_000;
const HOUR = 3_600_000;
const DAY = 86_400_000;
const WINDOWS: [string, number][] = [
  ['5m', 5 * MIN],
  ['1h', HOUR],
  ['4h', 4 * HOUR],
  ['24h', DAY],
];
/** Dollars as whole cents (every figure on the wire is cents). */
const cents = (x: number | string) => Math.round(Number(x) * 100);

interface Swap {
  at: number;
  buy: boolean;
  usd: number;
  user: string;
}

describe('FOMO stand-in: market volume includes the tracked traders’ swaps', () => {
  const sb = fixedSandbox({ keys: { fomo: [{ key: SANDBOX_KEYS.fomo, credits: 1e12 }] } });
  const get = async (path: string): Promise<Json> => {
    const res = await request(sb.app).get(`/fomo${path}`).set('authorization', `Bearer ${SANDBOX_KEYS.fomo}`);
    if (res.status !== 200) throw new Error(`${path}: ${res.status} ${JSON.stringify(res.body)}`);
    return res.body as Json;
  };
  afterEach(() => {
    sb.clockRef.t = NOW;
  });

  const tokenOf = (chain: string, address: string): Token => sb.market.tokenOn(sb.market.chainByName(fomoChain(chain)!.name)!, address)!;
  /** The feed's buys and sells of a token with from < at <= to. */
  const feedSwaps = (address: string, from: number, to: number): Swap[] =>
    sb.fomo.feed
      .between(from, to)
      .filter((e) => e.body.tokenAddress === address)
      .map((e) => ({ at: e.at, buy: e.body.type === 'buy', usd: e.body.tradeUsd, user: e.body.userId }));
  /** Every tracked buy and sell of a token at or before t, from the traders' books (the feed is a subset). */
  const trackedSwaps = (token: Token, t: number): Swap[] => {
    const out: Swap[] = [];
    for (const u of sb.fomo.world.population.traders)
      for (const p of sb.fomo.world.positions(u, t))
        if (p.token === token)
          for (const e of p.events)
            if ((e.kind === 'buy' || e.kind === 'sell') && e.at <= t) out.push({ at: e.at, buy: e.kind === 'buy', usd: e.usd, user: u.userId });
    return out;
  };
  const sum = (swaps: Swap[]) => swaps.reduce((a, s) => a + s.usd, 0);
  /** The coins with the most feed volume over the hour before t, and a few quieter ones (EVM among them). */
  const coinsAt = (t: number): { chain: string; address: string }[] => {
    const byCoin = new Map<string, { chain: string; address: string; usd: number }>();
    for (const e of sb.fomo.feed.between(t - HOUR, t)) {
      const row = byCoin.get(e.body.tokenAddress) ?? { chain: e.body.chain, address: e.body.tokenAddress, usd: 0 };
      row.usd += e.body.tradeUsd;
      byCoin.set(e.body.tokenAddress, row);
    }
    const ranked = [...byCoin.values()].sort((a, b) => b.usd - a.usd);
    const evm = ranked.filter((c) => c.chain !== 'solana').slice(0, 2);
    return [...new Map([...ranked.slice(0, 5), ...ranked.slice(-2), ...evm].map((c) => [c.address, c])).values()];
  };
  const instants = [NOW, NOW + 37 * MIN, NOW + 5 * HOUR + 11 * MIN];

  it.each(instants.map((t) => [new Date(t).toISOString(), t]))('at %s, no candle shows less volume than the tracked swaps inside it', async (_iso, t) => {
    sb.clockRef.t = t;
    let checkedBuckets = 0;
    let weighty = 0;
    for (const coin of coinsAt(t)) {
      const token = tokenOf(coin.chain, coin.address);
      const swaps = trackedSwaps(token, t);
      for (const resolution of ['1', '5', '60', '240', '1D']) {
        const res = RESOLUTIONS[resolution];
        const body = await get(`/v2/token/${coin.address}/candles?resolution=${resolution}&countBack=${Math.min(1000, Math.ceil(DAY / 1000 / res) + 1)}`);
        const candles = new Map((body.candles as Json[]).map((c) => [c.t as number, c]));
        const first = (body.candles as Json[])[0].t as number;
        // Bucket every tracked swap the range covers; the feed's are a subset of them.
        const buckets = new Map<number, { all: number; feed: number }>();
        for (const s of swaps) {
          const b = Math.floor(s.at / 1000 / res) * res;
          if (b < first) continue;
          const row = buckets.get(b) ?? { all: 0, feed: 0 };
          row.all += s.usd;
          buckets.set(b, row);
        }
        for (const s of feedSwaps(coin.address, first * 1000 - 1, t)) buckets.get(Math.floor(s.at / 1000 / res) * res)!.feed += s.usd;
        for (const [b, row] of buckets) {
          const candle = candles.get(b);
          expect({ resolution, bucket: b, present: candle !== undefined }).toEqual({ resolution, bucket: b, present: true });
          expect(cents(candle!.v)).toBeGreaterThanOrEqual(cents(row.all));
          expect(cents(candle!.v)).toBeGreaterThanOrEqual(cents(row.feed));
          checkedBuckets++;
          // Buckets where tracked swaps are most of the volume: where leaving them out would show.
          if (row.all > candle!.v / 2) weighty++;
        }
      }
    }
    expect(checkedBuckets).toBeGreaterThan(100);
    expect(weighty).toBeGreaterThan(10);
  });

  it.each(instants.map((t) => [new Date(t).toISOString(), t]))(
    'at %s, a token’s windowed buy and sell volume and counts are never less than the feed’s (and every tracked swap’s) in that window',
    async (_iso, t) => {
      sb.clockRef.t = t;
      let weighty = 0;
      for (const coin of coinsAt(t)) {
        const token = tokenOf(coin.chain, coin.address);
        const stats = await get(`/v2/token/${coin.address}/stats`);
        const all = trackedSwaps(token, t);
        for (const [name, ms] of WINDOWS) {
          const w = stats.windows[name] as Json;
          for (const swaps of [feedSwaps(coin.address, t - ms, t), all.filter((s) => s.at > t - ms)]) {
            const buys = swaps.filter((s) => s.buy);
            const sells = swaps.filter((s) => !s.buy);
            expect({ name, buy: cents(w.buyVolumeUsd) >= cents(sum(buys)), sell: cents(w.sellVolumeUsd) >= cents(sum(sells)) }).toEqual({
              name,
              buy: true,
              sell: true,
            });
            expect(w.buys).toBeGreaterThanOrEqual(buys.length);
            expect(w.sells).toBeGreaterThanOrEqual(sells.length);
            expect(w.uniqueBuyers).toBeGreaterThanOrEqual(new Set(buys.map((s) => s.user)).size);
            expect(w.uniqueSellers).toBeGreaterThanOrEqual(new Set(sells.map((s) => s.user)).size);
            if (sum(buys) > Number(w.buyVolumeUsd) / 2) weighty++;
          }
          expect(cents(w.netVolumeUsd)).toBe(cents(w.buyVolumeUsd) - cents(w.sellVolumeUsd));
        }
      }
      expect(weighty).toBeGreaterThan(3);
    },
  );

  it('the token board, DexScreener and Jupiter volumes hold the tracked swaps of their windows too', async () => {
    const board = await get('/v2/leaderboard/tokens/trending?limit=100');
    const rows = (board.tokens as Json[]).filter((r) => r.network === 'solana').slice(0, 12);
    expect(rows.length).toBeGreaterThan(5);
    for (const row of rows) {
      const token = tokenOf('solana', row.token.address);
      const swaps = trackedSwaps(token, NOW);
      const dayUsd = sum(swaps.filter((s) => s.at > NOW - DAY));
      expect(cents(row.volume24hUsd)).toBeGreaterThanOrEqual(cents(dayUsd));
      const pairs = (await request(sb.app).get(`/dexscreener/tokens/v1/solana/${row.token.address}`)).body as Json[];
      const hourUsd = sum(swaps.filter((s) => s.at > NOW - HOUR));
      expect(cents(pairs.reduce((a, p) => a + p.volume.h24, 0))).toBeGreaterThanOrEqual(cents(dayUsd));
      expect(cents(pairs.reduce((a, p) => a + p.volume.h1, 0))).toBeGreaterThanOrEqual(cents(hourUsd));
      const [jup] = (await request(sb.app).get(`/jupiter/tokens/v2/search?query=${row.token.address}`).set('x-api-key', SANDBOX_KEYS.jupiter)).body as Json[];
      const day = swaps.filter((s) => s.at > NOW - DAY);
      expect(cents(jup.stats24h.buyVolume)).toBeGreaterThanOrEqual(cents(sum(day.filter((s) => s.buy))));
      expect(cents(jup.stats24h.sellVolume)).toBeGreaterThanOrEqual(cents(sum(day.filter((s) => !s.buy))));
    }
  });

  it('the feed moves at the real one’s pace: about two events a minute, coins that draw clusters of traders', () => {
    for (const t of instants) {
      const day = sb.fomo.feed.between(t - DAY, t);
      // The real feed's ring of 100 spanned 49 minutes; the sandbox's day averages 1.5 to 3 a minute.
      expect(day.length / (DAY / MIN)).toBeGreaterThan(1.5);
      expect(day.length / (DAY / MIN)).toBeLessThan(3);
      const ring = sb.fomo.feed.ring(t);
      expect(ring[0].at - ring[ring.length - 1].at).toBeLessThan(2 * HOUR);
      // A new event within a few minutes of any instant.
      expect(sb.fomo.feed.between(t, t + 5 * MIN).length).toBeGreaterThan(0);
      // Clusters: within the hour before t, some coin was bought by several distinct tracked traders.
      const buyers = new Map<string, Set<string>>();
      for (const e of sb.fomo.feed.between(t - HOUR, t))
        if (e.body.type === 'buy') buyers.set(e.body.tokenAddress, (buyers.get(e.body.tokenAddress) ?? new Set()).add(e.body.userId));
      expect(Math.max(...[...buyers.values()].map((s) => s.size))).toBeGreaterThanOrEqual(5);
    }
  });
});
