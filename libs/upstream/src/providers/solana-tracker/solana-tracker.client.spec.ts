import { NotFoundError, RequestContext } from '@scout/core';
import { HttpUpstreamSource } from '../../http-upstream-source';
import { ProgrammableUpstream, json, toolContext } from '../../test/programmable-upstream';
import { UpstreamError } from '../../upstream.types';
import { SolanaTrackerClient, TokenAnalyticsNotFoundError } from './solana-tracker.client';
import * as fx from './solana-tracker.fixture';

/** The client on a real source against a programmable stand-in: paths, key header, parsing, errors. */

const KEY = 'analytics-key-0000000000000001';
const upstream = new ProgrammableUpstream();
let baseUrl: string;
const opened: HttpUpstreamSource[] = [];

function client(): SolanaTrackerClient {
  const source = new HttpUpstreamSource({
    name: `token-analytics-${opened.length}`,
    baseUrl,
    keys: [KEY],
    keyPlacement: { kind: 'header', header: 'x-api-key' },
    timeoutMs: 2_000,
    retries: 0,
  });
  opened.push(source);
  return new SolanaTrackerClient(source);
}

const within = <T>(fn: () => Promise<T>): Promise<T> => RequestContext.run(toolContext(), fn);
/** Answers `body` on every path. */
const answering = (body: unknown, status = 200) => upstream.reset((_req, res) => json(res, status, body));
const hit = (n = 0) => upstream.hits[n];

beforeAll(async () => {
  baseUrl = await upstream.start();
});

afterEach(async () => {
  await Promise.all(opened.splice(0).map((s) => s.close()));
});

afterAll(async () => {
  await upstream.stop();
});

describe('SolanaTrackerClient.token (GET /tokens/{mint})', () => {
  it('sends the key in x-api-key and parses the documented shape', async () => {
    answering(fx.TOKEN_DETAIL);
    const token = await within(() => client().token(fx.FROG_MINT));
    expect(hit()).toMatchObject({ method: 'GET', url: `/tokens/${fx.FROG_MINT}` });
    expect(hit().headers['x-api-key']).toBe(KEY);
    expect(token.token).toMatchObject({ mint: fx.FROG_MINT, symbol: 'FROG', decimals: 6, creation: { creator: fx.DEPLOYER, created_time: 1749124560 } });
    expect(token.pools[0]).toMatchObject({
      lpBurn: 100,
      market: 'pumpfun-amm',
      security: { freezeAuthority: null, mintAuthority: null },
      marketCap: { usd: 465_000.12 },
      txns: { buys: 1204, sells: 1011, volume24h: 310_222.75 },
      curvePercentage: null,
    });
    expect(Object.keys(token.events)).toHaveLength(12);
    expect(token.events['24h'].priceChangePercentage).toBe(42.42);
    expect(token.risk).toMatchObject({ top10: 31.4, dev: { percentage: 2.5 }, rugged: false, score: 3, jupiterVerified: false });
    expect(token.risk.risks[0]).toEqual({
      name: 'LP Burned',
      description: 'Allows the owner to remove liquidity at any time.',
      value: '0%',
      level: 'danger',
      score: 4000,
    });
    expect(token.risk.risks[1].value).toBeNull();
    // A risk wallet is `wallet` on the wire, `address` in older answers: both read as wallet.
    expect(token.risk.snipers?.wallets.map((w) => w.wallet)).toEqual([fx.SNIPER, fx.TRADER]);
    expect(token).toMatchObject({ buys: 1204, sells: 1011, txns: 2215, holders: 4321 });
  });

  it('leaves what the answer left out null or empty, never 0', async () => {
    answering(fx.TOKEN_DETAIL_SPARSE);
    const token = await within(() => client().token(fx.TOKEN_DETAIL_SPARSE.token.mint));
    expect(token.pools).toEqual([]);
    expect(token.events).toEqual({});
    expect(token.token.creation ?? null).toBeNull();
    expect(token.risk).toMatchObject({ top10: null, rugged: true, risks: [], score: null, jupiterVerified: null });
    expect(token.risk.dev ?? null).toBeNull();
    expect(token).toMatchObject({ buys: null, sells: null, txns: null, holders: null });
  });

  it('caches a token for a short while: a second ask in the TTL makes no call', async () => {
    answering(fx.TOKEN_DETAIL);
    const c = client();
    await within(() => c.token(fx.FROG_MINT));
    await within(() => c.token(fx.FROG_MINT));
    expect(upstream.hits).toHaveLength(1);
  });

  it('turns a 404 into TokenAnalyticsNotFoundError (a NotFoundError naming the mint)', async () => {
    answering({ error: 'Token not found' }, 404);
    const err = await within(() => client().token(fx.FROG_MINT)).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(TokenAnalyticsNotFoundError);
    expect(err).toBeInstanceOf(NotFoundError);
    expect(err).toMatchObject({ subject: 'token', address: fx.FROG_MINT });
  });

  it('keeps every other failure an UpstreamError: a 500, a wrong shape', async () => {
    answering({ error: 'boom' }, 500);
    await expect(within(() => client().token(fx.FROG_MINT))).rejects.toMatchObject({ failure: 'http', upstreamStatus: 500 });
    answering({ ...fx.TOKEN_DETAIL, pools: 'none' });
    const err = await within(() => client().token(fx.FROG_MINT)).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(UpstreamError);
    expect(err).toMatchObject({ failure: 'malformed' });
    answering({ ...fx.TOKEN_DETAIL, risk: { ...fx.TOKEN_DETAIL.risk, snipers: { count: 1, wallets: [{ balance: 1 }] } } });
    await expect(within(() => client().token(fx.FROG_MINT))).rejects.toMatchObject({ failure: 'malformed' });
  });

  it('refuses a malformed address before any call', async () => {
    answering(fx.TOKEN_DETAIL);
    const c = client();
    for (const bad of ['', '0xdeadbeef', 'not a mint', `${fx.FROG_MINT}0`, 'I'.repeat(40)]) {
      await expect(within(() => c.token(bad))).rejects.toBeInstanceOf(RangeError);
    }
    expect(upstream.hits).toHaveLength(0);
  });
});

