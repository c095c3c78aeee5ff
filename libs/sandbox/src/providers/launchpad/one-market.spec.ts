/**
 * One market: a launchpad coin is a market token, so the launchpad, Jupiter, DexScreener and Solana
 * Tracker give it the same price, market cap and creator at the same instant; its quotes are
 * market tokens too.
 */
import request from 'supertest';
import { DAY_MS } from '../../market';
import { SANDBOX_KEYS } from '../../server';
import { fixedSandbox, JUP_KEY, NOW } from '../../test/helpers';

type Json = Record<string, any>;

describe.each([
  ['NOW', 0],
  ['five months later', 158 * DAY_MS],
])('launchpad coins in one market (%s)', (_label, shift) => {
  const sb = fixedSandbox();
  const get = async (path: string, headers: Record<string, string> = {}): Promise<any> => {
    let r = request(sb.app).get(path);
    for (const [k, v] of Object.entries(headers)) r = r.set(k, v);
    const res = await r;
    if (res.status !== 200) throw new Error(`${path}: ${res.status} ${JSON.stringify(res.body)}`);
    return res.body;
  };
  let tokens: Json[];

  beforeAll(async () => {
    sb.clockRef.t = NOW + shift;
    tokens = (await get('/launchpad/api/tokens?pageSize=100', { 'x-api-key': SANDBOX_KEYS.launchpad })).tokens;
  });

  it('prices every coin as Jupiter, DexScreener and Solana Tracker do, market cap and 24 h volume too', async () => {
    const mints = tokens.map((t) => t.mint);
    expect(mints.length).toBeGreaterThan(10);
    const jup = new Map<string, Json>(
      ((await get(`/jupiter/tokens/v2/search?query=${mints.join(',')}`, { 'x-api-key': JUP_KEY })) as Json[]).map((j) => [j.id, j]),
    );
    const dex = (await get(`/dexscreener/tokens/v1/solana/${mints.slice(0, 30).join(',')}`)) as Json[];
    for (const t of tokens) {
      const j = jup.get(t.mint)!;
      expect(t.market.priceUsd).toBe(j.usdPrice);
      expect(t.market.marketCapUsd).toBeCloseTo(j.mcap, 2);
      expect(t.market.liquidityUsd).toBe(j.liquidity);
      expect(t.market.priceChange24h).toBe(j.stats24h.priceChange);
      expect(j.launchpad).toBe('stonk.fun');
      expect(j.dev).toBe(t.creator);
    }
    for (const t of tokens.slice(0, 30)) {
      const pairs = dex.filter((p) => p.baseToken.address === t.mint);
      expect(pairs.length).toBeGreaterThan(0);
      for (const p of pairs) {
        expect(Number(p.priceUsd)).toBe(t.market.priceUsd);
        expect(p.marketCap).toBeCloseTo(t.market.marketCapUsd, 1);
      }
      expect(pairs.reduce((a, p) => a + p.volume.h24, 0)).toBeCloseTo(t.market.volume24hUsd, 0);
    }
    for (const t of tokens.slice(0, 8)) {
      const st = await get(`/solana-tracker/tokens/${t.mint}`, { 'x-api-key': SANDBOX_KEYS.solanaTracker });
      expect(st.pools[0].price.usd).toBe(t.market.priceUsd);
      expect(st.pools[0].marketCap.usd).toBeCloseTo(t.market.marketCapUsd, 1);
    }
  });

  it('a quote is a market token: LaunchLab pricing quotes it at the market price', async () => {
    const pairs = (await get('/launchpad/api/pairs', { 'x-api-key': SANDBOX_KEYS.launchpad })).pairs as Json[];
    expect(pairs.map((p) => p.symbol).sort()).toEqual(['NVDAx', 'SPYx', 'STNK', 'USDC']);
    for (const p of pairs) expect(sb.market.tokenByMintAddress(p.mint)).toBeDefined();
    const spyx = pairs.find((p) => p.symbol === 'SPYx')!;
    const pricing = await get(`/launchpad/api/launchlab/pricing/${spyx.mint}`, { 'x-api-key': SANDBOX_KEYS.launchpad });
    const jup = (await get(`/jupiter/price/v3?ids=${spyx.mint}`, { 'x-api-key': JUP_KEY })) as Json;
    expect(pricing.quotePriceUsd).toBe(jup[spyx.mint].usdPrice);
  });
});
