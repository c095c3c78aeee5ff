import { callCharges } from '../../../../test/ledger-rows';
import { ManualClock } from '../../../../test/manual-clock';
import { readFomo } from '../support/fomo-sandbox';
import { startTestApp, type TestApp } from '../support/test-app';
import { SANDBOX_NOW } from '../support/fixed-time';

/**
 * service_fomo_leaderboard end to end: the API reads its own sandbox FOMO provider. The sandbox
 * clock is pinned, so the board Scout answers can be compared with the one the sandbox serves.
 */

const NOW = SANDBOX_NOW;
const bearer = (key: string) => ({ Authorization: `Bearer ${key}` });
type Json = any;

describe('service_fomo_leaderboard (end to end against the sandbox)', () => {
  let t: TestApp;
  let key: string;
  let accountId: string;

  beforeAll(async () => {
    t = await startTestApp({ sandbox: { now: () => NOW }, clock: new ManualClock(new Date(NOW)) });
    ({ apiKey: key, accountId } = await t.createAccount('leaderboard'));
    await t.setBalance(accountId, 100_000);
  });
  afterAll(() => t.close());

  const call = (query: Record<string, string | number | boolean>) => t.http().get('/api/v1/tools/service_fomo_leaderboard').query(query).set(bearer(key));
  const sandboxBoard = (window: string): Promise<Json> => readFomo(t, `/v2/leaderboard/${window}?limit=${window === 'all' ? 100 : 150}`);

  describe('200', () => {
    it.each(['24h', '7d', '30d', 'all'])("the %s board: the provider's full board, ranked, every row field present", async (window) => {
      const before = await t.spendable(accountId);
      const res = await call({ window });
      expect(res.status).toBe(200);
      const upstream = await sandboxBoard(window);
      const data = res.body.data;
      expect(data).toMatchObject({ window, boardSize: upstream.traders.length, count: upstream.traders.length, _truncated: null });
      expect(data.traders.map((r: Json) => [r.rank, r.userId, r.pnlUsd])).toEqual(upstream.traders.map((r: Json) => [r.rank, r.userId, r.pnlUsd]));
      for (const row of data.traders) {
        expect(Object.keys(row).sort()).toEqual(
          [
            'clan',
            'createdAt',
            'description',
            'displayName',
            'followers',
            'following',
            'handle',
            'holdings',
            'pnlUsd',
            'rank',
            'topTokens',
            'trades',
            'twitter',
            'userId',
            'verified',
            'volumeUsd',
            'wallets',
          ].sort(),
        );
        expect(row.wallets).toEqual({
          solana: expect.any(String),
          evm: expect.any(String),
          verified: expect.any(Boolean),
          evidence: { solana: expect.any(String), evm: expect.any(String) },
        });
      }
      expect(res.body.credits.creditsSpent).toBe(250);
      expect(await t.spendable(accountId)).toBe(before - 250);
    });

    it("limit, minPnlUsd and verifiedOnly filter the cached board locally; ranks are the board's; the same cost", async () => {
      const full = (await call({ window: '7d' })).body.data.traders as Json[];
      const threshold = full[Math.floor(full.length / 3)].pnlUsd;
      const before = await t.spendable(accountId);
      const res = await call({ window: '7d', limit: 5, minPnlUsd: threshold, verifiedOnly: true });
      expect(res.status).toBe(200);
      const expected = full.filter((r) => r.pnlUsd >= threshold && r.verified).slice(0, 5);
      expect(res.body.data.traders.map((r: Json) => r.rank)).toEqual(expected.map((r) => r.rank));
      const keptCount = full.filter((r) => r.pnlUsd >= threshold && r.verified).length;
      expect(res.body.data._truncated).toEqual(keptCount > 5 ? { field: 'traders', returned: 5, total: keptCount } : null);
      expect(res.body.credits).toMatchObject({ creditsSpent: 250, cachedCalls: 1, calls: 0 });
      expect(res.body.notes.join(' ')).toMatch(/left out by minPnlUsd\/verifiedOnly/);
      expect(await t.spendable(accountId)).toBe(before - 250);
    });

    it("puts the board's traders in the directory, so service_health counts them", async () => {
      await call({ window: '30d' });
      const { rows } = await t.sql.query(`SELECT count(*)::int AS n FROM traders WHERE user_id = ANY($1::text[])`, [
        (await sandboxBoard('30d')).traders.map((r: Json) => r.userId),
      ]);
      expect(rows[0].n).toBe((await sandboxBoard('30d')).traders.length);
    });
  });

  describe('400: nothing charged', () => {
    it.each([
      [{}, 'window'],
      [{ window: '1y' }, 'window'],
      [{ window: '7d', limit: 0 }, 'limit'],
      [{ window: '7d', limit: 151 }, 'limit'],
      [{ window: 'all', limit: 101 }, 'limit'],
      [{ window: '7d', limit: 2.5 }, 'limit'],
      [{ window: '7d', minPnlUsd: 'lots' }, 'minPnlUsd'],
      [{ window: '7d', verifiedOnly: 'maybe' }, 'verifiedOnly'],
    ])('%j names %s', async (query, field) => {
      const before = await t.spendable(accountId);
      const res = await call(query);
      expect(res.status).toBe(400);
      expect(res.body.error.issues.map((i: Json) => i.path)).toContain(field);
      expect(await t.spendable(accountId)).toBe(before);
    });

    it("_truncated (the peer's field) says when limit cut the list, of how many rows", async () => {
      const full = (await call({ window: '24h' })).body.data;
      const cut = (await call({ window: '24h', limit: 10 })).body.data;
      expect(cut).toMatchObject({ count: 10, _truncated: { field: 'traders', returned: 10, total: full.count } });
      expect((await call({ window: '24h', limit: full.count })).body.data._truncated).toBeNull();
    });

    it('150 on a dated board and 100 on all are accepted', async () => {
      expect((await call({ window: '24h', limit: 150 })).status).toBe(200);
      expect((await call({ window: 'all', limit: 100 })).status).toBe(200);
    });
  });

  describe('502: the provider fails, nothing charged', () => {
    it('a 503 on the board after retries is a tool_error with details, the hold voided', async () => {
      const { apiKey, accountId: id } = await t.createAccount('leaderboard failure');
      await t.http().post('/api/v1/tools/service_usage').set(bearer(apiKey)).send({ clearCache: true });
      t.sandbox.control.add({ provider: 'fomo', route: '/v2/leaderboard/24h', status: 503 });
      try {
        const before = await t.spendable(id);
        const res = await t.http().get('/api/v1/tools/service_fomo_leaderboard').query({ window: '24h' }).set(bearer(apiKey));
        expect(res.status).toBe(502);
        expect(res.body.error).toMatchObject({ code: 'tool_error', details: expect.stringContaining('503') });
        expect(await t.spendable(id)).toBe(before);
        expect(await callCharges(t.sql, id, res.headers['x-request-id'])).toEqual([{ hold: 'voided', held: 250, charged: 0 }]);
      } finally {
        t.sandbox.control.clear();
      }
    });
  });
});
