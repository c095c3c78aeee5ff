import { HttpUpstreamSource } from '../../http-upstream-source';
import { ProgrammableUpstream, json } from '../../test/programmable-upstream';
import type { UpstreamCall } from '../../upstream.types';
import { SolanaTrackerClient, TokenAnalyticsNotFoundError } from './solana-tracker.client';
import {
  DOC_CHART,
  DOC_DEPLOYER_TOKEN_MINIMAL,
  DOC_FIRST_BUYER,
  DOC_MINT,
  DOC_PNL,
  DOC_PNL_MINIMAL_ROW,
  DOC_SEARCH,
  DOC_TOKEN_FULL,
  DOC_TOKEN_MINIMAL,
  DOC_WALLET,
} from './solana-tracker.documented';

/** A client whose every call is answered with `body` through the client's own parser. */
const answering = (body: unknown) =>
  new SolanaTrackerClient({ name: 'token-analytics', request: async <T>(_c: UpstreamCall, parse: (raw: unknown) => T) => parse(body) });

describe('Solana Tracker contract: documented answers through the client', () => {
  it('GET /tokens/{mint}, every documented field', async () => {
    const token = await answering(DOC_TOKEN_FULL).token(DOC_MINT);
    expect(token.token).toMatchObject({ mint: DOC_MINT, image: 'https://example.com/bonk.png', creation: { creator: DOC_WALLET, created_time: 1672531200 } });
    expect(token.pools[0]).toMatchObject({ deployer: DOC_WALLET, curvePercentage: 100, security: { freezeAuthority: null, mintAuthority: null } });
    expect(token.risk.snipers?.wallets).toEqual([{ wallet: DOC_WALLET, balance: 5, percentage: 0.5 }]);
    expect(token.risk.risks.map((r) => r.level)).toEqual(['danger', 'warning']);
    expect(token.events['24h']).toEqual({ priceChangePercentage: 4.25 });
    expect(token.holders).toBe(900000);
  });

  it('GET /tokens/{mint}, every optional field absent: nulls, empty windows, never a throw', async () => {
    const token = await answering(DOC_TOKEN_MINIMAL).token(DOC_MINT);
    expect(token.token).toMatchObject({ image: null, description: null });
    expect(token.token.creation ?? null).toBeNull();
    expect(token.pools[0]).toMatchObject({ deployer: null, curvePercentage: null, createdAt: null });
    expect(token.pools[0].txns ?? null).toBeNull();
    expect(token.risk).toMatchObject({ jupiterVerified: null, risks: [] });
    expect(token.risk.bundlers ?? null).toBeNull();
    expect(token.events).toEqual({});
    expect(token.holders).toBeNull();
  });

  it('a risk level outside "warning" | "danger" passes on as it came', async () => {
    const body = { ...DOC_TOKEN_FULL, risk: { ...DOC_TOKEN_FULL.risk, risks: [{ name: 'n', description: 'd', level: 'notice', score: 0 }] } };
    expect((await answering(body).token(DOC_MINT)).risk.risks[0].level).toBe('notice');
  });

  it('GET /deployer/{wallet}: poolAddress and image absent, authorities null', async () => {
    const page = await answering({ total: 1, tokens: [DOC_DEPLOYER_TOKEN_MINIMAL] }).deployerTokens(DOC_WALLET);
    expect(page.total).toBe(1);
    expect(page.tokens[0]).toMatchObject({ mint: DOC_MINT, poolAddress: null, freezeAuthority: null, mintAuthority: null, priceUsd: 0.00002 });
  });

  it('GET /search: the documented { status, data } without total or pages', async () => {
    const page = await answering(DOC_SEARCH).search({ query: 'bonk' });
    expect(page).toMatchObject({ status: 'success', total: null, pages: null, page: null });
    expect(page.data[0]).toMatchObject({ mint: DOC_MINT, deployer: DOC_WALLET, status: 'graduated', volume_24h: 99 });
  });

  it('GET /pnl/{wallet}: PnLData without its optional times and counts, summary without neutralPercentage', async () => {
    const pnl = await answering(DOC_PNL).walletPnl(DOC_WALLET);
    expect(pnl.tokens[DOC_MINT]).toMatchObject({
      ...DOC_PNL_MINIMAL_ROW,
      sold_usd: null,
      first_buy_time: null,
      last_trade_time: null,
      total_transactions: null,
    });
    expect(pnl.summary.total).toBe(8);
  });

  it('GET /first-buyers/{mint} and /top-traders/{mint}: first_sell_time null kept null', async () => {
    const client = answering([DOC_FIRST_BUYER]);
    for (const rows of [await client.firstBuyers(DOC_MINT), await client.topTraders(DOC_MINT)]) {
      expect(rows[0]).toMatchObject({ wallet: DOC_WALLET, first_sell_time: null, first_buy: { time: 1672531201000 }, total: 1.5 });
    }
  });

  it('GET /chart/{mint}: the wire key oclhv, candles oldest first', async () => {
    const candles = await answering(DOC_CHART).chart(DOC_MINT, { type: '1h' });
    expect(candles.map((c) => c.time)).toEqual([1717577700, 1717581300]);
  });
});

