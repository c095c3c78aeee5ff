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
    expect(source.calls[0]).toEqual({ endpoint: 'fomo:/v2/leaderboard/tokens/{board}', path: '/v2/leaderboard/tokens/trending', query: { limit: 100 }, cacheTtlMs: 300_000 });
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
    const alerts = clientWith({ alerts: [{ eventId: 'e1', type: 'buy', userId: fx.PRICEDIN_ID, tokenAddress: fx.PAID, usdValue: 14726.98, ts: '2026-10-02T06:48:40.000Z' }] });
    await expect(alerts.client.alerts({ type: 'buy', limit: 100 })).resolves.toMatchObject({ alerts: [{ eventId: 'e1', tradeUsd: null }], cursor: null });
    expect(alerts.source.calls[0]).toMatchObject({ endpoint: 'fomo:/v2/alerts', query: { type: 'buy', limit: 100 } });
  });

  it('turns a 404 about a token into a typed not found naming it', async () => {
    const { client } = clientWith(new UpstreamError('fomo', 'http', 'answered HTTP 404 (not found)', 404));
    await expect(client.tokenHolders('unknown-mint')).rejects.toMatchObject({ code: 'not_found', subject: 'token', ref: 'unknown-mint' });
  });
});
