import { CallMeter, RequestContext, type ToolContext } from '@scout/core';
import { fomoFixtures, SANDBOX_KEYS, startSandbox, type RunningSandbox } from '@scout/sandbox';
import { HttpUpstreamSource } from '../../http-upstream-source';
import { UpstreamError } from '../../upstream.types';
import { JupiterClient } from '../jupiter/jupiter.client';
import { SolanaTrackerClient, TokenAnalyticsNotFoundError } from './solana-tracker.client';

/** The client over a real source against the sandbox's stand-in: every answer parses, and agrees with Jupiter and FOMO. */
describe('SolanaTrackerClient over the sandbox', () => {
  let sandbox: RunningSandbox;
  const opened: HttpUpstreamSource[] = [];
  let client: SolanaTrackerClient;
  let jupiter: JupiterClient;
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
  /** The launches with a tracked developer this clock has passed. */
  const launches = () => fomoFixtures(sandbox.fomo.world).launches.filter((l) => Date.parse(l.launchedAt) <= now);

  beforeAll(async () => {
    sandbox = await startSandbox({ seed: 42, now: () => now });
    client = new SolanaTrackerClient(source('token-analytics', sandbox.urls.solanaTracker, SANDBOX_KEYS.solanaTracker));
    jupiter = new JupiterClient(source('jupiter', sandbox.urls.jupiter, SANDBOX_KEYS.jupiter));
  });

  afterAll(async () => {
    await Promise.all(opened.map((s) => s.close()));
    await sandbox?.close();
  });

  beforeEach(() => sandbox.control.reset());

  it("reads a launched coin as Jupiter's audit describes it, deployed by its tracked developer", async () => {
    const launch = launches()[0];
    const [token, [info]] = await within(() => Promise.all([client.token(launch.address), jupiter.searchTokens(launch.address)]));
    const dev = sandbox.fomo.world.resolve(launch.dev.userId)!;
    expect(token.token.creation?.creator).toBe(dev.wallets.solana);
    expect(info.dev).toBe(dev.wallets.solana);
    expect(token.holders).toBe(info.holderCount);
    expect(token.risk.top10).toBe(info.audit?.topHoldersPercentage);
    expect(token.risk.dev?.percentage).toBe(info.audit?.devBalancePercentage);
    expect(token.pools[0].security).toEqual({ mintAuthority: info.mintAuthority ?? null, freezeAuthority: info.freezeAuthority ?? null });
    expect(token.pools[0].price?.usd).toBe(info.usdPrice);
    expect(token.pools[0].marketCap?.usd).toBe(info.mcap);
    expect(Object.keys(token.events).length).toBeGreaterThanOrEqual(12);
  });

  it("lists the developer's launches, first buyers from the launch instant, top traders and the developer's PnL", async () => {
    const launch = launches()[0];
    const dev = sandbox.fomo.world.resolve(launch.dev.userId)!.wallets.solana;
    const [deployed, first, top, pnl, bundlers] = await within(() =>
      Promise.all([
        client.deployerTokens(dev),
        client.firstBuyers(launch.address),
        client.topTraders(launch.address),
        client.walletPnl(dev),
        client.bundlers(launch.address),
      ]),
    );
    expect(deployed.tokens.map((t) => t.mint)).toContain(launch.address);
    expect(deployed.total).toBe(deployed.tokens.length);
    expect(first[0]).toMatchObject({ wallet: dev, first_buy_time: Date.parse(launch.launchedAt) });
    expect(first.length).toBeLessThanOrEqual(100);
    expect(top.map((r) => r.total)).toEqual([...top.map((r) => r.total)].sort((a, b) => b! - a!));
    expect(Object.keys(pnl.tokens)).toContain(launch.address);
    expect(pnl.summary.total).toBeCloseTo(pnl.summary.realized! + pnl.summary.unrealized!, 2);
    expect(bundlers.total).toBe(bundlers.wallets.length);
  });

  it('finds a cohort by launch window and charts one in market cap, ending at its market cap now', async () => {
    const page = await within(() =>
      client.search({ minCreatedAt: now - 20 * 86_400_000, maxCreatedAt: now - 10 * 86_400_000, sortBy: 'createdAt', sortOrder: 'asc', limit: 500 }),
    );
    expect(page.data.length).toBeGreaterThan(100);
    expect(page.data.every((r) => r.createdAt! >= now - 20 * 86_400_000 && r.createdAt! <= now - 10 * 86_400_000)).toBe(true);
    const coin = page.data[0];
    const candles = await within(() => client.chart(coin.mint, { type: '1d', marketCap: true }));
    expect(candles.length).toBeGreaterThan(5);
    expect(candles[candles.length - 1].close).toBeCloseTo(coin.marketCapUsd!, 0);
  });

  it('answers an unknown mint with TokenAnalyticsNotFoundError, a failing upstream with UpstreamError', async () => {
    await expect(within(() => client.token('11111111111111111111111111111111'))).rejects.toBeInstanceOf(TokenAnalyticsNotFoundError);
    sandbox.control.add({ provider: 'solana-tracker', status: 503 });
    await expect(within(() => client.token(launches()[1].address))).rejects.toBeInstanceOf(UpstreamError);
    sandbox.control.clear();
    sandbox.control.add({ provider: 'solana-tracker', malformed: 'shape' });
    await expect(within(() => client.firstBuyers(launches()[1].address))).rejects.toMatchObject({ failure: 'malformed' });
  });
});
