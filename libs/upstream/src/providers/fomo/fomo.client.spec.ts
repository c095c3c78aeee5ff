import { CallMeter, NotFoundError, RequestContext, type ToolContext } from '@scout/core';
import { UpstreamError, type UpstreamCall, type UpstreamSource } from '../../upstream.types';
import { FomoClient, FOMO_CACHE_TTL_MS, isFomoUserId } from './fomo.client';
import { FomoNotFoundError } from './fomo.errors';
import * as fx from './fomo.fixture';

/** The payload every call gets, or a function of the call that gives it. */
type Answer = unknown;

/** A source that answers each call with a canned payload (or throws), through the client's parser. */
class CannedSource implements UpstreamSource {
  readonly name = 'fomo';
  readonly calls: UpstreamCall[] = [];
  constructor(private readonly answer: Answer) {}

  async request<T>(call: UpstreamCall, parse: (raw: unknown) => T): Promise<T> {
    this.calls.push(call);
    const raw = typeof this.answer === 'function' ? (this.answer as (c: UpstreamCall) => unknown)(call) : this.answer;
    return parse(raw);
  }
}

function clientWith(answer: Answer): { client: FomoClient; source: CannedSource } {
  const source = new CannedSource(answer);
  return { client: new FomoClient(source), source };
}

const notFound = (call: UpstreamCall): never => {
  throw new UpstreamError('fomo', 'http', `${call.endpoint}: answered HTTP 404 (not found)`, 404);
};

function within<T>(deadlineInMs: number, fn: () => Promise<T>): Promise<T> {
  const ctx: ToolContext = {
    tool: 'service_fomo_trader_positions',
    requestId: 'r',
    caller: null,
    meter: new CallMeter(),
    deadlineAt: Date.now() + deadlineInMs,
  };
  return RequestContext.run(ctx, fn);
}

describe('FomoClient.leaderboard (GET /v2/leaderboard/{window})', () => {
  it('parses the captured board with its published field names', async () => {
    const { client } = clientWith(fx.LEADERBOARD_7D);
    const board = await client.leaderboard('7d');
    expect(board.window).toBe('7d');
    expect(board.traders.map((t) => t.handle)).toEqual(['ExactTallTakin', 'pricedin', 'B3N_']);
    expect(board.traders[1]).toMatchObject({
      rank: 2,
      userId: fx.PRICEDIN_ID,
      pnlUsd: 687219,
      volumeUsd: 933687,
      trades: 118,
      followers: 46460,
      holdings: 23,
      wallets: { solana: 'EU7FSVgkt8eZYV199enSCoQa3qoH6h6HP8v9BqpGDeG5', evm: '0x85d26724d4447a85ec1089b0a572c97f1ad476f3', verified: false },
      topTokens: [{ tokenAddress: fx.ORBIO, networkId: 4663, value: 1461012.6085158577, pnl: 1549316.5963397985 }],
      verified: false,
    });
    expect(board.traders[2].wallets?.evm).toBeNull();
  });

  it.each([
    ['7d', 150],
    ['24h', 150],
    ['30d', 150],
    ['all', 100],
  ] as const)('always asks for the full %s board (%i rows), cached 5 minutes', async (window, limit) => {
    const { client, source } = clientWith({ ...fx.LEADERBOARD_7D, window });
    await client.leaderboard(window);
    expect(source.calls[0]).toEqual({
      endpoint: 'fomo:/v2/leaderboard/{window}',
      path: `/v2/leaderboard/${window}`,
      query: { limit },
      cacheTtlMs: 5 * 60_000,
    });
  });

  it('gives null, never 0, for what a row leaves out', async () => {
    const { client } = clientWith({ window: '24h', traders: [{ rank: 1, handle: 'x', userId: fx.TAKIN_ID }] });
    const [row] = (await client.leaderboard('24h')).traders;
    expect(row).toMatchObject({ pnlUsd: null, volumeUsd: null, trades: null, followers: null, holdings: null, wallets: null, verified: null, clan: null });
    expect(row.topTokens).toEqual([]);
  });

  it.each([
    ['pnlUsd as a string', { ...fx.LEADERBOARD_7D, traders: [{ ...fx.LEADERBOARD_7D.traders[0], pnlUsd: '776563' }] }],
    ['a row without userId', { ...fx.LEADERBOARD_7D, traders: [{ ...fx.LEADERBOARD_7D.traders[0], userId: undefined }] }],
    ['no traders list', { window: '7d' }],
    ['an unknown window', { ...fx.LEADERBOARD_7D, window: '1y' }],
  ])('refuses %s', async (_label, payload) => {
    await expect(clientWith(payload).client.leaderboard('7d')).rejects.toThrow();
  });
});

