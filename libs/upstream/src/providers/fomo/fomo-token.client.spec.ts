import { UpstreamError, type UpstreamCall, type UpstreamSource } from '../../upstream.types';
import { FomoTokenClient } from './fomo-token.client';
import * as fx from './fomo.fixture';

class CannedSource implements UpstreamSource {
  readonly name = 'fomo';
  readonly calls: UpstreamCall[] = [];
  constructor(private readonly answer: unknown) {}

  async request<T>(call: UpstreamCall, parse: (raw: unknown) => T): Promise<T> {
    this.calls.push(call);
    if (this.answer instanceof Error) throw this.answer;
    return parse(this.answer);
  }
}

const clientWith = (answer: unknown) => {
  const source = new CannedSource(answer);
  return { client: new FomoTokenClient(source), source };
};

describe('FomoTokenClient', () => {
  it('reads token stats, turning string volumes into numbers and keeping a null ratio', async () => {
    const { client, source } = clientWith(fx.TOKEN_STATS);
    const stats = await client.tokenStats(fx.PAID, 1399811149);
    expect(source.calls[0]).toMatchObject({ endpoint: 'fomo:/v2/token/{address}/stats', path: `/v2/token/${fx.PAID}/stats`, query: { networkId: 1399811149 } });
    expect(stats.windows['5m']).toMatchObject({ buyVolumeUsd: 85509.12, sellVolumeUsd: 91082.5, netVolumeUsd: null, buySellRatio: 1.084 });
    expect(stats.windows['1h']).toMatchObject({ sellVolumeUsd: 0, buySellRatio: null });
    expect(stats.windows['24h']).toBeNull();
    await expect(clientWith({ ...fx.TOKEN_STATS, windows: { '5m': { buyVolumeUsd: 'lots' } } }).client.tokenStats(fx.PAID)).rejects.toThrow();
  });

  it('asks for the full token board, cached 5 minutes', async () => {
    const { client, source } = clientWith(fx.TOKEN_BOARD);
    const board = await client.tokenBoard('trending');
    expect(source.calls[0]).toEqual({
      endpoint: 'fomo:/v2/leaderboard/tokens/{board}',
      path: '/v2/leaderboard/tokens/trending',
      query: { limit: 100 },
      cacheTtlMs: 300_000,
    });
    expect(board.tokens[0]).toMatchObject({ rank: 1, token: { symbol: 'PAID', address: fx.PAID }, fomoBuyers: 19, volume24hUsd: 7040880 });
  });

  it('reads devs, tracked holders, theses on a token and alerts', async () => {
    await expect(clientWith({ devs: [{ handle: 'dev', isDev: true, tradeId: fx.TRADE_ID }] }).client.tokenDevs(fx.PAID)).resolves.toEqual([
      expect.objectContaining({ handle: 'dev', isDev: true, realizedPnlUsd: null, thesis: null }),
    ]);
    const holders = await clientWith({ holders: [{ handle: 'lizzerd', amount: 14894865.86, valueUsd: 59005.24 }] }).client.tokenHolders(fx.PAID);
    expect(holders).toMatchObject({ holders: [{ handle: 'lizzerd', priceUsd: null }], capturedAt: null });
    const theses = clientWith(fx.THESES);
    await theses.client.thesesForToken(fx.PAID, { network: 'sol', sort: 'likes' });
    expect(theses.source.calls[0]).toMatchObject({ endpoint: 'fomo:/v2/thesis/token/{address}', query: { network: 'sol', sort: 'likes' } });
    const recent = clientWith(fx.THESES);
    await expect(recent.client.recentTheses({ chain: 'solana', sort: 'recent' })).resolves.toMatchObject({ theses: [{ thesisId: 'th-1' }] });
    expect(recent.source.calls[0]).toMatchObject({ endpoint: 'fomo:/v2/thesis', path: '/v2/thesis', query: { chain: 'solana', sort: 'recent' } });
    const alerts = clientWith({
      alerts: [{ eventId: 'e1', type: 'buy', userId: fx.PRICEDIN_ID, tokenAddress: fx.PAID, usdValue: 14726.98, ts: '2026-10-02T06:48:40.000Z' }],
    });
    await expect(alerts.client.alerts({ type: 'buy', limit: 100 })).resolves.toMatchObject({ alerts: [{ eventId: 'e1', tradeUsd: null }], cursor: null });
    expect(alerts.source.calls[0]).toMatchObject({ endpoint: 'fomo:/v2/alerts', query: { type: 'buy', limit: 100 } });
  });

  it('reads candles, numbers sent as strings too, with the query and a 30 s cache', async () => {
    const { client, source } = clientWith({
      address: fx.PAID,
      networkId: 1399811149,
      resolution: 60,
      source: 'live',
      stale: false,
      candles: [
        { t: 1790910000, o: 3.45e-6, h: 7.8e-4, l: 3.45e-6, c: 6.3e-4, v: 2157149.01 },
        { t: '1790913600', o: '0.00063', h: '0.0052', l: '0.00059', c: '0.0029', v: null },
      ],
    });
    const answer = await client.candles(fx.PAID, { resolution: '60', countBack: 2, to: 1790917200 });
    expect(source.calls[0]).toEqual({
      endpoint: 'fomo:/v2/token/{address}/candles',
      path: `/v2/token/${fx.PAID}/candles`,
      query: { resolution: '60', countBack: 2, from: undefined, to: 1790917200, networkId: undefined },
      cacheTtlMs: 30_000,
    });
    expect(answer).toEqual({
      address: fx.PAID,
      networkId: 1399811149,
      resolution: '60',
      source: 'live',
      stale: false,
      candles: [
        { t: 1790910000, o: 3.45e-6, h: 7.8e-4, l: 3.45e-6, c: 6.3e-4, v: 2157149.01 },
        { t: 1790913600, o: 0.00063, h: 0.0052, l: 0.00059, c: 0.0029, v: null },
      ],
    });
  });

  it('names the token from the request when the answer calls it `token`, and refuses a bad candle before any call', async () => {
    const named = clientWith({ token: fx.PAID, resolution: '1D', candles: [] });
    await expect(named.client.candles(fx.PAID, { resolution: '1D' })).resolves.toEqual({
      address: fx.PAID,
      networkId: null,
      resolution: '1D',
      source: null,
      stale: null,
      candles: [],
    });
    const bad = clientWith({ candles: [] });
    await expect(bad.client.candles(fx.PAID, { resolution: '1h' })).rejects.toBeInstanceOf(RangeError);
    await expect(bad.client.candles(' ', { resolution: '60' })).rejects.toBeInstanceOf(RangeError);
    expect(bad.source.calls).toHaveLength(0);
    await expect(
      clientWith({ resolution: '60', candles: [{ t: 1, o: 'lots', h: 1, l: 1, c: 1, v: 1 }] }).client.candles(fx.PAID, { resolution: '60' }),
    ).rejects.toThrow();
  });

  it('searches tokens, best match first as FOMO ranks them', async () => {
    const { client, source } = clientWith({
      results: [{ address: fx.PAID, name: 'PAID', symbol: 'PAID', networkId: 1399811149, network: 'solana', priceUsd: '0.0039', marketCapUsd: 3969825.12 }],
    });
    await expect(client.searchTokens(' paid ')).resolves.toEqual([
      { address: fx.PAID, name: 'PAID', symbol: 'PAID', networkId: 1399811149, network: 'solana', priceUsd: 0.0039, marketCapUsd: 3969825.12 },
    ]);
    expect(source.calls[0]).toEqual({ endpoint: 'fomo:/v2/tokens/search', path: '/v2/tokens/search', query: { q: 'paid' }, cacheTtlMs: 120_000 });
    await expect(clientWith({ results: [{ name: 'no address' }] }).client.searchTokens('x')).rejects.toThrow();
    await expect(client.searchTokens('')).rejects.toBeInstanceOf(RangeError);
  });

  it('turns a 404 about a token into a typed not found naming it', async () => {
    const { client } = clientWith(new UpstreamError('fomo', 'http', 'answered HTTP 404 (not found)', 404));
    await expect(client.tokenHolders('unknown-mint')).rejects.toMatchObject({ code: 'not_found', subject: 'token', ref: 'unknown-mint' });
    await expect(client.candles('unknown-mint', { resolution: '60' })).rejects.toMatchObject({ code: 'not_found', subject: 'token', ref: 'unknown-mint' });
  });
});
