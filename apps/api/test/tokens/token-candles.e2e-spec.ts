import { ManualClock } from '../../../../test/manual-clock';
import { readFomo } from '../support/fomo-sandbox';
import { startTestApp, type TestApp } from '../support/test-app';
import { SANDBOX_NOW } from '../support/fixed-time';

/** service_fomo_token_candles end to end: the sandbox market's price path as OHLCV candles. */

const NOW = SANDBOX_NOW + 7 * 60_000 + 30_000;
const NOW_S = Math.floor(NOW / 1000);
const bearer = (key: string) => ({ Authorization: `Bearer ${key}` });
type Json = any;

const STEP: Record<string, number> = {
  '1S': 1,
  '15S': 15,
  '30S': 30,
  '1': 60,
  '5': 300,
  '15': 900,
  '30': 1800,
  '60': 3600,
  '240': 14400,
  '720': 43200,
  '1D': 86400,
  '7D': 604800,
};

describe('service_fomo_token_candles (end to end against the sandbox)', () => {
  let t: TestApp;
  let key: string;
  let accountId: string;
  let busy: Json;
  let quiet: Json;
  const call = (query: Record<string, string | number | boolean>) => t.http().get('/api/v1/tools/service_fomo_token_candles').query(query).set(bearer(key));

  function expectWellFormed(candles: Json[], step: number): void {
    for (const [i, c] of candles.entries()) {
      expect(c.h).toBeGreaterThanOrEqual(Math.max(c.o, c.c));
      expect(c.l).toBeLessThanOrEqual(Math.min(c.o, c.c));
      expect(c.t % step === 0 || step === 604800).toBe(true);
      expect(c.time).toBe(new Date(c.t * 1000).toISOString());
      expect(c.t).toBeLessThanOrEqual(NOW_S);
      if (i > 0) expect(c.t).toBeGreaterThan(candles[i - 1].t);
    }
  }

  beforeAll(async () => {
    t = await startTestApp({ sandbox: { now: () => NOW }, clock: new ManualClock(new Date(NOW)) });
    ({ apiKey: key, accountId } = await t.createAccount('candles'));
    await t.setBalance(accountId, 100_000);
    const board = await readFomo(t, '/v2/leaderboard/tokens/trending?limit=100');
    busy = board.tokens.find((r: Json) => r.network === 'solana');
    // The most traded graduated token: at one second it still misses most intervals, but has many candles.
    const graduated = (await readFomo(t, '/v2/leaderboard/tokens/graduated?limit=100')).tokens as Json[];
    quiet = [...graduated].sort((a, b) => b.volume24hUsd - a.volume24hUsd)[0];
  });
  afterAll(() => t.close());

  it.each(Object.keys(STEP))('resolution %s: well-formed candles, the newest closing at the price now; 250 credits', async (resolution) => {
    const before = await t.spendable(accountId);
    const res = await call({ address: busy.token.address, resolution, countBack: 50 });
    expect(res.status).toBe(200);
    const d = res.body.data;
    expect(d).toMatchObject({ resolution, resolutionSeconds: STEP[resolution], to: NOW_S, count: d.candles.length });
    expect(d.count).toBeGreaterThan(0);
    expect(d.count).toBeLessThanOrEqual(50);
    expectWellFormed(d.candles, STEP[resolution]);
    const stats = await readFomo(t, `/v2/token/${busy.token.address}/stats`);
    expect(d.candles[d.count - 1].c).toBe(stats.priceUsd);
    expect([d.firstTs, d.lastTs]).toEqual([d.candles[0].t, d.candles[d.count - 1].t]);
    expect(await t.spendable(accountId)).toBe(before - 250);
  });

  it("the candles are the provider's, in order", async () => {
    const res = await call({ address: busy.token.address, resolution: '15', countBack: 40 });
    const upstream = await readFomo(t, `/v2/token/${busy.token.address}/candles?resolution=15&countBack=40&to=${NOW_S}`);
    expect(res.body.data.candles.map((c: Json) => [c.t, c.o, c.h, c.l, c.c])).toEqual(upstream.candles.map((c: Json) => [c.t, c.o, c.h, c.l, c.c]));
    // The peer's names, as the provider sends them: its network id, where the candles came from and whether they are old.
    expect(res.body.data).toMatchObject({ networkId: upstream.networkId, source: upstream.source, stale: upstream.stale });
    expect(res.body.data.networkId).toBe(res.body.data.token.networkId);
  });

  it('a quiet token at one second is sparse; fill carries the last close through the gaps', async () => {
    const sparse = (await call({ address: quiet.token.address, resolution: '1S', countBack: 600 })).body.data;
    expect(sparse.count).toBeGreaterThan(20);
    expect(sparse.sparse).toBe(true);
    const filled = (await call({ address: quiet.token.address, resolution: '1S', countBack: 600, fill: true })).body.data;
    expect(filled.sparse).toBe(false);
    expect(filled.filled).toBeGreaterThan(0);
    expectWellFormed(filled.candles, 1);
    for (let i = 1; i < filled.candles.length; i += 1) {
      const c = filled.candles[i];
      expect(c.t - filled.candles[i - 1].t).toBe(1);
      if (c.filled)
        expect(c).toMatchObject({ o: filled.candles[i - 1].c, h: filled.candles[i - 1].c, l: filled.candles[i - 1].c, c: filled.candles[i - 1].c, v: 0 });
    }
    // Every real candle is still there, unchanged.
    const real = filled.candles.filter((c: Json) => !c.filled).map((c: Json) => c.t);
    expect(sparse.candles.map((c: Json) => c.t).filter((tt: number) => tt >= filled.candles[0].t)).toEqual(real);
  });

  it('from..to (ISO or unix seconds) bounds the candles; countBack keeps the newest of a longer range', async () => {
    const from = NOW_S - 6 * 3600;
    const to = NOW_S - 3600;
    const iso = await call({ address: busy.token.address, resolution: '5', from: new Date(from * 1000).toISOString(), to: new Date(to * 1000).toISOString() });
    const unix = await call({ address: busy.token.address, resolution: '5', from, to });
    expect(iso.status).toBe(200);
    expect(iso.body.data.candles).toEqual(unix.body.data.candles);
    for (const c of unix.body.data.candles) {
      expect(c.t + 300).toBeGreaterThan(from);
      expect(c.t).toBeLessThanOrEqual(to);
    }
    const cut = await call({ address: busy.token.address, resolution: '5', from, to, countBack: 10 });
    expect(cut.body.data.count).toBe(10);
    expect(cut.body.data.lastTs).toBe(unix.body.data.lastTs);
    expect(cut.body.notes.join(' ')).toMatch(/the newest 10 are returned/);
  });

  it('an EVM token with its chain', async () => {
    const evm = (await readFomo(t, '/v2/leaderboard/tokens/trending?limit=100')).tokens.find((r: Json) => r.network !== 'solana');
    const res = await call({ address: evm.token.address, chain: evm.network === 'bsc' ? 'bsc' : evm.network, resolution: '60', countBack: 5 });
    expect(res.status).toBe(200);
    expect(res.body.data.token.address).toBe(evm.token.address.toLowerCase());
  });

  describe('refused: 400, nothing charged', () => {
    const mint = 'So11111111111111111111111111111111111111112';
    it.each([
      [{ address: mint, resolution: '2' }, 'resolution'],
      [{ address: mint, resolution: '1W' }, 'resolution'],
      [{ address: mint, countBack: 0 }, 'countBack'],
      [{ address: mint, countBack: 1001 }, 'countBack'],
      [{ address: mint, from: 'yesterday' }, 'from'],
      [{ address: mint, from: NOW_S + 3600 }, 'future'],
      [{ address: mint, from: NOW_S - 60, to: NOW_S - 120 }, 'later than from'],
      [{ address: mint, to: '2026-02-30T00:00:00Z' }, 'to'],
      [{ address: mint, fill: 'yes' }, 'fill'],
      [{ address: '0xabc' }, 'address'],
    ])('%j', async (query, text) => {
      const before = await t.spendable(accountId);
      const res = await call(query);
      expect(res.status).toBe(400);
      expect(res.body.error.code).toBe('invalid_request');
      expect(JSON.stringify(res.body.error)).toContain(text);
      expect(await t.spendable(accountId)).toBe(before);
    });

    it('countBack 1 and 1000 are in bounds', async () => {
      expect((await call({ address: busy.token.address, countBack: 1 })).body.data.count).toBe(1);
      const most = await call({ address: busy.token.address, resolution: '1', countBack: 1000 });
      expect(most.status).toBe(200);
      expect(most.body.data.count).toBeLessThanOrEqual(1000);
    });
  });

  it('an unknown token is 404, uncharged', async () => {
    const before = await t.spendable(accountId);
    const res = await call({ address: '1111111111111111111111111111111111111111111' });
    expect(res.status).toBe(404);
    expect(res.body.error.code).toBe('not_found');
    expect(await t.spendable(accountId)).toBe(before);
  });
});
