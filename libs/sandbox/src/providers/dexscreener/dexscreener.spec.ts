import request from 'supertest';
import { DAY_MS } from '../../market';
import { SANDBOX_KEYS } from '../../server';
import { fixedSandbox, JUP_KEY } from '../../test/helpers';

type Json = Record<string, any>;

describe('DexScreener stand-in', () => {
  const sb = fixedSandbox();
  const get = (path: string) => request(sb.app).get(`/dexscreener${path}`);
  const t = () => sb.market.nowMs();
  const solana = sb.market.solanaTokens();
  const priced = solana.filter((tk) => sb.market.tokenPrice(tk, t()) !== null);
  const unpriced = solana.find((tk) => sb.market.tokenPrice(tk, t()) === null)!;
  /** The pairs with `address` as base token, most liquid first. */
  const baseOf = (pairs: Json[], address: string) => pairs.filter((p) => p.baseToken.address === address).sort((a, b) => b.liquidity.usd - a.liquidity.usd);

  describe('GET /tokens/v1/{chainId}/{addresses}', () => {
    it('answers a bare array of pairs in the published shape, priceUsd and priceNative as strings', async () => {
      const res = await get(`/tokens/v1/solana/${priced[3].address}`);
      expect(res.status).toBe(200);
      expect(Array.isArray(res.body)).toBe(true);
      const [pair] = baseOf(res.body, priced[3].address);
      expect(pair).toMatchObject({
        chainId: 'solana',
        dexId: expect.any(String),
        url: expect.stringContaining('https://dexscreener.com/solana/'),
        pairAddress: priced[3].ammKey,
        baseToken: { address: priced[3].address, name: priced[3].name, symbol: priced[3].symbol },
        quoteToken: { address: expect.any(String), name: expect.any(String), symbol: expect.any(String) },
        priceNative: expect.stringMatching(/^\d+(\.\d+)?$/),
        priceUsd: expect.stringMatching(/^\d+(\.\d+)?$/),
        txns: { m5: { buys: expect.any(Number), sells: expect.any(Number) }, h24: { buys: expect.any(Number), sells: expect.any(Number) } },
        volume: { h24: expect.any(Number), h6: expect.any(Number), h1: expect.any(Number), m5: expect.any(Number) },
        priceChange: { h24: expect.any(Number) },
        liquidity: { usd: expect.any(Number), base: expect.any(Number), quote: expect.any(Number) },
        fdv: expect.any(Number),
        marketCap: expect.any(Number),
        pairCreatedAt: Date.parse(priced[3].firstPool.createdAt),
      });
    });

    it('prices every priced Solana token exactly as Jupiter does at the same instant, with marketCap = price × circSupply and fdv = price × totalSupply', async () => {
      const batch = priced.slice(0, 30);
      expect(batch.length).toBeGreaterThan(20);
      const [dex, jup] = await Promise.all([
        get(`/tokens/v1/solana/${batch.map((tk) => tk.address).join(',')}`),
        request(sb.app)
          .get(`/jupiter/price/v3?ids=${batch.map((tk) => tk.address).join(',')}`)
          .set('x-api-key', JUP_KEY),
      ]);
      expect(dex.status).toBe(200);
      for (const tk of batch) {
        const pairs = baseOf(dex.body, tk.address);
        expect(pairs.length).toBeGreaterThan(0);
        const price = Number(pairs[0].priceUsd);
        expect(price).toBe(jup.body[tk.address].usdPrice);
        for (const p of pairs) {
          expect(Number(p.priceUsd)).toBe(price);
          expect(p.marketCap).toBeCloseTo(price * tk.circSupply, 1);
          expect(p.fdv).toBeCloseTo(price * tk.totalSupply, 1);
          expect(p.priceChange.h24).toBe(jup.body[tk.address].priceChange24h);
        }
        // The token's pairs share Jupiter's liquidity across all pools.
        const liquidity = pairs.reduce((sum, p) => sum + p.liquidity.usd, 0);
        expect(liquidity).toBeCloseTo(jup.body[tk.address].liquidity, 2);
      }
    });

    it("gives a token's main pair its venue and pool, quoted in its chain's stable or native token, and some tokens a smaller second pair", async () => {
      const res = await get(
        `/tokens/v1/solana/${priced
          .slice(0, 30)
          .map((tk) => tk.address)
          .join(',')}`,
      );
      const stableOrNative = new Set(['USDC', 'USDT', 'SOL']);
      let seconds = 0;
      for (const tk of priced.slice(0, 30)) {
        const [main, ...rest] = baseOf(res.body, tk.address);
        expect(main.pairAddress).toBe(tk.ammKey);
        expect(stableOrNative.has(main.quoteToken.symbol)).toBe(true);
        for (const second of rest) {
          seconds++;
          expect(second.liquidity.usd).toBeLessThan(main.liquidity.usd);
          expect(second.quoteToken.address).not.toBe(main.quoteToken.address);
        }
        expect(rest.length).toBeLessThanOrEqual(1);
      }
      expect(seconds).toBeGreaterThan(0);
    });

    it("matches the FOMO token board's 24 h volume and change for the same tokens", async () => {
      const board = await request(sb.app).get('/fomo/v2/leaderboard/tokens/trending?limit=100').set('Authorization', `Bearer ${SANDBOX_KEYS.fomo}`);
      expect(board.status).toBe(200);
      const rows = (board.body.tokens as Json[]).filter((row) => row.network === 'solana').slice(0, 30);
      expect(rows.length).toBeGreaterThan(0);
      const dex = await get(`/tokens/v1/solana/${rows.map((row) => row.token.address).join(',')}`);
      for (const row of rows) {
        const tk = sb.market.tokenByMintAddress(row.token.address)!;
        const pairs = baseOf(dex.body, row.token.address);
        const volume = pairs.reduce((sum, p) => sum + p.volume.h24, 0);
        expect(volume).toBeCloseTo(row.volume24hUsd, 2);
        expect(volume).toBeCloseTo(sb.market.volume(tk, DAY_MS, t()), 2);
        expect(Number(pairs[0].priceUsd)).toBe(row.priceUsd);
        expect(pairs[0].priceChange.h24).toBe(row.change24h);
        expect(pairs[0].marketCap).toBeCloseTo(row.marketCapUsd, 1);
      }
    });

    it('serves every EVM chain, matching addresses without case, and returns the pairs where an address is the quote token too', async () => {
      const aero = sb.market.tokens.find((tk) => tk.symbol === 'AERO')!;
      const res = await get(`/tokens/v1/base/${aero.address.toLowerCase()}`);
      expect(res.status).toBe(200);
      const [main] = baseOf(res.body, aero.address);
      expect(main).toMatchObject({ chainId: 'base', pairAddress: expect.stringMatching(/^0x[0-9a-f]{40}$/) });
      expect(Number(main.priceUsd)).toBe(sb.market.tokenPrice(aero, t()));
      for (const [chainId, symbol] of [
        ['ethereum', 'LINK'],
        ['bsc', 'Cake'],
        ['monad', 'CHOG'],
        ['hyperevm', 'KNTQ'],
        ['robinhood', 'TSLA'],
      ]) {
        const tk = sb.market.tokens.find((x) => x.symbol === symbol)!;
        const answer = await get(`/tokens/v1/${chainId}/${tk.address}`);
        expect(baseOf(answer.body, tk.address).length).toBeGreaterThan(0);
        expect(Number(baseOf(answer.body, tk.address)[0].priceUsd)).toBe(sb.market.tokenPrice(tk, t()));
      }
      const usdc = solana.find((tk) => tk.symbol === 'USDC')!;
      const quoted = await get(`/tokens/v1/solana/${usdc.address}`);
      expect(quoted.body.some((p: Json) => p.quoteToken.address === usdc.address)).toBe(true);
    });

    it('leaves unknown and unpriced addresses out, answers [] for an unknown chain, and is the same at the same instant', async () => {
      const unknown = '1nknownMint111111111111111111111111111111111';
      const res = await get(`/tokens/v1/solana/${unknown},${unpriced.address}`);
      expect(res.status).toBe(200);
      expect(res.body).toEqual([]);
      expect((await get(`/tokens/v1/solana/${priced[0].address.toLowerCase()}`)).body).toEqual([]);
      expect((await get(`/tokens/v1/tron/${priced[0].address}`)).body).toEqual([]);
      const a = await get(`/tokens/v1/solana/${priced[5].address}`);
      const b = await get(`/tokens/v1/solana/${priced[5].address}`);
      expect(a.body).toEqual(b.body);
    });

    it('refuses more than 30 addresses with a 400', async () => {
      const many = [...priced.slice(0, 20).map((tk) => tk.address), ...Array.from({ length: 11 }, (_, i) => `${'1'.repeat(40)}${String(i).padStart(3, '0')}`)];
      const res = await get(`/tokens/v1/solana/${many.join(',')}`);
      expect(res.status).toBe(400);
      expect(typeof res.body.message).toBe('string');
      expect((await get(`/latest/dex/tokens/${many.join(',')}`)).status).toBe(400);
    });

    it('moves with the market clock', async () => {
      const tk = priced[2];
      const before = baseOf((await get(`/tokens/v1/solana/${tk.address}`)).body, tk.address)[0];
      sb.clockRef.t += 6 * 3_600_000;
      try {
        const after = baseOf((await get(`/tokens/v1/solana/${tk.address}`)).body, tk.address)[0];
        expect(after.priceUsd).not.toBe(before.priceUsd);
        expect(Number(after.priceUsd)).toBe(sb.market.tokenPrice(tk, sb.clockRef.t));
      } finally {
        sb.clockRef.t -= 6 * 3_600_000;
      }
    });
  });

  describe('GET /latest/dex/tokens/{addresses}', () => {
    it('answers {schemaVersion, pairs} across chains, and pairs: null when none', async () => {
      const aero = sb.market.tokens.find((tk) => tk.symbol === 'AERO')!;
      const res = await get(`/latest/dex/tokens/${priced[1].address},${aero.address}`);
      expect(res.status).toBe(200);
      expect(res.body.schemaVersion).toBe('1.0.0');
      const chains = new Set((res.body.pairs as Json[]).map((p) => p.chainId));
      expect(chains).toEqual(new Set(['solana', 'base']));
      const none = await get('/latest/dex/tokens/1nknownMint111111111111111111111111111111111');
      expect(none.body).toEqual({ schemaVersion: '1.0.0', pairs: null });
    });
  });

  describe('faults and counters', () => {
    it('applies the sandbox fault rules to /dexscreener and counts its requests', async () => {
      sb.control.add({ provider: 'dexscreener', route: '/tokens/v1', status: 503, times: 1 });
      const faulted = await get(`/tokens/v1/solana/${priced[0].address}`);
      expect(faulted.status).toBe(503);
      expect(typeof faulted.body.message).toBe('string');
      expect((await get(`/tokens/v1/solana/${priced[0].address}`)).status).toBe(200);
      sb.control.add({ provider: 'dexscreener', rateLimited: true, retryAfterSec: 2, times: 1 });
      const limited = await get(`/latest/dex/tokens/${priced[0].address}`);
      expect(limited.status).toBe(429);
      expect(limited.headers['retry-after']).toBe('2');
      expect(sb.control.count('dexscreener', '/tokens/v1')).toBeGreaterThan(0);
    });

    it('is keyless and says so on the index', async () => {
      const index = await request(sb.app).get('/');
      expect(index.body.providers.dexscreener).toEqual(['/dexscreener']);
    });
  });
});
