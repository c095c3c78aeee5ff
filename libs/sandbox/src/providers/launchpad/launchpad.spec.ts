/**
 * The launchpad stand-in: every route answers in the shapes of @scout/upstream's launchpad schemas,
 * refuses what the site refuses, and moves with the sandbox clock (coins launch, payments complete).
 */
import request from 'supertest';
import {
  launchpadLaunchLabPricingSchema,
  launchpadLaunchListSchema,
  launchpadLaunchStatusSchema,
  launchpadPairListSchema,
  launchpadPlatformRevenueSchema,
  launchpadPlatformRewardsSchema,
  launchpadPlatformStatsSchema,
  launchpadTokenAirdropSchema,
  launchpadTokenBackingSchema,
  launchpadTokenBurnsSchema,
  launchpadTokenDetailSchema,
  launchpadTokenFeesSchema,
  launchpadTokenListSchema,
  launchpadTokenRewardsSchema,
} from '@scout/upstream';
import type { ZodTypeAny } from 'zod';
import { createMarket, DAY_MS } from '../../market';
import { SANDBOX_KEYS } from '../../server';
import { fixedSandbox, NOW } from '../../test/helpers';
import { LaunchpadEconomics } from './economics';
import { launchLabCurve } from './curve';
import { NO_AIRDROP } from './extras';
import { PlatformBook } from './platform';
import { LaunchpadWorld } from './world';

type Json = Record<string, any>;

