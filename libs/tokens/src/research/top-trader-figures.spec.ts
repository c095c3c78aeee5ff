import type { FomoLeaderboardRow, FomoTokenHolder } from '@scout/upstream';
import { rankTopTraders } from './top-trader-figures';

const h = (handle: string, valueUsd: number | null): FomoTokenHolder => ({ handle, userId: `u-${handle}`, amount: 1, valueUsd, priceUsd: 1 });
const row = (handle: string, rank: number, pnlUsd: number | null) =>
  ({ handle, userId: `u-${handle}`, rank, pnlUsd, verified: true, wallets: { solana: `sol-${handle}`, evm: null } }) as unknown as FomoLeaderboardRow;

describe('rankTopTraders', () => {
  const holders = new Map([
    ['T1', [h('ann', 10), h('bo', 500), h('cy', 50), h('dee', 5)]],
    ['T2', [h('ann', 20), h('cy', 70), h('eve', 900)]],
  ]);

  it('ranks by tokens held, then leaderboard PnL (off-board last), then value', () => {
    const ranked = rankTopTraders(holders, [row('ann', 4, 100), row('cy', 1, 9000), row('bo', 9, 50)]);
    expect(ranked.map((t) => [t.rank, t.handle, t.tokensHeld])).toEqual([
      [1, 'cy', 2],
      [2, 'ann', 2],
      [3, 'bo', 1],
      [4, 'eve', 1],
      [5, 'dee', 1],
    ]);
    expect(ranked[0]).toMatchObject({ totalValueUsd: 120, leaderboardRank: 1, pnlUsd: 9000, wallets: { solana: 'sol-cy', evm: null } });
    expect(ranked[3]).toMatchObject({ leaderboardRank: null, pnlUsd: null, verified: null, wallets: null });
  });

  it('without a leaderboard, ranks by tokens held then value', () => {
    expect(rankTopTraders(holders, null).map((t) => t.handle)).toEqual(['cy', 'ann', 'eve', 'bo', 'dee']);
  });

  it('counts a token once per trader even when listed twice', () => {
    const twice = new Map([['T1', [h('ann', 1), h('ann', 1)]]]);
    expect(rankTopTraders(twice, null)[0]).toMatchObject({ tokensHeld: 1, totalValueUsd: 1 });
  });
});