describe('FomoClient profiles (GET /v2/users/{handle}, /v2/users/id/{userId})', () => {
  it('reads a handle without its @, cached 15 minutes, nulls for the unknown', async () => {
    const { client, source } = clientWith(fx.PROFILE_PRICEDIN);
    const profile = await client.userByHandle(' @pricedin ');
    expect(source.calls[0]).toEqual({ endpoint: 'fomo:/v2/users/{handle}', path: '/v2/users/pricedin', cacheTtlMs: FOMO_CACHE_TTL_MS.profile });
    expect(FOMO_CACHE_TTL_MS.profile).toBe(15 * 60_000);
    expect(profile).toMatchObject({
      userId: fx.PRICEDIN_ID,
      pnl: { '24h': -1200.5, '7d': 687219, '30d': 702003, all: 687219 },
      swapCount: 412,
      averageHoldTimeSeconds: 51840,
    });
    expect(profile).toMatchObject({ clan: null, twitter: null, accountAgeDays: null, private: null, restricted: null });
    expect(profile.wallets).toMatchObject({ verified: null, status: null });
  });

  it('reads a user id on its own route, and encodes what it puts in a path', async () => {
    const { client, source } = clientWith(fx.PROFILE_PRICEDIN);
    await client.userById(fx.PRICEDIN_ID);
    await client.userByHandle('a/b c').catch(() => undefined);
    expect(source.calls.map((c) => c.path)).toEqual([`/v2/users/id/${fx.PRICEDIN_ID}`, '/v2/users/a%2Fb%20c']);
    expect(isFomoUserId(fx.PRICEDIN_ID)).toBe(true);
    expect(isFomoUserId('pricedin')).toBe(false);
  });

  it('turns 404 into a typed not found naming the trader', async () => {
    const { client } = clientWith(notFound);
    const error = await client.userByHandle('@nobody').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(FomoNotFoundError);
    expect(error).toBeInstanceOf(NotFoundError);
    expect(error).toMatchObject({ code: 'not_found', subject: 'trader', ref: 'nobody' });
    expect((error as Error).message).toContain('"nobody"');
  });

  it('refuses a blank handle before calling', async () => {
    const { client, source } = clientWith(fx.PROFILE_PRICEDIN);
    await expect(client.userByHandle(' @ ')).rejects.toBeInstanceOf(RangeError);
    expect(source.calls).toHaveLength(0);
  });
});