describe('Solana Tracker contract over real HTTP (data-api.ts error handling)', () => {
  const upstream = new ProgrammableUpstream();
  let baseUrl: string;
  let source: HttpUpstreamSource;
  let client: SolanaTrackerClient;

  beforeAll(async () => {
    baseUrl = await upstream.start();
  });
  beforeEach(() => {
    source = new HttpUpstreamSource({
      name: 'token-analytics',
      baseUrl,
      keys: ['doc-key'],
      keyPlacement: { kind: 'header', header: 'x-api-key' },
      timeoutMs: 2_000,
      retries: 0,
    });
    client = new SolanaTrackerClient(source);
  });
  afterEach(async () => {
    await source.close();
  });
  afterAll(async () => {
    await upstream.stop();
  });

  it('sends the key in x-api-key on the documented path', async () => {
    upstream.reset((_req, res) => json(res, 200, DOC_TOKEN_MINIMAL));
    await client.token(DOC_MINT);
    expect(upstream.hits[0]).toMatchObject({ url: `/tokens/${DOC_MINT}`, headers: { 'x-api-key': 'doc-key' } });
  });

  it('a 404 about a token is TokenAnalyticsNotFoundError naming it', async () => {
    upstream.reset((_req, res) => json(res, 404, { error: 'Token not found' }));
    await expect(client.token(DOC_MINT)).rejects.toBeInstanceOf(TokenAnalyticsNotFoundError);
    await expect(client.walletPnl(DOC_WALLET)).rejects.toMatchObject({ subject: 'wallet', address: DOC_WALLET });
  });

  it.each([
    [429, { message: 'Rate limit exceeded' }, { 'Retry-After': '1' }],
    [400, { detail: 'Invalid tokenAddress' }, {}],
    [500, { message: 'Internal error' }, {}],
  ])('a documented %d is an UpstreamError with that status, not a crash', async (status, body, headers) => {
    upstream.reset((_req, res) => json(res, status, body, headers));
    await expect(client.token(DOC_MINT)).rejects.toMatchObject({ name: 'UpstreamError', upstreamStatus: status });
  });

  it('a 401 (key refused) is an UpstreamError, never a not-found', async () => {
    upstream.reset((_req, res) => json(res, 401, { error: 'Invalid API key' }));
    const error = await client.token(DOC_MINT).catch((e: unknown) => e);
    expect(error).toMatchObject({ name: 'UpstreamError' });
    expect(error).not.toBeInstanceOf(TokenAnalyticsNotFoundError);
  });

  it('an answer missing a field Scout computes with (token.mint) is malformed', async () => {
    upstream.reset((_req, res) => json(res, 200, { ...DOC_TOKEN_MINIMAL, token: { name: 'x' } }));
    await expect(client.token(DOC_MINT)).rejects.toMatchObject({ failure: 'malformed' });
  });
});
