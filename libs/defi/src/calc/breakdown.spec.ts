import { totalsByChain } from './breakdown';

describe('totalsByChain', () => {
  it('adds the protocols of each chain, unknown when none is known', () => {
    expect(
      totalsByChain({
        ethereum: { 'Uniswap V3': 10, 'Uniswap V2': 5 },
        base: { 'Uniswap V3': 2, 'Uniswap V4': null },
        monad: { 'Uniswap V3': null },
      }),
    ).toEqual({ ethereum: 15, base: 2, monad: null });
  });

  it('is null without a breakdown', () => {
    expect(totalsByChain(null)).toBeNull();
  });
});