describe('FomoClient positions and swaps (cursor pages)', () => {
  const pages = (call: UpstreamCall) => (call.query?.cursor === 'c2' ? fx.POSITIONS_PAGE_2 : fx.POSITIONS_PAGE_1);

  it('asks for page one with cursor=start and reads the next cursor', async () => {
    const { client, source } = clientWith(fx.POSITIONS_PAGE_1);
    const page = await client.positionsPage(fx.PRICEDIN_ID, { status: 'closed', limit: 25 });
    expect(source.calls[0]).toMatchObject({
      endpoint: 'fomo:/v2/users/{userId}/positions',
      path: `/v2/users/${fx.PRICEDIN_ID}/positions`,
      query: { status: 'closed', limit: 25, cursor: 'start' },
    });
    expect(page.cursor).toBe('c2');
    expect(page.trades[0]).toMatchObject({ tradeId: fx.TRADE_ID, token: { address: fx.PAID, symbol: 'PAID' }, realizedPnlUsd: 2648.23 });
    // Received rather than bought: no entry price, and no unrealized figure was sent.
    expect(page.trades[1]).toMatchObject({ avgEntryPrice: null, unrealizedPnlUsd: null, priceUsd: null });
  });

  it('walks every page to the end', async () => {
    const { client, source } = clientWith(pages);
    const walk = await client.positions(fx.PRICEDIN_ID, { status: 'closed' }, { maxPages: 5 });
    expect(walk).toMatchObject({ pages: 2, stoppedBy: 'end', nextCursor: null, error: null });
    expect(walk.items).toHaveLength(3);
    expect(source.calls.map((c) => c.query?.cursor)).toEqual(['start', 'c2']);
  });

  it("carries the first page's totals, null when FOMO does not state them", async () => {
    const counted = (call: UpstreamCall) =>
      call.query?.cursor === 'c2' ? { ...fx.POSITIONS_PAGE_2, closedTotal: 99 } : { ...fx.POSITIONS_PAGE_1, closedTotal: 312, openTotal: 4 };
    await expect(clientWith(counted).client.positions(fx.PRICEDIN_ID, { status: 'closed' }, { maxPages: 5 })).resolves.toMatchObject({
      pages: 2,
      closedTotal: 312,
      openTotal: 4,
    });
    await expect(clientWith(pages).client.positions(fx.PRICEDIN_ID, {}, { maxPages: 5 })).resolves.toMatchObject({ closedTotal: null, openTotal: null });
  });

  it('stops at maxPages or maxItems and says where to resume', async () => {
    const { client } = clientWith(pages);
    await expect(client.positions(fx.PRICEDIN_ID, {}, { maxPages: 1 })).resolves.toMatchObject({ pages: 1, stoppedBy: 'limit', nextCursor: 'c2' });
    await expect(client.positions(fx.PRICEDIN_ID, {}, { maxPages: 5, maxItems: 2 })).resolves.toMatchObject({ pages: 1, stoppedBy: 'limit' });
    await expect(client.positions(fx.PRICEDIN_ID, {}, { maxPages: 0 })).rejects.toBeInstanceOf(RangeError);
  });

  it('keeps what it has when a later page fails, but not when the first does', async () => {
    const failing = new UpstreamError('fomo', 'http', 'answered HTTP 503', 503);
    const { client } = clientWith((call: UpstreamCall) => {
      if (call.query?.cursor === 'c2') throw failing;
      return fx.POSITIONS_PAGE_1;
    });
    const walk = await client.positions(fx.PRICEDIN_ID, {}, { maxPages: 5 });
    expect(walk).toMatchObject({ pages: 1, stoppedBy: 'error', nextCursor: 'c2', error: failing });
    expect(walk.items).toHaveLength(2);
    await expect(clientWith(notFound).client.positions(fx.PRICEDIN_ID, {}, { maxPages: 5 })).rejects.toBeInstanceOf(FomoNotFoundError);
  });

  it('starts no page that would not fit before the call deadline', async () => {
    const { client, source } = clientWith(pages);
    const walk = await within(300, () => client.positions(fx.PRICEDIN_ID, {}, { maxPages: 5 }));
    expect(walk).toMatchObject({ pages: 1, stoppedBy: 'deadline', nextCursor: 'c2' });
    expect(source.calls).toHaveLength(1);
  });

  it('pages swaps by cursor, scoped to a token or read from the relay source', async () => {
    const { client, source } = clientWith(fx.SWAPS_PAGE);
    const page = await client.swapsPage(fx.PRICEDIN_ID, { tokenAddress: fx.PAID, source: 'relay' });
    expect(source.calls[0]).toMatchObject({ endpoint: 'fomo:/v2/users/{userId}/swaps', query: { tokenAddress: fx.PAID, source: 'relay', cursor: undefined } });
    expect(page).toMatchObject({ cursor: null, complete: false });
    expect(page.swaps[0]).toMatchObject({ swapId: 's-1', tokenOut: { address: fx.PAID, usd: 5200, usdNow: null }, tradeIdIn: null, tradeIdOut: fx.TRADE_ID });
    await expect(client.swaps(fx.PRICEDIN_ID, {}, { maxPages: 3 })).resolves.toMatchObject({ pages: 1, stoppedBy: 'end' });
  });
});

describe('FomoClient balances, social graph, spotlight', () => {
  it('reads balances, optionally for one chain', async () => {
    const { client, source } = clientWith(fx.BALANCES);
    const balances = await client.balances(fx.PRICEDIN_ID, 'solana');
    expect(source.calls[0]).toMatchObject({ endpoint: 'fomo:/v2/users/{userId}/balances', query: { chain: 'solana' } });
    expect(balances.totalValueUsd).toBe(1490529.93);
    expect(balances.holdings[0]).toMatchObject({ token: { symbol: 'ORBIO', address: fx.ORBIO, networkId: 4663 }, valueUsd: 1461148.83, change24h: -17.2904 });
    expect(balances.livePerpPnl).toBeNull();
  });

  it('reads who a trader follows and who follows them, on their own routes', async () => {
    const { client, source } = clientWith(fx.FOLLOWING);
    const following = await client.following(fx.PRICEDIN_ID, 300);
    await client.followers(fx.PRICEDIN_ID);
    expect(source.calls.map((c) => [c.endpoint, c.path, c.query?.limit])).toEqual([
      ['fomo:/v2/users/{userId}/following', `/v2/users/${fx.PRICEDIN_ID}/following`, 300],
      ['fomo:/v2/users/{userId}/followers', `/v2/users/${fx.PRICEDIN_ID}/followers`, undefined],
    ]);
    expect(following.users[1]).toMatchObject({ handle: 'lurker01', trades: 0, volumeUsd: null, pnl24h: null, verified: null });
  });

  it('reads the spotlight', async () => {
    const { client } = clientWith(fx.SPOTLIGHT);
    const spotlight = await client.spotlight(fx.PRICEDIN_ID);
    expect(spotlight.bestTrades[0]).toMatchObject({ tradeId: fx.TRADE_ID, realizedPnlUsd: 2648.23, unrealizedPnlUsd: null });
    expect(spotlight.bestTheses[0]).toMatchObject({ text: 'cheap entry, strong holders', likes: 41 });
  });
});

