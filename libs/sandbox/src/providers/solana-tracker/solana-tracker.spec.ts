/**
 * The Solana Tracker stand-in's contract: the key, bad input (400), unknown coins (404), the
 * documented shapes, the stream of coins the market does not trade (found by search, charted,
 * listed under their deployers), paging and bounds, and answers that are a pure function of the
 * seed and the clock.
 */
import request from 'supertest';
import { DAY_MS } from '../../market';
import { createSandbox, SANDBOX_KEYS } from '../../server';
import { BASE58_ADDRESS, fixedSandbox, NOW } from '../../test/helpers';
import { decodeId, encodeId } from './ids';
import { SERIAL_DEPLOYERS } from './launches';

type Json = Record<string, any>;
const KEY = SANDBOX_KEYS.solanaTracker;

describe('Solana Tracker stand-in: routes and contract', () => {
  const sb = fixedSandbox();
  const get = async (path: string, status = 200, key: string | null = KEY): Promise<Json> => {
    const r = request(sb.app).get(`/solana-tracker${path}`);
    const res = await (key === null ? r : r.set('x-api-key', key));
    if (res.status !== status) throw new Error(`${path}: ${res.status} ${JSON.stringify(res.body)}`);
    return res.body as Json;
  };
  const memes = sb.market.fixtures.memeMints.filter((m) => Date.parse(sb.market.tokenByMintAddress(m)!.createdAt) <= NOW);
  /** Stream coins launched 20 to 10 days before the clock, oldest first. */
  const cohort = async (extra: Record<string, string> = {}): Promise<Json> => {
    const q = new URLSearchParams({
      minCreatedAt: String(NOW - 20 * DAY_MS),
      maxCreatedAt: String(NOW - 10 * DAY_MS),
      sortBy: 'createdAt',
      sortOrder: 'asc',
      limit: '500',
      ...extra,
    });
    return get(`/search?${q.toString()}`);
  };

  beforeEach(() => {
    sb.control.reset();
    sb.clockRef.t = NOW;
  });

  describe('auth and bad input', () => {
    it('401 { error } without a key or with an unknown one', async () => {
      expect(await get(`/tokens/${memes[0]}`, 401, null)).toEqual({ error: 'Missing x-api-key header' });
      expect(await get(`/tokens/${memes[0]}`, 401, 'nope')).toEqual({ error: 'Invalid API key' });
    });

    it('400 on a malformed address or parameter, 404 on a coin nobody launched', async () => {
      for (const path of ['/tokens/0xdeadbeef', '/pnl/not-a-wallet', '/deployer/abc', `/first-buyers/${'I'.repeat(40)}`]) {
        expect((await get(path, 400)).error).toEqual(expect.any(String));
      }
      expect(await get('/tokens/11111111111111111111111111111111', 404)).toEqual({ error: 'Token not found' });
      expect(await get(`/top-traders/${encodeId('launch', 10, 0)}`, 404)).toEqual({ error: 'Token not found' });
      for (const q of ['limit=0', 'limit=501', 'page=0', 'sortBy=price', 'sortOrder=up', 'minMarketCap=lots', 'limit=1.5']) await get(`/search?${q}`, 400);
      for (const q of ['type=2m', 'time_from=-5', 'time_to=x']) await get(`/chart/${memes[0]}?${q}`, 400);
      await get(`/deployer/${encodeId('serial', 1)}?limit=501`, 400);
    });

    it('a coin launched after the clock is not known yet', async () => {
      const later = (await cohort()).data[0].mint as string;
      sb.clockRef.t = NOW - 30 * DAY_MS;
      await get(`/tokens/${later}`, 404);
    });
  });

  describe('GET /tokens/{mint}', () => {
    it('a market coin: token, one pool, 12 price windows, risk, 24 h counts and holders', async () => {
      const body = await get(`/tokens/${memes[0]}`);
      expect(body.token).toMatchObject({
        mint: memes[0],
        decimals: 6,
        createdOn: 'https://pump.fun',
        creation: { creator: expect.stringMatching(BASE58_ADDRESS) },
      });
      expect(body.pools).toHaveLength(1);
      expect(body.pools[0]).toMatchObject({
        poolId: expect.any(String),
        liquidity: { usd: expect.any(Number), quote: expect.any(Number) },
        price: { usd: expect.any(Number) },
        marketCap: { usd: expect.any(Number) },
        lpBurn: 100,
        tokenAddress: memes[0],
        security: { mintAuthority: null, freezeAuthority: null },
        txns: { buys: expect.any(Number), sells: expect.any(Number), volume24h: expect.any(Number) },
        lastUpdated: NOW,
      });
      expect(Object.keys(body.events)).toEqual(['1m', '5m', '15m', '30m', '1h', '2h', '3h', '4h', '5h', '6h', '12h', '24h']);
      expect(body.risk).toMatchObject({ top10: expect.any(Number), dev: { percentage: expect.any(Number) }, rugged: false, score: expect.any(Number) });
      expect(body.risk.score).toBeGreaterThanOrEqual(0);
      expect(body.risk.score).toBeLessThanOrEqual(10);
      expect(body.txns).toBe(body.buys + body.sells);
      expect(body.holders).toBeGreaterThan(0);
    });

    it('the rugged coin says so: authorities live, LP not burned, a risk score of 10', async () => {
      const rugz = sb.market.fixtures.noRouteSolanaMint;
      const body = await get(`/tokens/${rugz}`);
      expect(body.risk.rugged).toBe(true);
      expect(body.risk.score).toBe(10);
      expect(body.pools[0].security.mintAuthority).toEqual(expect.any(String));
      expect(body.risk.risks.map((r: Json) => r.name)).toEqual(
        expect.arrayContaining(['Rugged', 'LP Burned', 'Freeze Authority Enabled', 'Mint Authority Enabled']),
      );
      expect(body.risk.risks.find((r: Json) => r.name === 'LP Burned')).toMatchObject({
        description: 'Allows the owner to remove liquidity at any time.',
        level: 'danger',
      });
    });

    it('an unpriced coin has no pool and no price windows; a coin without a known developer no creation', async () => {
      const body = await get(`/tokens/${sb.market.fixtures.unpricedSolanaMint}`);
      expect(body.pools).toEqual([]);
      expect(body.events).toEqual({});
      const jup = await get(`/tokens/${sb.market.fixtures.jupMint}`);
      expect(jup.token.creation).toBeUndefined();
      expect(jup.risk.jupiterVerified).toBe(true);
    });

    it('bundlers: the creation bundle, its totals the sums of its wallets', async () => {
      const withBundle = [];
      for (const m of memes.slice(0, 12)) {
        const b = await get(`/tokens/${m}/bundlers`);
        expect(b.total).toBe(b.wallets.length);
        expect(b.initialBalance).toBeCloseTo(
          b.wallets.reduce((a: number, w: Json) => a + w.initialBalance, 0),
          3,
        );
        expect(b.balance).toBeCloseTo(
          b.wallets.reduce((a: number, w: Json) => a + w.balance, 0),
          3,
        );
        for (const w of b.wallets) {
          expect(w.bundleTime).toBe(Date.parse(sb.market.tokenByMintAddress(m)!.createdAt));
          expect(w.balance).toBeLessThanOrEqual(w.initialBalance);
        }
        if (b.total) withBundle.push(m);
      }
      expect(withBundle.length).toBeGreaterThan(3);
    });
  });

  describe('first buyers, top traders, wallet PnL', () => {
    it('first buyers: at most 100, oldest first, each with a first buy; top traders by total PnL', async () => {
      const first = (await get(`/first-buyers/${memes[1]}`)) as Json[];
      expect(first.length).toBeGreaterThan(50);
      expect(first.length).toBeLessThanOrEqual(100);
      const times = first.map((r) => r.first_buy_time);
      expect(times).toEqual([...times].sort((a, b) => a - b));
      expect(times[0]).toBe(Date.parse(sb.market.tokenByMintAddress(memes[1])!.createdAt));
      for (const r of first) {
        expect(r.first_buy).toMatchObject({ signature: expect.stringMatching(/^[1-9A-HJ-NP-Za-km-z]{88}$/), time: r.first_buy_time });
        expect(r.total).toBeCloseTo(r.realized + r.unrealized, 2);
        expect(r.total_transactions).toBe(r.buy_transactions + r.sell_transactions);
      }
      const top = (await get(`/top-traders/${memes[1]}`)) as Json[];
      expect(top.map((r) => r.total)).toEqual([...top.map((r) => r.total)].sort((a, b) => b - a));
    });

    it("an untracked early buyer's /pnl is its first-buyer row on that coin", async () => {
      const first = (await get(`/first-buyers/${memes[2]}`)) as Json[];
      const untracked = first.filter((r) => decodeId(r.wallet)?.kind === 'buyer').slice(0, 8);
      expect(untracked.length).toBe(8);
      for (const r of untracked) {
        const pnl = await get(`/pnl/${r.wallet}`);
        expect(Object.keys(pnl.tokens)).toEqual([memes[2]]);
        const t = pnl.tokens[memes[2]];
        expect(t).toMatchObject({ realized: r.realized, unrealized: r.unrealized, holding: r.holding, total_invested: r.total_invested });
        expect(pnl.summary).toMatchObject({ realized: r.realized, unrealized: r.unrealized, totalWins: r.total > 0 ? 1 : 0 });
      }
    });

    it('a wallet nobody knows has an empty PnL; hideDetails keeps the summary only', async () => {
      const empty = await get(`/pnl/${'9'.repeat(43)}`);
      expect(empty).toEqual({
        tokens: {},
        summary: {
          realized: 0,
          unrealized: 0,
          total: 0,
          totalInvested: 0,
          averageBuyAmount: 0,
          totalWins: 0,
          totalLosses: 0,
          winPercentage: 0,
          lossPercentage: 0,
          neutralPercentage: 0,
        },
      });
      const first = (await get(`/first-buyers/${memes[2]}`)) as Json[];
      const buyer = first.find((r) => decodeId(r.wallet)?.kind === 'buyer')!;
      const bare = await get(`/pnl/${buyer.wallet}?hideDetails=true`);
      expect(bare.tokens).toEqual({});
      expect(bare.summary.realized).toBe(buyer.realized);
    });
  });

  describe('the stream of launches: search, deployer, chart', () => {
    it('a cohort by launch window: every day of it, paged, most of it dead, each coin known to /tokens', async () => {
      const all = await cohort();
      expect(all).toMatchObject({ status: 'success', page: 1 });
      expect(all.total).toBeGreaterThan(10 * 24);
      expect(all.data).toHaveLength(Math.min(500, all.total));
      const created = all.data.map((r: Json) => r.createdAt);
      expect(created).toEqual([...created].sort((a, b) => a - b));
      const page2 = await cohort({ page: '2', limit: '100' });
      expect(page2.data[0].mint).toBe(all.data[100].mint);
      expect(page2.pages).toBe(Math.ceil(all.total / 100));
      const dead = all.data.filter((r: Json) => r.marketCapUsd < 20_000).length;
      expect(dead / all.data.length).toBeGreaterThan(0.5);
      const coin = all.data[7];
      const token = await get(`/tokens/${coin.mint}`);
      expect(token.token).toMatchObject({ mint: coin.mint, creation: { creator: coin.deployer } });
      expect(token.pools[0].marketCap.usd).toBe(coin.marketCapUsd);
    });

    it('filters by market cap and sorts by it', async () => {
      const big = await cohort({ minMarketCap: '100000', sortBy: 'marketCapUsd', sortOrder: 'desc' });
      expect(big.data.every((r: Json) => r.marketCapUsd >= 100_000)).toBe(true);
      const caps = big.data.map((r: Json) => r.marketCapUsd);
      expect(caps).toEqual([...caps].sort((a, b) => b - a));
      const all = await cohort();
      expect(all.total).toBeLessThanOrEqual(500);
      expect(big.total).toBe(all.data.filter((r: Json) => r.marketCapUsd >= 100_000).length);
    });

    it("a deployer's launches: a one-off deployer has one, a serial one many, each naming it", async () => {
      const all = (await cohort()).data as Json[];
      const kindOf = (r: Json) => (typeof r.deployer === 'string' ? decodeId(r.deployer)?.kind : undefined);
      const oneOff = all.find((r) => kindOf(r) === 'deployer')!;
      const mine = await get(`/deployer/${oneOff.deployer}`);
      expect(mine.total).toBe(1);
      expect(mine.tokens[0]).toMatchObject({ mint: oneOff.mint, marketCapUsd: oneOff.marketCapUsd, createdAt: oneOff.createdAt });
      const serial = all.find((r) => kindOf(r) === 'serial')!;
      const theirs = await get(`/deployer/${serial.deployer}`);
      expect(theirs.total).toBeGreaterThan(5);
      expect(theirs.tokens.map((t: Json) => t.mint)).toContain(serial.mint);
      const paged = await get(`/deployer/${serial.deployer}?page=2&limit=2`);
      expect(paged.tokens.map((t: Json) => t.mint)).toEqual(theirs.tokens.slice(2, 4).map((t: Json) => t.mint));
      expect(decodeId(encodeId('serial', SERIAL_DEPLOYERS - 1))?.parts[0]).toBe(SERIAL_DEPLOYERS - 1);
    });

    it('a chart in market cap from the launch to the clock, ending at the market cap now', async () => {
      const coin = (await cohort()).data[3] as Json;
      const { oclhv } = await get(`/chart/${coin.mint}?type=1h&marketCap=true`);
      expect(oclhv[0].time).toBe(Math.floor(coin.createdAt / 3_600_000) * 3600);
      expect(oclhv[oclhv.length - 1].close).toBeCloseTo(coin.marketCapUsd, 1);
      for (const c of oclhv) {
        expect(c.high).toBeGreaterThanOrEqual(Math.max(c.open, c.close));
        expect(c.low).toBeLessThanOrEqual(Math.min(c.open, c.close));
      }
      const priced = await get(`/chart/${coin.mint}?type=1h&time_from=${oclhv[2].time}&time_to=${oclhv[5].time}`);
      expect(priced.oclhv.map((c: Json) => c.time)).toEqual(oclhv.slice(2, 6).map((c: Json) => c.time));
      expect(priced.oclhv[0].open * 1e9).toBeCloseTo(oclhv[2].open, 0);
      const capped = await get(`/chart/${coin.mint}?type=1m&marketCap=true`);
      expect(capped.oclhv.length).toBeLessThanOrEqual(1000);
    });

    it('the same seed and clock give the same answers; coin ids decode back', async () => {
      const twin = createSandbox({ seed: 42, now: () => NOW });
      const path = `/search?minCreatedAt=${NOW - 12 * DAY_MS}&maxCreatedAt=${NOW - 11 * DAY_MS}&limit=20`;
      const [a, b] = await Promise.all([
        request(sb.app).get(`/solana-tracker${path}`).set('x-api-key', KEY),
        request(twin.app).get(`/solana-tracker${path}`).set('x-api-key', KEY),
      ]);
      expect(a.body).toEqual(b.body);
      const first = (await request(twin.app).get(`/solana-tracker/first-buyers/${a.body.data[0].mint}`).set('x-api-key', KEY)).body as Json[];
      expect(first).toEqual(await get(`/first-buyers/${a.body.data[0].mint}`));
      twin.shutdown();
      const other = createSandbox({ seed: 7, now: () => NOW });
      const c = await request(other.app).get(`/solana-tracker${path}`).set('x-api-key', KEY);
      expect(c.body.data.map((r: Json) => r.marketCapUsd)).not.toEqual(a.body.data.map((r: Json) => r.marketCapUsd));
      other.shutdown();
      expect(decodeId(encodeId('buyer', 1, 20_500, 17, 42))).toEqual({ kind: 'buyer', parts: [1, 20_500, 17, 42] });
      expect(decodeId(sb.market.fixtures.jupMint)).toBeNull();
    });
  });

  it('faults apply to the provider by route', async () => {
    sb.control.add({ provider: 'solana-tracker', route: '/tokens', status: 503, times: 1 });
    expect(await get(`/tokens/${memes[0]}`, 503)).toEqual({ error: 'Service Unavailable' });
    await get(`/tokens/${memes[0]}`);
    expect(sb.control.count('solana-tracker', '/tokens')).toBe(2);
  });
});