describe('launchpad stand-in', () => {
  const sb = fixedSandbox();
  const call = (path: string, key: string | null = SANDBOX_KEYS.launchpad) => {
    const r = request(sb.app).get(`/launchpad${path}`);
    return key === null ? r : r.set('x-api-key', key);
  };
  /** GET, expect 200, and parse with the schema (the error names the failing field). */
  const read = async (path: string, schema: ZodTypeAny): Promise<Json> => {
    const res = await call(path);
    if (res.status !== 200) throw new Error(`${path}: ${res.status} ${JSON.stringify(res.body)}`);
    const parsed = schema.safeParse(res.body);
    if (!parsed.success) throw new Error(`${path}: ${parsed.error.message}`);
    return res.body as Json;
  };
  let fx: Json;

  beforeAll(async () => {
    fx = (await request(sb.app).get('/__control/fixtures')).body.launchpad;
  });
  afterEach(() => {
    sb.clockRef.t = NOW;
    sb.control.clear();
  });

  it('names a few coins of every path and mode, payments both ways, quotes and a serial creator in /__control/fixtures', () => {
    for (const path of ['raydium', 'launchlab', 'pump'])
      for (const mode of ['standard', 'reward']) expect(fx.mints[`${path}_${mode}`].length).toBeGreaterThanOrEqual(2);
    expect(fx.processingSignature).toEqual(expect.any(String));
    expect(fx.completedSignature).toEqual(expect.any(String));
    expect(fx.launchLabReadyQuote).not.toBe(fx.notLaunchLabReadyQuote);
    expect(fx.serialCreator.launches).toBeGreaterThanOrEqual(3);
  });

  it('answers every route in the schema the client parses with', async () => {
    await read('/api/tokens', launchpadTokenListSchema);
    await read('/api/tokens?sort=newest&pageSize=5&mode=reward&category=xstock', launchpadTokenListSchema);
    await read('/api/tokens?sort=volume&status=graduated&page=2&pageSize=10', launchpadTokenListSchema);
    for (const mints of Object.values(fx.mints as Record<string, string[]>)) {
      const mint = mints[0];
      const detail = await read(`/api/tokens/${mint}`, launchpadTokenDetailSchema);
      expect(detail.token.launch.mint).toBe(mint);
      await read(`/api/tokens/${mint}/burns?limit=5`, launchpadTokenBurnsSchema);
      await read(`/api/tokens/${mint}/rewards?limit=5`, launchpadTokenRewardsSchema);
      await read(`/api/tokens/${mint}/airdrop`, launchpadTokenAirdropSchema);
      await read(`/api/tokens/${mint}/fees`, launchpadTokenFeesSchema);
    }
    await read(`/api/tokens/${fx.pumpMint}/backing`, launchpadTokenBackingSchema);
    await read(`/api/tokens/${fx.airdropMint}/airdrop?limit=3`, launchpadTokenAirdropSchema);
    await read(`/api/launches?creator=${fx.serialCreator.wallet}&mode=standard&since=2026-01-01T00:00:00Z`, launchpadLaunchListSchema);
    await read(`/api/launches/status/${fx.processingSignature}`, launchpadLaunchStatusSchema);
    await read(`/api/launches/status/${fx.completedSignature}`, launchpadLaunchStatusSchema);
    await read('/api/pairs?category=xstock&launchable=true', launchpadPairListSchema);
    await read(`/api/launchlab/pricing/${fx.launchLabReadyQuote}`, launchpadLaunchLabPricingSchema);
    await read('/api/stats', launchpadPlatformStatsSchema);
    await read('/api/revenue?limit=5&history=true', launchpadPlatformRevenueSchema);
    await read('/api/rewards?limit=5', launchpadPlatformRewardsSchema);
    const logo = await call(`/api/asset/quote-logo/${fx.xstockQuote}?v=1`);
    expect(logo.status).toBe(200);
    expect(logo.headers['content-type']).toMatch(/^image\//);
  });

  it('refuses a missing or wrong key with 401 { error }', async () => {
    for (const key of [null, 'wrong']) {
      const res = await call('/api/stats', key);
      expect(res.status).toBe(401);
      expect(res.body).toEqual({ error: expect.any(String) });
    }
  });

  it('answers 404 for an unknown mint, signature or quote, 400 for bad parameters, backing off pump and a quote not LaunchLab-ready', async () => {
    const unknown = 'ScoutNoSuchMint1111111111111111111111111pump';
    for (const p of ['', '/burns', '/rewards', '/airdrop', '/fees', '/backing']) expect((await call(`/api/tokens/${unknown}${p}`)).status).toBe(404);
    expect((await call(`/api/launches/status/${'1'.repeat(88)}`)).status).toBe(404);
    expect((await call(`/api/launchlab/pricing/${unknown}`)).status).toBe(404);
    const notReady = await call(`/api/launchlab/pricing/${fx.notLaunchLabReadyQuote}`);
    expect(notReady.status).toBe(400);
    expect(notReady.body).toEqual({ error: expect.stringContaining('LaunchLab') });
    const backing = await call(`/api/tokens/${fx.nonPumpMint}/backing`);
    expect(backing.status).toBe(400);
    expect(backing.body.error).toContain('raydium');
    for (const q of ['pageSize=0', 'pageSize=101', 'page=0', 'sort=age', 'mode=turbo', 'status=dead'])
      expect((await call(`/api/tokens?${q}`)).status).toBe(400);
    for (const q of ['since=yesterday', 'pageSize=500', 'mode=x']) expect((await call(`/api/launches?${q}`)).status).toBe(400);
    expect((await call(`/api/tokens/${fx.pumpMint}/burns?limit=101`)).status).toBe(400);
    expect((await call('/api/revenue?limit=0')).status).toBe(400);
  });

  it('a coin that has not launched yet is unknown; its payment is processing, then completed with the mint once it launches', async () => {
    const sig = fx.processingSignature as string;
    const before = await read(`/api/launches/status/${sig}`, launchpadLaunchStatusSchema);
    expect(before).toMatchObject({ status: 'processing', mint: null });
    const tokens = (await read('/api/tokens?pageSize=100', launchpadTokenListSchema)).pagination.total;
    // The next launch is at most 9 days away.
    sb.clockRef.t = NOW + 9.5 * DAY_MS;
    const after = await read(`/api/launches/status/${sig}`, launchpadLaunchStatusSchema);
    expect(after.status).toBe('completed');
    expect(after.mint).toEqual(expect.any(String));
    const detail = await read(`/api/tokens/${after.mint}`, launchpadTokenDetailSchema);
    expect(Date.parse(detail.token.createdAt)).toBeLessThanOrEqual(sb.clockRef.t);
    expect((await read('/api/tokens', launchpadTokenListSchema)).pagination.total).toBeGreaterThan(tokens);
    sb.clockRef.t = NOW;
    expect((await call(`/api/tokens/${after.mint}`)).status).toBe(404);
  });

  it("launches on all three paths in both modes: reward coins are Token-2022 with a transfer fee, graduation at the launch record's target", async () => {
    const stats = await read('/api/stats', launchpadPlatformStatsSchema);
    const all = (await read('/api/tokens?pageSize=100', launchpadTokenListSchema)).tokens as Json[];
    expect(new Set(all.map((t) => `${t.launchpad}/${t.mode}`)).size).toBe(6);
    for (const t of all) {
      const threshold = (await read(`/api/tokens/${t.mint}`, launchpadTokenDetailSchema)).token.launch.targetMarketCapUsd;
      // Raydium and pump graduate at their path's threshold; LaunchLab at its curve's own point.
      if (t.launchpad !== 'launchlab') expect(threshold).toBe(stats.config.graduationThresholds[t.launchpad]);
      expect(t.mode === 'reward' ? t.transferFee.bps : t.transferFee).toEqual(t.mode === 'reward' ? expect.any(Number) : null);
      expect(sb.market.tokenByMintAddress(t.mint)!.tokenProgram).toBe(
        t.mode === 'reward' ? 'TokenzQdBNbLqP5VEhdkAS6EPFLC1PHnBqCXEpPxuEb' : 'TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA',
      );
      if (t.status === 'graduated') {
        expect(t.graduationProgress).toBe(1);
        expect(t.market.peakMarketCapUsd).toBeGreaterThanOrEqual(threshold);
        expect(Date.parse(t.graduatedAt)).toBeGreaterThanOrEqual(Date.parse(t.createdAt));
      } else {
        expect(t.graduatedAt).toBeNull();
        expect(t.graduationProgress).toBeCloseTo(Math.min(0.999, t.market.marketCapUsd / threshold), 3);
      }
    }
    expect(all.some((t) => t.status === 'graduated')).toBe(true);
    expect(all.some((t) => t.status === 'bonding')).toBe(true);
  });

  it("a LaunchLab coin's target is where the pricing route's curve graduates, at the quote's price at launch", async () => {
    const coins = (await read('/api/tokens?pageSize=100', launchpadTokenListSchema)).tokens.filter((t: Json) => t.launchpad === 'launchlab');
    expect(coins.length).toBeGreaterThan(0);
    for (const t of coins) {
      const launch = (await read(`/api/tokens/${t.mint}`, launchpadTokenDetailSchema)).token.launch;
      const p = await read(`/api/launchlab/pricing/${t.quote.mint}`, launchpadLaunchLabPricingSchema);
      const [a, b, sell, raise, supply] = [p.virtualA, p.virtualB, p.totalSellA, p.totalFundRaisingB, p.supply].map((v: string) => BigInt(v));
      const graduationInQuote = Number(((b + raise) * supply) / (a - sell)) / 10 ** p.quoteDecimals;
      const quotePriceAtLaunch = sb.market.tokenPrice(sb.market.tokenByMintAddress(t.quote.mint)!, Date.parse(launch.createdAt))!;
      expect(launch.targetMarketCapUsd).toBeCloseTo(graduationInQuote * quotePriceAtLaunch, 1);
    }
  });

  it('serves LaunchLab raw u64 curve parameters that satisfy the constant product', async () => {
    const p = await read(`/api/launchlab/pricing/${fx.launchLabReadyQuote}`, launchpadLaunchLabPricingSchema);
    const [a, b, sell, raise] = [p.virtualA, p.virtualB, p.totalSellA, p.totalFundRaisingB].map((v: string) => BigInt(v));
    expect((a * b) / (a - sell) - b).toBe(raise);
    expect(BigInt(p.supply)).toBeGreaterThan(sell);
    // Start price (quote per base, whole tokens) × supply: the configured start market cap (USDC: 5,000).
    const start = (Number(b) / 10 ** p.quoteDecimals / (Number(a) / 10 ** p.baseDecimals)) * (Number(p.supply) / 10 ** p.baseDecimals);
    expect(start).toBeCloseTo(5_000, 0);
    const q = sb.launchpad.world.quote(fx.launchLabReadyQuote)!;
    expect(launchLabCurve(q).totalFundRaisingB.toString()).toBe(p.totalFundRaisingB);
  });

  it('fees are claimable only on standard Raydium launches; most coins launched without an airdrop', async () => {
    const all = (await read('/api/tokens?pageSize=100', launchpadTokenListSchema)).tokens as Json[];
    let airdrops = 0;
    for (const t of all.slice(0, 40)) {
      const fees = (await call(`/api/tokens/${t.mint}/fees`)).body;
      if (t.mode === 'standard' && t.launchpad === 'raydium') expect(fees).toMatchObject({ claimable: { valueUsd: expect.any(Number) }, reason: null });
      else expect(fees).toMatchObject({ claimable: null, reason: expect.any(String) });
      const drop = (await call(`/api/tokens/${t.mint}/airdrop`)).body;
      if (drop.airdrop) airdrops++;
      else expect(drop.message).toBe(NO_AIRDROP);
    }
    expect(airdrops).toBeGreaterThan(0);
    expect(airdrops).toBeLessThan(20);
  });

  it("pages /api/launches newest first, and a creator's launches are theirs", async () => {
    const first = await read('/api/launches?pageSize=10', launchpadLaunchListSchema);
    const second = await read('/api/launches?pageSize=10&page=2', launchpadLaunchListSchema);
    const times = [...first.launches, ...second.launches].map((l: Json) => Date.parse(l.createdAt));
    expect(times).toEqual([...times].sort((x, y) => y - x));
    const mine = await read(`/api/launches?creator=${fx.serialCreator.wallet}&pageSize=100`, launchpadLaunchListSchema);
    expect(mine.pagination.total).toBe(fx.serialCreator.launches);
    expect(mine.launches.every((l: Json) => l.creator === fx.serialCreator.wallet)).toBe(true);
  });

  it("a fault can target provider 'launchpad'", async () => {
    sb.control.add({ provider: 'launchpad', status: 503 });
    const res = await call('/api/stats');
    expect(res.status).toBe(503);
    expect(res.body).toEqual({ error: expect.any(String) });
  });

  it('is a pure function of seed and clock, and cheap to build', () => {
    const t0 = performance.now();
    const m = createMarket({ seed: 42, now: () => NOW });
    const w = new LaunchpadWorld(m);
    const stats = new PlatformBook(w, new LaunchpadEconomics(w)).stats(NOW);
    const ms = performance.now() - t0;
    expect(ms).toBeLessThan(1_000);
    expect(stats).toEqual(sb.launchpad.platform.stats(NOW));
  });
});
