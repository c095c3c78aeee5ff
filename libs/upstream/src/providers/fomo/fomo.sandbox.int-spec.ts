import { CallMeter, RequestContext, type ToolContext } from '@scout/core';
import { SANDBOX_KEYS, startSandbox, type RunningSandbox } from '@scout/sandbox';
import { HttpUpstreamSource } from '../../http-upstream-source';
import { FomoClient } from './fomo.client';
import { FomoTokenClient } from './fomo-token.client';
import { FomoNotFoundError } from './fomo.errors';
import { fomoSourceOptions } from './fomo.source';

interface FomoFixtures {
  traders: { handle: string; userId: string }[];
  resolving: { handle: string; userId: string }[];
  lurker: { handle: string; userId: string };
  mostFollowed: { handle: string; userId: string; followers: number };
  launches: { address: string; symbol: string; launchedAt: string; dev: { handle: string; userId: string; tradeId: string; fate: string } }[];
}

/** The client over a real source against the sandbox's FOMO stand-in: every answer must parse. */
describe('FomoClient over the sandbox', () => {
  let sandbox: RunningSandbox;
  let source: HttpUpstreamSource;
  let client: FomoClient;
  let tokens: FomoTokenClient;
  let fixtures: FomoFixtures;
  const now = Date.parse('2026-06-15T12:00:00Z');

  const within = <T>(fn: () => Promise<T>): Promise<T> => {
    const context: ToolContext = { tool: 'service_fomo_trader_report', requestId: 'r', caller: null, meter: new CallMeter(), deadlineAt: Date.now() + 20_000 };
    return RequestContext.run(context, fn);
  };

  beforeAll(async () => {
    sandbox = await startSandbox({ seed: 42, now: () => now });
    source = new HttpUpstreamSource(fomoSourceOptions({ baseUrl: sandbox.urls.fomo, keys: [SANDBOX_KEYS.fomo], timeoutMs: 10_000, retries: 0 }));
    client = new FomoClient(source);
    tokens = new FomoTokenClient(source);
    fixtures = ((await (await fetch(`${sandbox.url}/__control/fixtures`)).json()) as { fomo: FomoFixtures }).fomo;
  });

  afterAll(async () => {
    await source?.close();
    await sandbox?.close();
  });

  it('parses every leaderboard window, full boards', async () => {
    for (const window of ['24h', '7d', '30d', 'all'] as const) {
      const board = await within(() => client.leaderboard(window));
      expect(board.window).toBe(window);
      expect(board.traders).toHaveLength(window === 'all' ? 100 : 150);
      expect(board.traders[0]).toMatchObject({
        rank: 1,
        userId: expect.any(String),
        pnlUsd: expect.any(Number),
        wallets: { solana: expect.any(String), evm: expect.any(String) },
      });
    }
  });

  it('reads a profile by handle and by id, the same trader, and a key whose credits it reports', async () => {
    const { handle, userId } = fixtures.traders[0];
    const byHandle = await within(() => client.userByHandle(`@${handle.toUpperCase()}`));
    const byId = await within(() => client.userById(userId));
    expect(byHandle).toEqual(byId);
    expect(byHandle).toMatchObject({ userId, handle, pnl: { '24h': expect.any(Number), all: expect.any(Number) }, averageHoldTimeSeconds: expect.anything() });
    expect(source.keyStates()[0]).toMatchObject({ state: 'healthy', credits: { remaining: expect.any(Number), lastCost: expect.any(Number) } });
  });

  it('walks positions to the end and reads swaps, balances, the social graph and the spotlight', async () => {
    const { userId } = fixtures.traders[1];
    const walk = await within(() => client.positions(userId, { status: 'closed' }, { maxPages: 3 }));
    expect(walk.pages).toBeGreaterThanOrEqual(1);
    expect(walk.items.every((p) => p.status === 'closed')).toBe(true);
    if (walk.stoppedBy === 'limit') expect(walk.nextCursor).toEqual(expect.any(String));
    const swaps = await within(() => client.swapsPage(userId));
    expect(swaps.swaps.length).toBeGreaterThan(0);
    const balances = await within(() => client.balances(userId));
    expect(balances.totalValueUsd).toEqual(expect.any(Number));
    const followers = await within(() => client.followers(fixtures.mostFollowed.userId));
    expect(followers).toMatchObject({ sourceCapped: true, total: fixtures.mostFollowed.followers });
    expect(followers.users).toHaveLength(200);
    await within(() => client.following(userId));
    const spotlight = await within(() => client.spotlight(userId));
    expect(spotlight.bestTrades.length).toBeGreaterThan(0);
  });

  it('reads search, theses, a trade and its comments', async () => {
    const { handle, userId } = fixtures.traders[2];
    const found = await within(() => client.search(handle, { type: 'traders' }));
    expect(found.traders[0]).toMatchObject({ userId, handle });
    const theses = await within(() => client.thesesByUser(userId));
    expect(Array.isArray(theses.theses)).toBe(true);
    const { trades } = await within(() => client.positionsPage(userId));
    const trade = await within(() => client.trade(trades[0].tradeId));
    expect(trade).toMatchObject({ tradeId: trades[0].tradeId, userId, source: 'live' });
    expect(trade.swaps.length).toBeGreaterThan(0);
    await expect(within(() => client.tradeComments(trades[0].tradeId))).resolves.toEqual(expect.any(Array));
  });

  it('waits out a trader still resolving, and names what does not exist', async () => {
    const resolving = fixtures.resolving[0];
    await expect(within(() => client.userById(resolving.userId))).resolves.toMatchObject({ userId: resolving.userId });
    await expect(within(() => client.userByHandle('no-such-trader-anywhere'))).rejects.toBeInstanceOf(FomoNotFoundError);
    await expect(within(() => client.trade('00000000-0000-0000-0000-000000000000'))).rejects.toMatchObject({ subject: 'trade' });
  });

  it('reads the key account', async () => {
    await expect(within(() => client.me())).resolves.toMatchObject({ plan: expect.any(String), credits: { remaining: expect.any(Number) } });
  });

  it('reads the token side: boards, stats, tracked holders, devs, theses and alerts', async () => {
    for (const board of ['trending', 'most-held', 'graduated'] as const) {
      expect((await within(() => tokens.tokenBoard(board))).board).toBe(board);
    }
    const [top] = (await within(() => tokens.tokenBoard('most-held'))).tokens;
    const address = top.token.address;
    const stats = await within(() => tokens.tokenStats(address, top.token.networkId ?? undefined));
    expect(stats.windows['24h']).toMatchObject({ buys: expect.any(Number), buyVolumeUsd: expect.any(Number) });
    const { holders } = await within(() => tokens.tokenHolders(address));
    expect(holders.length).toBeGreaterThan(0);
    await expect(within(() => tokens.tokenDevs(address))).resolves.toEqual(expect.any(Array));
    await expect(within(() => tokens.thesesForToken(address))).resolves.toMatchObject({ theses: expect.any(Array) });
    await expect(within(() => tokens.recentTheses())).resolves.toMatchObject({ theses: expect.any(Array) });
    const alerts = await within(() => tokens.alerts({ limit: 100 }));
    expect(alerts.alerts.length).toBeGreaterThan(0);
    await expect(within(() => tokens.tokenHolders('NoSuchToken1111111111111111111111111111111'))).rejects.toMatchObject({ subject: 'token' });
  });

  it("reads a launched token's developer as a position of that trader, its candles, and token search", async () => {
    const launch = fixtures.launches[0];
    const devs = await within(() => tokens.tokenDevs(launch.address));
    expect(devs[0]).toMatchObject({
      isDev: true,
      userId: launch.dev.userId,
      handle: launch.dev.handle,
      tradeId: launch.dev.tradeId,
      wallet: expect.any(String),
    });
    const trade = await within(() => client.trade(launch.dev.tradeId));
    expect(trade).toMatchObject({
      userId: launch.dev.userId,
      amount: devs[0].amount,
      realizedPnlUsd: devs[0].realizedPnlUsd,
      unrealizedPnlUsd: devs[0].unrealizedPnlUsd,
    });
    expect(trade.swaps[0].at).toBe(launch.launchedAt);

    const candles = await within(() => tokens.candles(launch.address, { resolution: '60', countBack: 24 }));
    expect(candles).toMatchObject({ address: launch.address, networkId: 1399811149, resolution: '60' });
    expect(candles.candles.length).toBeGreaterThan(0);
    expect(candles.candles.length).toBeLessThanOrEqual(24);
    const last = candles.candles[candles.candles.length - 1];
    expect(last.t).toBe(Math.floor(now / 3_600_000) * 3600);
    expect(last.h).toBeGreaterThanOrEqual(Math.max(last.o, last.c));
    const stats = await within(() => tokens.tokenStats(launch.address));
    expect(last.c).toBe(stats.priceUsd);
    await expect(within(() => tokens.candles('NoSuchToken1111111111111111111111111111111', { resolution: '60' }))).rejects.toMatchObject({ subject: 'token' });

    const found = await within(() => tokens.searchTokens(launch.symbol));
    expect(found[0]).toMatchObject({ address: launch.address, symbol: launch.symbol, network: 'solana' });
  });
});
