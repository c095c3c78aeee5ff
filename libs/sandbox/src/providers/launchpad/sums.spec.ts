/**
 * The launchpad's sums hold, at two instants of the sandbox clock: burns add to the burn totals,
 * daily revenue to total revenue, per-coin rewards to the platform's, statuses to the graduated
 * count, the token list's total to stats.totals.tokens, and the launches ledger to the tokens.
 */
import request from 'supertest';
import { DAY_MS } from '../../market';
import { SANDBOX_KEYS } from '../../server';
import { fixedSandbox, NOW } from '../../test/helpers';

type Json = Record<string, any>;
const cents = (usd: number) => Math.round(usd * 100);

describe.each([
  ['NOW', 0],
  ['five months later', 158 * DAY_MS],
])('launchpad sums (%s)', (_label, shift) => {
  const sb = fixedSandbox();
  const get = async (path: string): Promise<Json> => {
    const res = await request(sb.app).get(`/launchpad${path}`).set('x-api-key', SANDBOX_KEYS.launchpad);
    if (res.status !== 200) throw new Error(`${path}: ${res.status} ${JSON.stringify(res.body)}`);
    return res.body as Json;
  };
  /** Every page of a paged list. */
  const all = async (path: string, field: string): Promise<Json[]> => {
    const out: Json[] = [];
    for (let page = 1; ; page++) {
      const body = await get(`${path}${path.includes('?') ? '&' : '?'}pageSize=7&page=${page}`);
      out.push(...body[field]);
      if (page >= body.pagination.totalPages) return out;
    }
  };
  let stats: Json;
  let tokens: Json[];

  beforeAll(async () => {
    sb.clockRef.t = NOW + shift;
    stats = await get('/api/stats');
    tokens = await all('/api/tokens?sort=newest', 'tokens');
  });

  it('the token list pages add up to stats.totals.tokens, each coin once', async () => {
    const first = await get('/api/tokens?pageSize=7');
    expect(first.pagination.total).toBe(stats.totals.tokens);
    expect(tokens).toHaveLength(stats.totals.tokens);
    expect(new Set(tokens.map((t) => t.mint)).size).toBe(tokens.length);
    expect(stats.totals.tokens).toBeGreaterThan(10);
  });

  it('statuses add to the graduated count; reward coins, about-to-graduate, market cap and volume to theirs', () => {
    expect(tokens.filter((t) => t.status === 'graduated')).toHaveLength(stats.totals.graduated);
    expect(tokens.filter((t) => t.mode === 'reward')).toHaveLength(stats.totals.rewardLaunches);
    expect(tokens.filter((t) => t.status === 'bonding' && t.graduationProgress >= 0.8)).toHaveLength(stats.totals.aboutToGraduate);
    expect(tokens.reduce((a, t) => a + cents(t.market.marketCapUsd), 0)).toBeCloseTo(cents(stats.totals.totalMarketCapUsd), -1);
    expect(tokens.reduce((a, t) => a + cents(t.market.volume24hUsd), 0)).toBeCloseTo(cents(stats.totals.volume24hUsd), -1);
  });

  it('the launches ledger is the tokens: one launch per coin, same creator, mode, path and launch time', async () => {
    const launches = await all('/api/launches', 'launches');
    expect(launches).toHaveLength(tokens.length);
    const byMint = new Map(tokens.map((t) => [t.mint, t]));
    for (const l of launches) {
      const t = byMint.get(l.mint)!;
      expect({ creator: l.creator, mode: l.mode, launchpad: l.launchpad, createdAt: l.createdAt, quote: l.quote.mint }).toEqual({
        creator: t.creator,
        mode: t.mode,
        launchpad: t.launchpad,
        createdAt: t.createdAt,
        quote: t.quote.mint,
      });
    }
  });

  it('every burn adds to its coin totals, and coin totals to the platform burn totals and buybacks', async () => {
    let usd = 0;
    let count = 0;
    for (const t of tokens) {
      const b = await get(`/api/tokens/${t.mint}/burns?limit=100`);
      expect(b.burns).toHaveLength(Math.min(100, b.totals.burnCount));
      if (b.totals.burnCount <= 100) {
        expect(b.burns.reduce((a: number, x: Json) => a + cents(x.valueUsdAtBurn), 0)).toBe(cents(b.totals.valueUsdAtBurn));
        const raw = b.burns.reduce((a: number, x: Json) => a + Math.round(x.amountTokens * 1e6), 0);
        expect(raw).toBe(Number(b.totals.amountRaw));
      }
      if (!t.flywheel.active) expect(b.totals.burnCount).toBe(0);
      usd += cents(b.totals.valueUsdAtBurn);
      count += b.totals.burnCount;
    }
    expect(count).toBeGreaterThan(0);
    expect(count).toBe(stats.burns.burnCount);
    expect(usd).toBe(cents(stats.burns.totalUsd));
    const revenue = await get('/api/revenue?limit=100');
    expect(revenue.buybacks).toEqual({ totalUsd: stats.burns.totalUsd, count });
    expect(revenue.burnsBySource.flywheel).toEqual({ valueUsd: stats.burns.totalUsd, count });
    expect(stats.revenue.buybackUsd).toBe(stats.burns.totalUsd);
  });

  it('daily revenue adds to total revenue, holders and protocol each', async () => {
    const r = await get('/api/revenue?history=true');
    const sum = (k: string) => r.daily.reduce((a: number, d: Json) => a + cents(d[k]), 0);
    expect(sum('dailyRevenue')).toBe(cents(r.revenue.totalUsd));
    expect(sum('dailyHoldersRevenue')).toBe(cents(r.revenue.holdersUsd));
    expect(sum('dailyProtocolRevenue')).toBe(cents(r.revenue.protocolUsd));
    for (const d of r.daily) expect(cents(d.dailyRevenue)).toBe(cents(d.dailyHoldersRevenue) + cents(d.dailyProtocolRevenue));
    expect(r.revenue).toEqual({ totalUsd: stats.revenue.totalUsd, holdersUsd: stats.revenue.holdersUsd, protocolUsd: stats.revenue.protocolUsd });
    const days = r.daily.map((d: Json) => d.day);
    expect(days).toEqual([...days].sort());
    expect(days[days.length - 1]).toBe(new Date(sb.clockRef.t).toISOString().slice(0, 10));
  });

  it("per-coin rewards add to the platform's, and what was paid is the holders' revenue but the days still accruing", async () => {
    const platform = await get('/api/rewards?limit=100');
    const byMint = new Map<string, Json>(platform.coins.map((c: Json) => [c.mint, c]));
    let paidUsd = 0;
    for (const t of tokens) {
      const r = await get(`/api/tokens/${t.mint}/rewards?limit=100`);
      if (t.mode === 'standard') {
        expect(r.rewards).toBeNull();
        expect(byMint.has(t.mint)).toBe(false);
        continue;
      }
      const p = byMint.get(t.mint)!;
      expect(p.distributedRaw).toBe(r.rewards.distributedRaw);
      expect(p.payoutCount).toBe(r.rewards.payoutCount);
      if (r.rewards.payoutCount <= 100) expect(r.payouts.reduce((a: bigint, x: Json) => a + BigInt(x.amountRaw), 0n).toString()).toBe(r.rewards.distributedRaw);
      paidUsd += cents(p.distributedUsd);
    }
    expect(platform.coins).toHaveLength(stats.totals.rewardLaunches);
    expect(paidUsd).toBeGreaterThan(0);
    // Paid out: every complete day's holders' revenue but the last day or so, still accruing.
    expect(paidUsd).toBeLessThanOrEqual(cents(stats.revenue.holdersUsd));
    expect(paidUsd).toBeGreaterThan(cents(stats.revenue.holdersUsd) * 0.9);
  });
});
