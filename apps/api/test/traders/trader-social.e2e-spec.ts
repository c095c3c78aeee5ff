import { randomUUID } from 'node:crypto';
import { ManualClock } from '../../../../test/manual-clock';
import { readFomo } from '../support/fomo-sandbox';
import { startTestApp, type TestApp } from '../support/test-app';
import { SANDBOX_NOW } from '../support/fixed-time';

/**
 * The per-trader social tools and trade comments end to end against the sandbox FOMO provider:
 * following, followers (real versus empty), spotlight, trade comments; handles resolved through
 * the trader directory; unknown traders and trades are 404 and charge nothing.
 */

const NOW = SANDBOX_NOW;
const bearer = (key: string) => ({ Authorization: `Bearer ${key}` });
type Json = any;

describe('trader social tools and trade comments (end to end against the sandbox)', () => {
  let t: TestApp;
  let key: string;
  let accountId: string;
  let star: { userId: string; handle: string };

  beforeAll(async () => {
    t = await startTestApp({ sandbox: { now: () => NOW }, clock: new ManualClock(new Date(NOW)) });
    ({ apiKey: key, accountId } = await t.createAccount('trader social'));
    await t.setBalance(accountId, 200_000);
    const board = await sandbox('/v2/leaderboard/7d?limit=150');
    star = { userId: board.traders[0].userId, handle: board.traders[0].handle };
  });
  afterAll(() => t.close());

  const sandbox = (path: string): Promise<Json> => readFomo(t, path);
  const call = (tool: string, query: Record<string, string | number>) => t.http().get(`/api/v1/tools/${tool}`).query(query).set(bearer(key));

  describe('service_fomo_trader_following', () => {
    it('answers the accounts the trader follows, the same by handle in any case, with @, or by user id', async () => {
      const upstream = await sandbox(`/v2/users/${star.userId}/following?limit=300`);
      const answers = [];
      for (const trader of [star.handle, star.handle.toUpperCase(), `@${star.handle}`, star.userId]) {
        const res = await call('service_fomo_trader_following', { trader, limit: 300 });
        expect(res.status).toBe(200);
        answers.push(res.body.data);
      }
      for (const data of answers) {
        expect(data.trader.userId).toBe(star.userId);
        expect(data.following.map((r: Json) => r.userId)).toEqual(upstream.users.map((u: Json) => u.userId));
        expect(data.count).toBe(upstream.users.length);
      }
    });

    it('a handle the directory knows costs no search upstream', async () => {
      await call('service_fomo_leaderboard', { window: '7d' });
      const res = await call('service_fomo_trader_following', { trader: star.handle.toLowerCase(), limit: 5 });
      expect(res.status).toBe(200);
      expect(res.body.credits.endpoints).not.toContain('fomo:/v2/search');
      expect(res.body.data.count).toBeLessThanOrEqual(5);
    });
  });

  describe('service_fomo_trader_followers', () => {
    it('samples followers and splits them into real and empty accounts that add up', async () => {
      const upstream = await sandbox(`/v2/users/${star.userId}/followers?limit=200`);
      const res = await call('service_fomo_trader_followers', { trader: star.userId, limit: 200 });
      expect(res.status).toBe(200);
      const data = res.body.data;
      expect(data.sampled).toBe(upstream.users.length);
      expect(data.total).toBe(upstream.total ?? null);
      expect(data.mix.real + data.mix.empty + data.mix.unknown).toBe(data.sampled);
      expect(data.followers.filter((f: Json) => f.kind === 'real')).toHaveLength(data.mix.real);
      for (const f of data.followers) expect(f.kind === 'real').toBe((f.trades ?? 0) > 0 || (f.volumeUsd ?? 0) > 0);
    });
  });

  describe('service_fomo_trader_spotlight and service_fomo_trade_comments', () => {
    it("the spotlight is the provider's, and a featured trade's comments are its thread", async () => {
      const upstream = await sandbox(`/v2/users/${star.userId}/spotlight`);
      const res = await call('service_fomo_trader_spotlight', { trader: star.handle });
      expect(res.status).toBe(200);
      expect(res.body.data.bestTrades.map((x: Json) => x.tradeId)).toEqual(upstream.bestTrades.map((x: Json) => x.tradeId));
      expect(res.body.data.bestTheses.length).toBe(upstream.bestTheses.length);

      const tradeId = upstream.bestTrades[0].tradeId;
      const thread = await sandbox(`/v2/trades/${tradeId}/comments?limit=200`);
      const comments = await call('service_fomo_trade_comments', { tradeId, limit: 200 });
      expect(comments.status).toBe(200);
      expect(comments.body.data.comments.map((c: Json) => c.commentId)).toEqual(thread.comments.map((c: Json) => c.commentId));
      expect(comments.body.data.replies).toBe(thread.comments.filter((c: Json) => c.isReply || c.parentId).length);
    });
  });

  describe('404: an unknown trader or trade is named, and nothing is charged', () => {
    it.each([
      ['service_fomo_trader_following', { trader: 'no_such_trader_zz' }, /no_such_trader_zz/],
      ['service_fomo_trader_followers', { trader: randomUUID() }, /trader/i],
      ['service_fomo_trader_spotlight', { trader: '@nobody_here_qq' }, /nobody_here_qq/],
      ['service_fomo_trade_comments', { tradeId: 'no-such-trade' }, /no-such-trade/],
    ])('%s %j', async (tool, query, named) => {
      const before = await t.spendable(accountId);
      const res = await call(tool, query);
      expect(res.status).toBe(404);
      expect(res.body.error.code).toBe('not_found');
      expect(res.body.error.message).toMatch(named);
      expect(await t.spendable(accountId)).toBe(before);
    });
  });

  describe('400: bounds, nothing charged', () => {
    it.each([
      ['service_fomo_trader_following', { trader: 'x', limit: 301 }, 'limit'],
      ['service_fomo_trader_following', { trader: 'x', limit: 0 }, 'limit'],
      ['service_fomo_trader_followers', { trader: 'x', limit: 201 }, 'limit'],
      ['service_fomo_trader_spotlight', {}, 'trader'],
      ['service_fomo_trader_spotlight', { trader: 'x'.repeat(101) }, 'trader'],
      ['service_fomo_trade_comments', { tradeId: 'x', limit: 201 }, 'limit'],
      ['service_fomo_trade_comments', {}, 'tradeId'],
    ])('%s %j names %s', async (tool, query, field) => {
      const before = await t.spendable(accountId);
      const res = await call(tool, query);
      expect(res.status).toBe(400);
      expect(res.body.error.issues.map((i: Json) => i.path)).toContain(field);
      expect(await t.spendable(accountId)).toBe(before);
    });

    it('the top of each bound is accepted', async () => {
      expect((await call('service_fomo_trader_following', { trader: star.userId, limit: 300 })).status).toBe(200);
      expect((await call('service_fomo_trader_followers', { trader: star.userId, limit: 200 })).status).toBe(200);
    });
  });
});
