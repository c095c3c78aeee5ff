import { NotFoundError } from '@scout/core';
import { json } from '../../test/programmable-upstream';
import { UpstreamError } from '../../upstream.types';
import { LAUNCHPAD_TTL_MS } from './launchpad.client';
import { launchpadSite } from '../../test/launchpad-client-harness';
import * as fx from './launchpad.fixture';

/** The client on a real source against a programmable stand-in: launches, pairs, LaunchLab pricing and platform totals. */

const lp = launchpadSite();
const { upstream, calls, within, answering, hit, failure } = lp;
const client = (keys?: string[]) => lp.client(keys);

describe('LaunchpadClient: launches', () => {
  it('lists launches by creator, mode and since (ISO), cached 30 s', async () => {
    answering(fx.LAUNCHES);
    const since = new Date('2026-10-01T00:00:00Z');
    const list = await within(() => client().launches({ creator: fx.PUMP_CREATOR, mode: 'standard', since, page: 1, pageSize: 2 }));
    expect(hit().url).toBe(`/stonk/api/launches?creator=${fx.PUMP_CREATOR}&mode=standard&since=2026-10-01T00%3A00%3A00.000Z&page=1&pageSize=2`);
    expect(calls[0]).toMatchObject({ endpoint: 'launchpad:/api/launches', cacheTtlMs: LAUNCHPAD_TTL_MS.list });
    expect(list.launches.map((l) => [l.symbol, l.launchpad])).toEqual([
      ['PSTONK', 'pump'],
      ['STONK', 'raydium'],
    ]);
    expect(list.launches[0].quote.logoUrl).toBe(`${lp.url}/api/asset/quote-logo/${fx.USDC_MINT}?v=0a1b2c3d`);
    await expect(within(() => client().launches({ since: new Date('x') }))).rejects.toBeInstanceOf(RangeError);
    await expect(within(() => client().launches({ creator: 'me' }))).rejects.toBeInstanceOf(RangeError);
    expect(upstream.hits).toHaveLength(1);
  });

  it("reads a launch's status (cached 5 s): processing, then completed with its mint", async () => {
    answering(fx.LAUNCH_PROCESSING);
    const status = await within(() => client().launchStatus(fx.PAYMENT_SIGNATURE));
    expect(hit().url).toBe(`/stonk/api/launches/status/${fx.PAYMENT_SIGNATURE}`);
    expect(status).toMatchObject({ status: 'processing', mint: null });
    expect(calls[0]).toMatchObject({ endpoint: 'launchpad:/api/launches/status/{paymentSignature}', cacheTtlMs: 5_000 });
    answering(fx.LAUNCH_COMPLETED);
    expect(await within(() => client().launchStatus(fx.PAYMENT_SIGNATURE))).toMatchObject({ status: 'completed', mint: fx.PUMP_MINT });
  });

  it('turns a 404 into LaunchpadNotFoundError naming the launch; refuses a malformed signature before any call', async () => {
    answering({ error: 'Launch not found' }, 404);
    await expect(within(() => client().launchStatus(fx.PAYMENT_SIGNATURE))).rejects.toMatchObject({ subject: 'launch', ref: fx.PAYMENT_SIGNATURE });
    upstream.reset((_req, res) => json(res, 200, fx.LAUNCH_COMPLETED));
    for (const bad of [fx.PUMP_MINT, `${fx.PAYMENT_SIGNATURE}0`, 'x'.repeat(89), '']) {
      await expect(within(() => client().launchStatus(bad))).rejects.toBeInstanceOf(RangeError);
    }
    expect(upstream.hits).toHaveLength(0);
  });
});