describe('SolanaTrackerClient: the other routes', () => {
  it('bundlers: GET /tokens/{mint}/bundlers, at launch and now', async () => {
    answering(fx.BUNDLERS);
    const b = await within(() => client().bundlers(fx.FROG_MINT));
    expect(hit().url).toBe(`/tokens/${fx.FROG_MINT}/bundlers`);
    expect(b).toMatchObject({ total: 1, percentage: 0.5, initialPercentage: 2 });
    expect(b.wallets[0]).toEqual({
      wallet: fx.BUNDLER,
      initialBalance: 20_000_000,
      initialPercentage: 2,
      balance: 5_000_000,
      percentage: 0.5,
      bundleTime: 1749124560000,
    });
  });

  it('deployerTokens: GET /deployer/{wallet} with page and limit; a missing pool address is null', async () => {
    answering(fx.DEPLOYER_TOKENS);
    const d = await within(() => client().deployerTokens(fx.DEPLOYER, { page: 2, limit: 50 }));
    expect(hit().url).toBe(`/deployer/${fx.DEPLOYER}?page=2&limit=50`);
    expect(d.total).toBe(2);
    expect(d.tokens[1]).toMatchObject({ symbol: 'TOAD', market: 'pumpfun', poolAddress: null, marketCapUsd: 2_900, lpBurn: 100 });
    await expect(within(() => client().deployerTokens(fx.DEPLOYER, { limit: 501 }))).rejects.toBeInstanceOf(RangeError);
    await expect(within(() => client().deployerTokens(fx.DEPLOYER, { page: 0 }))).rejects.toBeInstanceOf(RangeError);
  });

  it('firstBuyers and topTraders: the row shape, with missing figures null', async () => {
    answering(fx.FIRST_BUYERS);
    const c = client();
    const first = await within(() => c.firstBuyers(fx.FROG_MINT));
    const top = await within(() => c.topTraders(fx.FROG_MINT));
    expect(upstream.hits.map((h) => h.url)).toEqual([`/first-buyers/${fx.FROG_MINT}`, `/top-traders/${fx.FROG_MINT}`]);
    expect(first[0]).toMatchObject({
      wallet: fx.TRADER,
      first_buy: { amount: 2_000_000, volume_usd: 600 },
      realized: 1_200.25,
      total_invested: 900,
      holding: 1_000_000,
    });
    expect(first[1]).toMatchObject({ wallet: fx.SNIPER, first_sell_time: null, sold_usd: null, cost_basis: null, average_buy_amount: null });
    expect(top).toEqual(first);
  });

  it('walletPnl: GET /pnl/{wallet}, tokens by mint and the summary; hideDetails asks for the summary only', async () => {
    answering(fx.WALLET_PNL);
    const c = client();
    const pnl = await within(() => c.walletPnl(fx.TRADER));
    expect(hit().url).toBe(`/pnl/${fx.TRADER}`);
    expect(pnl.tokens[fx.FROG_MINT]).toMatchObject({ realized: 1_200.25, unrealized: 150.1, holding: 1_000_000 });
    expect(pnl.summary).toEqual({
      realized: 1_200.25,
      unrealized: 150.1,
      total: 1_350.35,
      totalInvested: 900,
      averageBuyAmount: 450,
      totalWins: 1,
      totalLosses: 0,
      winPercentage: 100,
      lossPercentage: 0,
    });
    answering({ summary: fx.WALLET_PNL.summary });
    const bare = await within(() => c.walletPnl(fx.TRADER, { hideDetails: true }));
    expect(hit().url).toBe(`/pnl/${fx.TRADER}?hideDetails=true`);
    expect(bare.tokens).toEqual({});
  });

  it('a 404 about a wallet is TokenAnalyticsNotFoundError naming the wallet', async () => {
    answering({ error: 'not found' }, 404);
    await expect(within(() => client().walletPnl(fx.TRADER))).rejects.toMatchObject({ subject: 'wallet', address: fx.TRADER });
  });

  it('search: the filters as query parameters, blanks left out', async () => {
    answering(fx.SEARCH_PAGE);
    const page = await within(() =>
      client().search({
        query: '  ',
        minCreatedAt: 1_700_000_000_000,
        maxCreatedAt: 1_710_000_000_000,
        minMarketCap: 3e6,
        sortBy: 'createdAt',
        sortOrder: 'asc',
        page: 1,
        limit: 100,
      }),
    );
    const url = new URL(hit().url, 'http://x');
    expect(url.pathname).toBe('/search');
    expect(Object.fromEntries(url.searchParams)).toEqual({
      minCreatedAt: '1700000000000',
      maxCreatedAt: '1710000000000',
      minMarketCap: '3000000',
      sortBy: 'createdAt',
      sortOrder: 'asc',
      page: '1',
      limit: '100',
    });
    expect(page).toMatchObject({ status: 'success', total: 1, pages: 1, page: 1 });
    expect(page.data[0]).toMatchObject({ mint: fx.FROG_MINT, deployer: fx.DEPLOYER, status: 'graduated', marketCapUsd: 465_000.12, volume_24h: 310_222.75 });
    await expect(within(() => client().search({ minMarketCap: Number.NaN }))).rejects.toBeInstanceOf(RangeError);
  });

  it('chart: GET /chart/{mint} with type, times and marketCap; candles oldest first', async () => {
    answering(fx.CHART);
    const candles = await within(() => client().chart(fx.FROG_MINT, { type: '1h', timeFrom: 1749124000, timeTo: 1749130000, marketCap: true }));
    expect(hit().url).toBe(`/chart/${fx.FROG_MINT}?type=1h&time_from=1749124000&time_to=1749130000&marketCap=true`);
    expect(candles.map((c) => c.time)).toEqual([1749124800, 1749128400]);
    expect(candles[0]).toEqual({ open: 300_000, close: 470_000, low: 290_000, high: 3_100_000, volume: 99_000, time: 1749124800 });
    answering({ oclhv: [{ ...fx.CHART.oclhv[0], open: '1' }] });
    await expect(within(() => client().chart(fx.FROG_MINT, { type: '1d' }))).rejects.toMatchObject({ failure: 'malformed' });
    await expect(within(() => client().chart(fx.FROG_MINT, { type: '7m' as '1m' }))).rejects.toBeInstanceOf(RangeError);
    await expect(within(() => client().chart(fx.FROG_MINT, { type: '1h', timeFrom: 1.5 }))).rejects.toBeInstanceOf(RangeError);
  });
});
