import { LaunchpadNotFoundError, UpstreamError, type LaunchpadTokenList, type LaunchpadTokenQuery } from '@scout/upstream';
import { CREATOR, fakeLaunchpad, SPYX, STONK, stonkLaunch, stonkRow, ZCAT, zcatRow } from './coin.fixture';
import { LaunchpadTokensToolsService } from './tokens-tools.service';

function listing(tokens = [stonkRow, zcatRow], pagination = { page: 1, pageSize: 25, total: 2, totalPages: 1 }): LaunchpadTokenList {
  return { tokens, pagination, network: 'mainnet', _generatedAt: null };
}

describe('launchpad_tokens', () => {
  it('asks the site with the filters and paging given, and answers its rows with nulls where it said nothing', async () => {
    const asked: LaunchpadTokenQuery[] = [];
    const port = fakeLaunchpad({ tokens: async (q) => (asked.push(q), listing([stonkRow, zcatRow], { page: 2, pageSize: 2, total: 7, totalPages: 4 })) });
    const result = await new LaunchpadTokensToolsService(port).tokens({
      q: ' STONK ',
      sort: 'newest',
      mode: 'standard',
      quoteMint: ` ${SPYX}`,
      category: 'xstock',
      status: 'graduated',
      page: 2,
      pageSize: 2,
    });
    expect(asked).toEqual([{ q: 'STONK', sort: 'newest', mode: 'standard', status: 'graduated', quoteMint: SPYX, category: 'xstock', page: 2, pageSize: 2 }]);
    expect(result.data.pagination).toEqual({ page: 2, pageSize: 2, total: 7, totalPages: 4, nextPage: 3 });
    const [stonk, zcat] = result.data.tokens;
    expect(stonk).toMatchObject({
      mint: STONK,
      creator: CREATOR,
      quote: { mint: SPYX, symbol: 'SPYX', category: 'xstock' },
      launchpad: 'raydium',
      mode: 'standard',
      transferFee: null,
      flywheel: null,
      market: { priceUsd: 0.2568, marketCapUsd: 206_991_540, liquidityUsd: 1_250_000, priceChange24h: 1.93, peakMarketCapUsd: 330_810_898 },
      status: 'graduated',
      graduationProgress: 1,
    });
    expect(zcat).toMatchObject({
      mint: ZCAT,
      creator: null,
      mode: 'reward',
      transferFee: { bps: 300 },
      flywheel: { active: true },
      graduatedAt: null,
      graduationProgress: 0.42,
    });
    expect(zcat.market.liquidityUsd).toBeNull();
    expect(result.notes).toEqual([expect.stringMatching(/^1 of 2 coins.*liquidityUsd null/), expect.stringMatching(/^1 of 2 coins.*no creator/)]);
  });

  it('on the last page there is no next one, and a full answer carries no notes', async () => {
    const port = fakeLaunchpad({ tokens: async () => listing([stonkRow], { page: 3, pageSize: 1, total: 3, totalPages: 3 }) });
    const result = await new LaunchpadTokensToolsService(port).tokens({ page: 3, pageSize: 1 });
    expect(result.data.pagination.nextPage).toBeNull();
    expect(result.notes).toBeUndefined();
  });

  it('says so when a page lies past the last one, or nothing matches', async () => {
    const past = fakeLaunchpad({ tokens: async () => listing([], { page: 9, pageSize: 25, total: 30, totalPages: 2 }) });
    expect((await new LaunchpadTokensToolsService(past).tokens({ page: 9, pageSize: 25 })).notes).toEqual(['Page 9 is past the last page (2) of 30 coins.']);
    const none = fakeLaunchpad({ tokens: async () => listing([], { page: 1, pageSize: 25, total: 0, totalPages: 0 }) });
    const result = await new LaunchpadTokensToolsService(none).tokens({ q: 'nothing', page: 1, pageSize: 25 });
    expect(result.data.tokens).toEqual([]);
    expect(result.notes).toEqual(['No launchpad coin matches these filters.']);
  });

  it('lets the provider failing through (the gateway answers 502, uncharged)', async () => {
    const error = new UpstreamError('launchpad', 'http', 'HTTP 503', 503);
    const port = fakeLaunchpad({ tokens: () => Promise.reject(error) });
    await expect(new LaunchpadTokensToolsService(port).tokens({ page: 1, pageSize: 25 })).rejects.toBe(error);
  });
});

describe('launchpad_token', () => {
  it('answers the coin and its launch record', async () => {
    const asked: string[] = [];
    const port = fakeLaunchpad({
      token: async (mint) => (asked.push(mint), { token: { ...stonkRow, launch: stonkLaunch }, network: null, _generatedAt: null }),
    });
    const result = await new LaunchpadTokensToolsService(port).token({ mint: ` ${STONK} ` });
    expect(asked).toEqual([STONK]);
    expect(result.data.token).toMatchObject({ mint: STONK, market: { marketCapUsd: 206_991_540 } });
    expect(result.data.token).not.toHaveProperty('launch');
    expect(result.data.launch).toEqual({
      mint: STONK,
      pool: stonkRow.pool,
      name: 'STONK',
      symbol: 'STONK',
      creator: CREATOR,
      quote: expect.objectContaining({ mint: SPYX, symbol: 'SPYX' }),
      launchpad: 'raydium',
      mode: 'standard',
      transferFee: null,
      startMarketCapUsd: 5_000,
      targetMarketCapUsd: 69_000,
      createdAt: '2026-07-23T19:08:03.348Z',
    });
    expect(result.notes).toBeUndefined();
  });

  it('a coin the site did not launch has launch null, with a note', async () => {
    const port = fakeLaunchpad({ token: async () => ({ token: { ...zcatRow, launch: null }, network: null, _generatedAt: null }) });
    const result = await new LaunchpadTokensToolsService(port).token({ mint: ZCAT });
    expect(result.data.launch).toBeNull();
    expect(result.notes).toEqual([
      expect.stringMatching(/^The coin: .*liquidityUsd null/),
      expect.stringMatching(/^The coin: .*no creator/),
      expect.stringContaining('no launch record'),
    ]);
  });

  it('lets an unknown mint through as the 404 it is', async () => {
    const port = fakeLaunchpad({ token: (mint) => Promise.reject(new LaunchpadNotFoundError('token', mint)) });
    await expect(new LaunchpadTokensToolsService(port).token({ mint: STONK })).rejects.toBeInstanceOf(LaunchpadNotFoundError);
  });
});
