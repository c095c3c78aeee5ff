/**
 * The properties the end-to-end specs rely on when they choose their data from the sandbox, held
 * on every day: the specs stand the sandbox at one fixed instant and choose by property (the first
 * Solana coin of the trending board, a trader with open positions and a few pages of closed ones),
 * and this shows that instant is not a lucky one: any day of the range would serve them as well.
 * One sandbox, as the specs start it (default seed), its clock moved to noon of each day in turn
 * over a month around the specs' instant (a day costs about half a second: the feed is built anew).
 */
import request from 'supertest';
import { createSandbox, DAY_MS, fomoFixtures, SANDBOX_KEYS } from './index';

type Json = any;

const FIRST_DAY = Date.parse('2026-11-10T12:00:00.000Z');
const DAYS = 30;

describe('the sandbox world, day after day (what the end-to-end specs pick from it)', () => {
  let now = FIRST_DAY;
  const sb = createSandbox({ now: () => now });
  const launched = new Set(fomoFixtures(sb.fomo.world).launches.map((l) => l.address));
  const get = async (path: string): Promise<Json> => {
    const res = await request(sb.app).get(`/fomo${path}`).set('authorization', `Bearer ${SANDBOX_KEYS.fomo}`);
    expect({ path, status: res.status }).toEqual({ path, status: 200 });
    return res.body;
  };
  afterAll(() => sb.shutdown());

  /** The first of `rows` for which `check` holds, reading them one by one. */
  async function firstWhere<T>(rows: T[], check: (row: T) => Promise<boolean>): Promise<T | undefined> {
    for (const row of rows) if (await check(row)) return row;
    return undefined;
  }

  it.each(Array.from({ length: DAYS }, (_, i) => [new Date(FIRST_DAY + i * DAY_MS).toISOString().slice(0, 10), FIRST_DAY + i * DAY_MS]))(
    '%s',
    async (_day, t) => {
      now = t;
      sb.fomo.credits.reset();

      // Token specs: Solana coins (snapshots, candles, holders need 13, composites 6 not launched
      // by a tracked trader), an Ethereum one (devs, holders, composites), a graduated one (candles).
      const trending: Json[] = (await get('/v2/leaderboard/tokens/trending?limit=100')).tokens;
      const solana = trending.filter((r) => r.network === 'solana');
      expect(solana.length).toBeGreaterThan(12);
      expect(solana.filter((r) => !launched.has(r.token.address)).length).toBeGreaterThanOrEqual(6);
      expect(trending.some((r) => r.network === 'ethereum' && r.token.address.startsWith('0x'))).toBe(true);
      expect((await get('/v2/leaderboard/tokens/graduated?limit=100')).tokens.length).toBeGreaterThan(0);
      // The busiest sold token of the last day (token holders and composites).
      expect(sb.fomo.feed.between(now - DAY_MS, now).some((e) => e.body.type === 'sell' && e.body.chain === 'solana')).toBe(true);

      const all: Json[] = (await get('/v2/leaderboard/all?limit=100')).traders;
      // Trader activity: open positions, and closed ones over more than a page of ten, within twelve of 25.
      const active = await firstWhere(all, async (row) => {
        const page = await get(`/v2/users/${row.userId}/positions?status=closed&cursor=start`);
        return page.openTotal > 0 && page.closedTotal > 10 && page.closedTotal <= 25 * 12;
      });
      expect(active).toBeDefined();
      // Trade detail: a closed trade of three swaps or more on a first page, a closed one on the second, a thesis.
      const detailed = await firstWhere(all, async (row) => {
        const first = await get(`/v2/users/${row.userId}/positions?status=all&cursor=start`);
        const candidate = first.trades.find((p: Json) => p.status === 'closed' && p.bought > 0 && p.sold > 0 && p.swapCount >= 3);
        if (!candidate || first.cursor === null || (await get(`/v2/thesis/user/${row.userId}?sort=recent`)).theses.length === 0) return false;
        return (await get(`/v2/users/${row.userId}/positions?status=all&cursor=${first.cursor}`)).trades.some((p: Json) => p.status === 'closed');
      });
      expect(detailed).toBeDefined();
      // Theses by trader: more than one provider page of theses (50), yet no more than 200.
      const writer = await firstWhere(all, async (row) => {
        const first = await get(`/v2/thesis/user/${row.userId}?sort=recent`);
        return first.count > 50 && first.count <= 200;
      });
      expect(writer).toBeDefined();

      // Trader bounds and social: the 7-day board's leader has a best trade in the spotlight.
      const week: Json[] = (await get('/v2/leaderboard/7d?limit=150')).traders;
      expect(week.length).toBeGreaterThan(1);
      expect((await get(`/v2/users/${week[0].userId}/spotlight`)).bestTrades.length).toBeGreaterThan(0);
    },
  );
});
