import { CallMeter, RequestContext, type ToolContext } from '@scout/core';
import { launchpadFixtures, SANDBOX_KEYS, startSandbox, type RunningSandbox } from '@scout/sandbox';
import { HttpUpstreamSource } from '../../http-upstream-source';
import { JupiterClient } from '../jupiter/jupiter.client';
import { LaunchpadClient } from './launchpad.client';
import { LaunchpadNotFoundError, LaunchpadRefusedError } from './launchpad.errors';

/** The client over a real source against the sandbox's stand-in: every answer parses, and its sums hold. */
describe('LaunchpadClient over the sandbox', () => {
  let sandbox: RunningSandbox;
  const opened: HttpUpstreamSource[] = [];
  let client: LaunchpadClient;
  let jupiter: JupiterClient;
  /** The stand-in's named inputs at this clock, each one required. */
  let fx: { [K in keyof ReturnType<typeof launchpadFixtures>]: NonNullable<ReturnType<typeof launchpadFixtures>[K]> };
  const now = Date.parse('2026-06-15T12:00:00Z');

  const within = <T>(fn: () => Promise<T>): Promise<T> => {
    const context: ToolContext = { tool: 'service_token_prices', requestId: 'r', caller: null, meter: new CallMeter(), deadlineAt: Date.now() + 30_000 };
    return RequestContext.run(context, fn);
  };
  const source = (name: string, baseUrl: string, key: string) => {
    const s = new HttpUpstreamSource({ name, baseUrl, keys: [key], keyPlacement: { kind: 'header', header: 'x-api-key' }, timeoutMs: 20_000, retries: 0 });
    opened.push(s);
    return s;
  };

  beforeAll(async () => {
    sandbox = await startSandbox({ seed: 42, now: () => now });
    client = new LaunchpadClient(source('launchpad', sandbox.urls.launchpad, SANDBOX_KEYS.launchpad), sandbox.urls.launchpad);
    jupiter = new JupiterClient(source('jupiter', sandbox.urls.jupiter, SANDBOX_KEYS.jupiter));
    const named = launchpadFixtures(sandbox.launchpad.world, now);
    for (const [name, value] of Object.entries(named)) if (value === null) throw new Error(`The sandbox names no ${name} at this clock`);
    fx = named as typeof fx;
  });

  afterAll(async () => {
    await Promise.all(opened.map((s) => s.close()));
    await sandbox?.close();
  });

  beforeEach(() => sandbox.control.reset());

  it('lists every coin the platform counts; statuses add up to its graduated total; logos are absolute and served', async () => {
    const [all, graduated, stats] = await within(() =>
      Promise.all([client.tokens({ pageSize: 100 }), client.tokens({ status: 'graduated', pageSize: 1 }), client.stats()]),
    );
    expect(all.pagination.total).toBe(stats.totals.tokens);
    expect(graduated.pagination.total).toBe(stats.totals.graduated);
    expect(all.tokens.length).toBe(Math.min(100, stats.totals.tokens));
    const logo = all.tokens[0].quote.logoUrl!;
    expect(logo.startsWith(`${sandbox.urls.launchpad}/api/asset/`)).toBe(true);
    const image = await fetch(logo, { headers: { 'x-api-key': SANDBOX_KEYS.launchpad } });
    expect(image.status).toBe(200);
    expect(image.headers.get('content-type')).toMatch(/^image\//);
  });

  it("reads a coin at Jupiter's price (a launchpad coin is a market token), with its launch record", async () => {
    const [{ token }, [info]] = await within(() => Promise.all([client.token(fx.pumpMint), jupiter.searchTokens(fx.pumpMint)]));
    expect(token.launch).toMatchObject({ mint: fx.pumpMint, launchpad: 'pump' });
    expect(token.market.priceUsd).toBeCloseTo(info.usdPrice!, 10);
  });

  it("reads a token's burns, rewards, airdrop, fees and backing; backing of a non-pump coin is refused naming `mint`", async () => {
    const [burns, rewards, airdrop, none, fees, backing] = await within(() =>
      Promise.all([
        client.burns(fx.rewardMint, 100),
        client.tokenRewards(fx.rewardMint, 100),
        client.airdrop(fx.airdropMint),
        client.airdrop(fx.noAirdropMint),
        client.fees(fx.nonPumpMint),
        client.backing(fx.pumpMint),
      ]),
    );
    expect(burns.burns.length).toBeLessThanOrEqual(burns.totals.burnCount);
    expect(rewards.mode).toBe('reward');
    expect(rewards.rewards).not.toBeNull();
    expect(airdrop.airdrop).not.toBeNull();
    expect(none.airdrop).toBeNull();
    expect(fees.mint).toBe(fx.nonPumpMint);
    expect(backing).toMatchObject({ mint: fx.pumpMint, launchpad: 'pump' });
    await expect(within(() => client.backing(fx.nonPumpMint))).rejects.toBeInstanceOf(LaunchpadRefusedError);
    await expect(within(() => client.backing(fx.nonPumpMint))).rejects.toMatchObject({ field: 'mint' });
  });

  it("answers an unknown mint or payment signature 404 (LaunchpadNotFoundError); a launch's status is completed with its mint", async () => {
    await expect(within(() => client.token('So11111111111111111111111111111111111111112'))).rejects.toBeInstanceOf(LaunchpadNotFoundError);
    const done = await within(() => client.launchStatus(fx.completedSignature));
    expect(done).toMatchObject({ status: 'completed', mint: fx.completedMint });
    // A launch paid for moments ago is still being made (the sandbox's clock has one in flight).
    expect(await within(() => client.launchStatus(fx.processingSignature))).toMatchObject({ status: 'processing', mint: null });
    const unknown = '1'.repeat(87);
    await expect(within(() => client.launchStatus(unknown))).rejects.toMatchObject({ subject: 'launch', ref: unknown });
  });

  it("lists pairs and a creator's launches; prices a LaunchLab-ready quote, refuses the others naming `quoteMint`", async () => {
    const [pairs, launches, pricing] = await within(() =>
      Promise.all([client.pairs(), client.launches({ creator: fx.serialCreator.wallet, pageSize: 100 }), client.launchLabPricing(fx.launchLabReadyQuote)]),
    );
    expect(pairs.pairs.find((p) => p.mint === fx.launchLabReadyQuote)?.launchLabReady).toBe(true);
    expect(launches.pagination.total).toBe(fx.serialCreator.launches);
    expect(launches.launches.every((l) => l.creator === fx.serialCreator.wallet)).toBe(true);
    expect(pricing.quoteMint).toBe(fx.launchLabReadyQuote);
    expect(BigInt(pricing.totalSellA)).toBeLessThan(BigInt(pricing.supply));
    await expect(within(() => client.launchLabPricing(fx.notLaunchLabReadyQuote))).rejects.toMatchObject({ name: 'LaunchpadRefusedError', field: 'quoteMint' });
  });

  it("the platform's sums hold: daily revenue adds to total revenue, per-coin rewards to the platform's", async () => {
    const [stats, revenue, rewards] = await within(() => Promise.all([client.stats(), client.revenue({ history: true }), client.rewards({ limit: 100 })]));
    const daily = revenue.daily!.reduce((sum, d) => sum + d.dailyRevenue, 0);
    expect(daily).toBeCloseTo(revenue.revenue.totalUsd, 2);
    expect(stats.revenue.totalUsd).toBeCloseTo(revenue.revenue.totalUsd, 2);
    expect(rewards.coins.length).toBeGreaterThan(0);
    const coin = rewards.coins[0];
    const own = await within(() => client.tokenRewards(coin.mint));
    expect(own.rewards).toMatchObject({ distributedRaw: coin.distributedRaw, payoutCount: coin.payoutCount });
  });

  it("every coin's burns add up to the platform's burn totals", async () => {
    const [{ tokens }, stats] = await within(() => Promise.all([client.tokens({ pageSize: 100 }), client.stats()]));
    expect(tokens.length).toBe(stats.totals.tokens);
    const burns = await within(() => Promise.all(tokens.map((t) => client.burns(t.mint, 1))));
    expect(burns.reduce((n, b) => n + b.totals.burnCount, 0)).toBe(stats.burns.burnCount);
    expect(burns.reduce((sum, b) => sum + (b.totals.valueUsdAtBurn ?? 0), 0)).toBeCloseTo(stats.burns.totalUsd!, 2);
  });
});
