import type { UpstreamCall, UpstreamSource } from '../../upstream.types';
import { FomoClient } from './fomo.client';
import { FomoTokenClient } from './fomo-token.client';
import * as fx from './fomo.fixture';

/*
 * FOMO's sparse answers. FOMO publishes no reference; its fields are known from the peer's captured
 * answers and upstreams.md §2.1 (fomo.fixture.ts). A field those show only sometimes is read as
 * optional: here each answer keeps only what Scout requires (docs/providers.md, "Assumed without a
 * public document") and the client must still read it, with null for everything else.
 */

class CannedSource implements UpstreamSource {
  readonly name = 'fomo';
  constructor(private readonly answer: unknown) {}
  async request<T>(_call: UpstreamCall, parse: (raw: unknown) => T): Promise<T> {
    return Promise.resolve(parse(this.answer));
  }
}

const client = (answer: unknown) => new FomoClient(new CannedSource(answer));

describe('FOMO answers with only the fields Scout requires', () => {
  it('fomo:/v2/leaderboard/{window}: window, and rank, handle, userId per trader', async () => {
    const sparse = { window: '7d', traders: fx.LEADERBOARD_7D.traders.map((t) => ({ rank: t.rank, handle: t.handle, userId: t.userId })) };
    const board = await client(sparse).leaderboard('7d');
    expect(board.traders.map((t) => t.handle)).toEqual(fx.LEADERBOARD_7D.traders.map((t) => t.handle));
    expect(board.traders[0]).toMatchObject({ pnlUsd: null, volumeUsd: null, trades: null, wallets: null, displayName: null, verified: null });
  });

  it.each([
    ['fomo:/v2/users/{handle}', (c: FomoClient) => c.userByHandle('pricedin')],
    ['fomo:/v2/users/id/{userId}', (c: FomoClient) => c.userById(fx.PRICEDIN_ID)],
  ])('%s: userId and handle', async (_label, read) => {
    const profile = await read(client({ userId: fx.PRICEDIN_ID, handle: 'pricedin' }));
    expect(profile).toMatchObject({ userId: fx.PRICEDIN_ID, handle: 'pricedin', pnl: null, wallets: null, swapCount: null, followers: null, twitter: null });
  });

  it('fomo:/v2/users/{userId}/positions: tradeId and token.address per position', async () => {
    const page = await client({ trades: [{ tradeId: fx.TRADE_ID, token: { address: fx.PAID } }] }).positionsPage(fx.PRICEDIN_ID);
    expect(page.trades).toHaveLength(1);
    expect(page.trades[0]).toMatchObject({ tradeId: fx.TRADE_ID, token: { address: fx.PAID, symbol: null, imageUrl: null } });
  });

  it('fomo:/v2/users/{userId}/swaps: swapId, tokenIn and tokenOut addresses per swap', async () => {
    const answer = { swaps: [{ swapId: 's1', tokenIn: { address: fx.PAID }, tokenOut: { address: fx.ORBIO } }] };
    const page = await client(answer).swapsPage(fx.PRICEDIN_ID, { limit: 5 });
    expect(page.swaps).toHaveLength(1);
    expect(page.swaps[0]).toMatchObject({ swapId: 's1', tokenIn: { address: fx.PAID }, tokenOut: { address: fx.ORBIO } });
  });

  it('fomo:/v2/users/{userId}/balances: token per holding', async () => {
    const balances = await client({ holdings: [{ token: { address: fx.PAID } }] }).balances(fx.PRICEDIN_ID);
    expect(balances.holdings).toHaveLength(1);
    expect(balances.holdings[0]).toMatchObject({ token: { address: fx.PAID, symbol: null } });
  });

  it.each([
    ['fomo:/v2/users/{userId}/following', (c: FomoClient) => c.following(fx.PRICEDIN_ID, 5)],
    ['fomo:/v2/users/{userId}/followers', (c: FomoClient) => c.followers(fx.PRICEDIN_ID, 5)],
  ])('%s: userId and handle per entry', async (_label, read) => {
    const list = await read(client({ users: [{ userId: fx.TAKIN_ID, handle: 'ExactTallTakin' }] }));
    expect(list.users).toEqual([expect.objectContaining({ userId: fx.TAKIN_ID, handle: 'ExactTallTakin' })]);
  });
});

describe('FOMO token answers with only the fields Scout requires', () => {
  const tokens = (answer: unknown) => new FomoTokenClient(new CannedSource(answer));

  it('fomo:/v2/token/{address}/stats: address and the windows object', async () => {
    const stats = await tokens({ address: fx.PAID, windows: {} }).tokenStats(fx.PAID);
    expect(stats).toMatchObject({ address: fx.PAID, priceUsd: null, holders: null });
  });

  it('fomo:/v2/leaderboard/tokens/{board}: board, and rank and token.address per item', async () => {
    const board = await tokens({ board: 'trending', tokens: [{ rank: 1, token: { address: fx.PAID } }] }).tokenBoard('trending');
    expect(board.tokens).toHaveLength(1);
    expect(board.tokens[0]).toMatchObject({ rank: 1, priceUsd: null, marketCapUsd: null });
  });

  it('fomo:/v2/token/{address}/devs and fomo:/token/{address}/holders: empty lists read as none', async () => {
    await expect(tokens({ devs: [] }).tokenDevs(fx.PAID)).resolves.toBeDefined();
    await expect(tokens({ holders: [] }).tokenHolders(fx.PAID)).resolves.toBeDefined();
  });
});