describe('LaunchpadClient: pairs and LaunchLab pricing', () => {
  it('lists pairs by category and flags (cached 10 min), logos absolute', async () => {
    answering(fx.PAIRS);
    const { pairs } = await within(() => client().pairs({ category: 'xstock', launchable: true, launchLabReady: false }));
    expect(hit().url).toBe('/stonk/api/pairs?category=xstock&launchable=true&launchLabReady=false');
    expect(calls[0]).toMatchObject({ endpoint: 'launchpad:/api/pairs', cacheTtlMs: 10 * 60_000 });
    expect(pairs.map((p) => [p.symbol, p.decimals, p.launchLabReady])).toEqual([
      ['SPYX', 8, true],
      ['USDC', 6, false],
    ]);
    expect(pairs[1].logoUrl).toBe(`${lp.url}/api/asset/quote-logo/${fx.USDC_MINT}?v=0a1b2c3d`);
    await within(() => client().pairs());
    expect(upstream.hits[1].url).toBe('/stonk/api/pairs');
  });

  it("reads a quote's LaunchLab curve (cached 5 min); 400 is LaunchpadRefusedError naming `quoteMint`, 404 not found", async () => {
    answering(fx.LAUNCHLAB_PRICING);
    const pricing = await within(() => client().launchLabPricing(fx.SPYX_MINT));
    expect(hit().url).toBe(`/stonk/api/launchlab/pricing/${fx.SPYX_MINT}`);
    expect(calls[0]).toMatchObject({ endpoint: 'launchpad:/api/launchlab/pricing/{quoteMint}', cacheTtlMs: 5 * 60_000 });
    expect(pricing).toMatchObject({ quoteDecimals: 8, supply: '1000000000000000', virtualB: '4525079574', constants: { curveType: 0 } });

    answering({ error: 'Quote USDC is not LaunchLab-ready' }, 400);
    await expect(within(() => client().launchLabPricing(fx.USDC_MINT))).rejects.toMatchObject({
      name: 'LaunchpadRefusedError',
      field: 'quoteMint',
      reason: 'Quote USDC is not LaunchLab-ready',
    });
    answering({ error: 'Unknown quote' }, 404);
    await expect(within(() => client().launchLabPricing(fx.ZEC_MINT))).rejects.toMatchObject({ name: 'LaunchpadNotFoundError', ref: fx.ZEC_MINT });
    await expect(within(() => client().launchLabPricing('USDC'))).rejects.toBeInstanceOf(RangeError);
  });
});

describe('LaunchpadClient: platform totals', () => {
  it('reads stats, revenue (daily history on request, cached longer) and rewards', async () => {
    upstream.reset((req, res) => {
      const url = req.url ?? '';
      const body = url.includes('/api/stats')
        ? fx.STATS
        : url.includes('/api/rewards')
          ? fx.REWARDS
          : url.includes('history=true')
            ? fx.REVENUE_HISTORY
            : fx.REVENUE;
      json(res, 200, body);
    });
    const c = client();
    const [stats, revenue, history, rewards] = await within(() =>
      Promise.all([c.stats(), c.revenue({ limit: 1 }), c.revenue({ history: true }), c.rewards({ limit: 1 })]),
    );
    expect(upstream.hits.map((h) => h.url).sort()).toEqual([
      '/stonk/api/revenue?history=true',
      '/stonk/api/revenue?limit=1',
      '/stonk/api/rewards?limit=1',
      '/stonk/api/stats',
    ]);
    expect(calls.map((call) => call.cacheTtlMs)).toEqual([60_000, 60_000, 10 * 60_000, 60_000]);
    expect(stats.config.graduationThresholds).toEqual({ raydium: 69_000, launchlab: 69_000, pump: 69_000 });
    expect(revenue.daily).toBeNull();
    expect(history.daily?.map((d) => d.day)).toEqual(['2026-09-30', '2026-10-01']);
    expect(rewards.coins[0]).toMatchObject({ mint: fx.ZCAT_MINT, distributedRaw: '1250000000' });
    await expect(within(() => c.revenue({ limit: 500 }))).rejects.toBeInstanceOf(RangeError);
  });

  it('lets a 404 on a platform route through as the source failure (no token to name)', async () => {
    answering({ error: 'Not found' }, 404);
    const err = await failure(within(() => client().stats()));
    expect(err).toBeInstanceOf(UpstreamError);
    expect(err).not.toBeInstanceOf(NotFoundError);
  });
});