describe('FomoClient search, theses, trades', () => {
  it('searches with the query and filters it was given', async () => {
    const { client, source } = clientWith(fx.SEARCH);
    const found = await client.search(' pricedin ', { type: 'all', limit: 10 });
    expect(source.calls[0]).toMatchObject({ endpoint: 'fomo:/v2/search', query: { q: 'pricedin', type: 'all', limit: 10 } });
    expect(found.traders[0]).toMatchObject({ userId: fx.PRICEDIN_ID, pnlUsd: 687219, createdAt: '2025-10-31T14:58:46.460Z' });
    expect(found.tokens[0]).toMatchObject({ address: fx.PAID, marketCapUsd: 1890000 });
    await expect(clientWith({}).client.search('x')).resolves.toEqual({ traders: [], tokens: [] });
    await expect(client.search('  ')).rejects.toBeInstanceOf(RangeError);
  });

  it("reads a trader's theses, all or on one token", async () => {
    const { client, source } = clientWith(fx.THESES);
    const page = await client.thesesByUser(fx.PRICEDIN_ID, { sort: 'likes' });
    await client.thesesByUser(fx.PRICEDIN_ID, { tokenAddress: fx.PAID });
    expect(source.calls.map((c) => c.endpoint)).toEqual(['fomo:/v2/thesis/user/{id}', 'fomo:/v2/thesis/user/{id}/token/{address}']);
    expect(source.calls[1].path).toBe(`/v2/thesis/user/${fx.PRICEDIN_ID}/token/${fx.PAID}`);
    expect(page.theses[0]).toMatchObject({ likes: 41, replies: 3, equity: 5200, realizedPnlUsd: 2648.23, isDev: false });
  });

  it('reads a trade with its swaps and thesis, and its comments', async () => {
    const trade = await clientWith(fx.TRADE).client.trade(fx.TRADE_ID);
    expect(trade).toMatchObject({ source: 'live', realizedPnlUsd: 2648.23, isDev: false, liquidityUsd: 120000, thesis: { likes: 41 } });
    expect(trade.swaps.map((s) => s.humanUsdAmountIn)).toEqual([5200, 7848.23]);
    const comments = await clientWith(fx.COMMENTS).client.tradeComments(fx.TRADE_ID, 50);
    expect(comments[1]).toMatchObject({ parentId: 'c-1', isReply: true, links: ['https://fomo.family/t/x'], handle: null, olderThesisCount: null });
  });

  it('turns a 404 on a trade into a typed not found naming the trade', async () => {
    const error = await clientWith(notFound)
      .client.trade('no-such-trade')
      .catch((e: unknown) => e);
    expect(error).toMatchObject({ code: 'not_found', subject: 'trade', ref: 'no-such-trade' });
    const comments = await clientWith(notFound)
      .client.tradeComments('t-404')
      .catch((e: unknown) => e);
    expect(comments).toMatchObject({ subject: 'trade', ref: 't-404' });
  });

  it('passes other failures through unchanged, and a malformed trade is refused', async () => {
    const down = new UpstreamError('fomo', 'http', 'answered HTTP 503', 503);
    const { client } = clientWith(() => {
      throw down;
    });
    await expect(client.trade(fx.TRADE_ID)).rejects.toBe(down);
    await expect(clientWith({ ...fx.TRADE, swaps: 'none' }).client.trade(fx.TRADE_ID)).rejects.toThrow();
    await expect(clientWith({ ...fx.TRADE, token: undefined }).client.trade(fx.TRADE_ID)).rejects.toThrow();
  });

  it('reads the key account on /v2/me, never cached', async () => {
    const { client, source } = clientWith(fx.ME);
    await expect(client.me()).resolves.toMatchObject({ plan: 'starter', credits: { remaining: 2380000 } });
    expect(source.calls[0].cacheTtlMs).toBeUndefined();
  });
});
