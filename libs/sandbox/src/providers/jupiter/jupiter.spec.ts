import request from 'supertest';
import { FIXTURES } from '../../market';
import { createSandbox } from '../../server';
import { fixedSandbox, JUP_KEY, NOW } from '../../test/helpers';

type Json = Record<string, any>;

describe('Jupiter stand-in', () => {
  const sb = fixedSandbox();
  const get = (path: string, key: string | null = JUP_KEY) => {
    const r = request(sb.app).get(path);
    return key === null ? r : r.set('x-api-key', key);
  };
  const solMints = sb.market.solanaTokens().map((t) => t.address);

  describe('auth and rate limits', () => {
    it('401 { error } without a key or with an unknown key', async () => {
      for (const key of [null, 'wrong-key']) {
        const res = await get(`/jupiter/price/v3?ids=${FIXTURES.solMint}`, key);
        expect(res.status).toBe(401);
        expect(typeof res.body.error).toBe('string');
      }
    });

    it('sends x-ratelimit-* headers and answers 429 with Retry-After past the per-key limit', async () => {
      let wall = 1_000_000;
      const limited = createSandbox({ seed: 42, now: () => NOW, keys: { jupiter: [{ key: 'tiny', perMinute: 3 }, 'big'] }, rateNow: () => wall });
      const call = (key: string) => request(limited.app).get(`/jupiter/price/v3?ids=${FIXTURES.solMint}`).set('x-api-key', key);
      const first = await call('tiny');
      expect(first.status).toBe(200);
      expect(first.headers['x-ratelimit-remaining']).toBe('2');
      expect(first.headers['x-ratelimit-current']).toBe('1');
      expect(Number(first.headers['x-ratelimit-reset'])).toBe(Math.ceil((wall + 60_000) / 1000));
      await call('tiny');
      const third = await call('tiny');
      expect(third.headers['x-ratelimit-remaining']).toBe('0');
      const fourth = await call('tiny');
      expect(fourth.status).toBe(429);
      expect(Number(fourth.headers['retry-after'])).toBeGreaterThan(0);
      expect(typeof fourth.body.error).toBe('string');
      // Other keys are independent; the window slides.
      expect((await call('big')).status).toBe(200);
      wall += 61_000;
      expect((await call('tiny')).status).toBe(200);
    });
  });

  describe('price v3', () => {
    it('returns the documented fields for each priced mint', async () => {
      const res = await get(`/jupiter/price/v3?ids=${FIXTURES.solMint},${FIXTURES.usdcMint}`);
      expect(res.status).toBe(200);
      expect(Object.keys(res.body).sort()).toEqual([FIXTURES.solMint, FIXTURES.usdcMint].sort());
      const sol = res.body[FIXTURES.solMint] as Json;
      expect(Object.keys(sol).sort()).toEqual(['blockId', 'createdAt', 'decimals', 'liquidity', 'priceChange24h', 'usdPrice']);
      expect(sol.decimals).toBe(9);
      expect(Number.isInteger(sol.blockId)).toBe(true);
      expect(new Date(sol.createdAt).toISOString()).toBe(sol.createdAt);
      expect(sol.usdPrice).toBeGreaterThan(10);
      expect(res.body[FIXTURES.usdcMint].usdPrice).toBeCloseTo(1, 1);
    });

    it('omits unknown and unpriced mints', async () => {
      const res = await get(
        `/jupiter/price/v3?ids=${FIXTURES.solMint},${sb.market.fixtures.unpricedSolanaMint},${FIXTURES.ethereumWeth},11111111111111111111111111111111`,
      );
      expect(Object.keys(res.body)).toEqual([FIXTURES.solMint]);
    });

    it('accepts 50 ids and refuses 51 with a 400 { error }', async () => {
      expect(solMints.length).toBeGreaterThan(20);
      // The limit counts ids as sent (repeats included).
      const ids = Array.from({ length: 51 }, (_, i) => solMints[i % solMints.length]);
      const fifty = await get(`/jupiter/price/v3?ids=${ids.slice(0, 50).join(',')}`);
      expect(fifty.status).toBe(200);
      const fiftyOne = await get(`/jupiter/price/v3?ids=${ids.join(',')}`);
      expect(fiftyOne.status).toBe(400);
      expect(typeof fiftyOne.body.error).toBe('string');
      expect((await get('/jupiter/price/v3')).status).toBe(400);
    });
  });

  describe('swap v1 quote', () => {
    const quote = (params: Record<string, string | number>) =>
      get(`/jupiter/swap/v1/quote?${new URLSearchParams(Object.entries(params).map(([k, v]): [string, string] => [k, String(v)])).toString()}`);

    it('answers the documented QuoteResponse', async () => {
      const res = await quote({ inputMint: FIXTURES.solMint, outputMint: FIXTURES.usdcMint, amount: 1_000_000_000, slippageBps: 50 });
      expect(res.status).toBe(200);
      const q = res.body as Json;
      expect(q).toMatchObject({ inputMint: FIXTURES.solMint, outputMint: FIXTURES.usdcMint, inAmount: '1000000000', swapMode: 'ExactIn', slippageBps: 50 });
      for (const k of ['inAmount', 'outAmount', 'otherAmountThreshold', 'priceImpactPct']) expect(typeof q[k]).toBe('string');
      expect(BigInt(q.otherAmountThreshold)).toBe((BigInt(q.outAmount) * 9950n) / 10000n);
      expect(q.routePlan).toHaveLength(1);
      expect(q.routePlan[0]).toMatchObject({
        percent: 100,
        swapInfo: { inputMint: FIXTURES.solMint, outputMint: FIXTURES.usdcMint, inAmount: '1000000000', outAmount: q.outAmount },
      });
      expect(typeof q.routePlan[0].swapInfo.ammKey).toBe('string');
      expect(typeof q.routePlan[0].swapInfo.label).toBe('string');
      expect(Number.isInteger(q.contextSlot)).toBe(true);
      expect(typeof q.timeTaken).toBe('number');
      // 1 SOL ≈ its price in USDC, minus a small fee.
      const price = (await get(`/jupiter/price/v3?ids=${FIXTURES.solMint}`)).body[FIXTURES.solMint].usdPrice as number;
      const usdc = (await get(`/jupiter/price/v3?ids=${FIXTURES.usdcMint}`)).body[FIXTURES.usdcMint].usdPrice as number;
      expect(Number(q.outAmount) / 1e6).toBeGreaterThan((price / usdc) * 0.99);
      expect(Number(q.outAmount) / 1e6).toBeLessThan(price / usdc);
    });

    it('price impact grows with size relative to liquidity', async () => {
      const meme = sb.market.fixtures.memeMints[0];
      const impacts: number[] = [];
      for (const usd of [10, 1_000, 100_000]) {
        const res = await quote({ inputMint: FIXTURES.usdcMint, outputMint: meme, amount: usd * 1e6 });
        expect(res.status).toBe(200);
        impacts.push(Number(res.body.priceImpactPct));
      }
      expect(impacts[0]).toBeLessThan(impacts[1]);
      expect(impacts[1]).toBeLessThan(impacts[2]);
      expect(impacts[2]).toBeGreaterThan(0.05);
      expect(impacts[0]).toBeLessThan(0.01);
    });

    it('routes two non-hub tokens through USDC in two legs; onlyDirectRoutes finds none', async () => {
      const res = await quote({ inputMint: FIXTURES.jupMint, outputMint: FIXTURES.bonkMint, amount: 1_000_000_000 });
      expect(res.status).toBe(200);
      expect(res.body.routePlan).toHaveLength(2);
      expect(res.body.routePlan[0].swapInfo.outputMint).toBe(FIXTURES.usdcMint);
      expect(res.body.routePlan[1].swapInfo.inputMint).toBe(FIXTURES.usdcMint);
      const direct = await quote({ inputMint: FIXTURES.jupMint, outputMint: FIXTURES.bonkMint, amount: 1_000_000_000, onlyDirectRoutes: 'true' });
      expect(direct.status).toBe(400);
      expect(direct.body.errorCode).toBe('COULD_NOT_FIND_ANY_ROUTE');
    });

    it('ExactOut returns the input needed for an exact output', async () => {
      const res = await quote({ inputMint: FIXTURES.usdcMint, outputMint: FIXTURES.solMint, amount: 1_000_000_000, swapMode: 'ExactOut', slippageBps: 100 });
      expect(res.status).toBe(200);
      expect(res.body.outAmount).toBe('1000000000');
      expect(res.body.swapMode).toBe('ExactOut');
      expect(BigInt(res.body.otherAmountThreshold)).toBeGreaterThan(BigInt(res.body.inAmount));
    });

    it('no route → 400 COULD_NOT_FIND_ANY_ROUTE; unknown mint → 400 TOKEN_NOT_TRADABLE; bad params → 400', async () => {
      const noRoute = await quote({ inputMint: sb.market.fixtures.noRouteSolanaMint, outputMint: FIXTURES.usdcMint, amount: 1_000_000 });
      expect(noRoute.status).toBe(400);
      expect(noRoute.body).toEqual({ error: expect.any(String), errorCode: 'COULD_NOT_FIND_ANY_ROUTE' });
      const unpriced = await quote({ inputMint: FIXTURES.usdcMint, outputMint: sb.market.fixtures.unpricedSolanaMint, amount: 1_000_000 });
      expect(unpriced.body.errorCode).toBe('COULD_NOT_FIND_ANY_ROUTE');
      const excluded = await quote({ inputMint: FIXTURES.solMint, outputMint: FIXTURES.usdcMint, amount: 1_000_000, excludeDexes: 'Meteora DLMM' });
      expect(excluded.body.errorCode).toBe('COULD_NOT_FIND_ANY_ROUTE');
      const unknown = await quote({ inputMint: '11111111111111111111111111111111', outputMint: FIXTURES.usdcMint, amount: 1_000_000 });
      expect(unknown.status).toBe(400);
      expect(unknown.body.errorCode).toBe('TOKEN_NOT_TRADABLE');
      expect((await quote({ inputMint: FIXTURES.solMint, outputMint: FIXTURES.usdcMint, amount: 'abc' })).status).toBe(400);
      expect((await quote({ inputMint: FIXTURES.solMint, outputMint: FIXTURES.usdcMint })).status).toBe(400);
      expect((await quote({ inputMint: FIXTURES.solMint, outputMint: FIXTURES.solMint, amount: 5 })).status).toBe(400);
    });
  });

  describe('tokens v2', () => {
    it('search by mint list returns MintInformation in order', async () => {
      const res = await get(`/jupiter/tokens/v2/search?query=${FIXTURES.usdcMint},${FIXTURES.solMint}`);
      expect(res.status).toBe(200);
      expect((res.body as Json[]).map((t) => t.id)).toEqual([FIXTURES.usdcMint, FIXTURES.solMint]);
      const sol = (res.body as Json[])[1];
      for (const k of [
        'id',
        'name',
        'symbol',
        'icon',
        'decimals',
        'tokenProgram',
        'createdAt',
        'holderCount',
        'fdv',
        'mcap',
        'usdPrice',
        'priceBlockId',
        'liquidity',
        'stats5m',
        'stats1h',
        'stats6h',
        'stats24h',
        'firstPool',
        'audit',
        'organicScore',
        'organicScoreLabel',
        'isVerified',
        'tags',
        'updatedAt',
      ]) {
        expect(sol).toHaveProperty(k);
      }
      expect(sol.isVerified).toBe(true);
      expect(['high', 'medium', 'low']).toContain(sol.organicScoreLabel);
      expect(sol.stats24h).toEqual(
        expect.objectContaining({
          priceChange: expect.any(Number),
          buyVolume: expect.any(Number),
          numBuys: expect.any(Number),
          numTraders: expect.any(Number),
        }),
      );
      expect(sol.audit.mintAuthorityDisabled).toBe(true);
      expect(sol.mcap).toBeCloseTo(sol.usdPrice * sol.circSupply, 0);
    });

    it('search by symbol ranks the exact symbol first; unpriced and suspicious tokens are visible', async () => {
      const res = await get('/jupiter/tokens/v2/search?query=sol');
      expect((res.body as Json[])[0].id).toBe(FIXTURES.solMint);
      expect((res.body as Json[]).length).toBeLessThanOrEqual(20);
      const unpriced = (await get(`/jupiter/tokens/v2/search?query=${sb.market.fixtures.unpricedSolanaMint}`)).body as Json[];
      expect(unpriced[0].usdPrice).toBeNull();
      const rug = (await get(`/jupiter/tokens/v2/search?query=${sb.market.fixtures.noRouteSolanaMint}`)).body as Json[];
      expect(rug[0].audit.isSus).toBe(true);
      expect(rug[0].audit.mintAuthorityDisabled).toBe(false);
      expect(rug[0].organicScoreLabel).toBe('low');
      expect((await get('/jupiter/tokens/v2/search')).status).toBe(400);
    });

    it('tag and category lists', async () => {
      const lst = (await get('/jupiter/tokens/v2/tag?query=lst')).body as Json[];
      expect(lst.map((t) => t.symbol).sort()).toEqual(['JitoSOL', 'mSOL']);
      const top = (await get('/jupiter/tokens/v2/toptraded/24h?limit=5')).body as Json[];
      expect(top).toHaveLength(5);
      expect(top.map((t) => t.id)).not.toContain(FIXTURES.solMint);
    });
  });
});
