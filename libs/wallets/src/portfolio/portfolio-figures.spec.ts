import type { WalletToken } from '@scout/upstream';
import { chainGroups, holding, portfolioFigures } from './portfolio-figures';

const token = (over: Partial<WalletToken>): WalletToken => ({
  chain: 'base',
  tokenAddress: '0xaaa',
  isNative: false,
  rawBalance: '1000000',
  decimals: 6,
  amount: 1,
  symbol: 'AAA',
  name: 'Aaa',
  logo: null,
  priceUsd: 2,
  priceUpdatedAt: null,
  error: null,
  ...over,
});

describe('holding', () => {
  it('values a priced balance, and leaves an unpriced one null', () => {
    expect(holding(token({ amount: 3, priceUsd: 1.5 }))).toMatchObject({ amount: 3, priceUsd: 1.5, valueUsd: 4.5 });
    expect(holding(token({ priceUsd: null }))).toMatchObject({ priceUsd: null, valueUsd: null });
    expect(holding(token({ amount: null, decimals: null }))).toMatchObject({ amount: null, valueUsd: null });
  });

  it('drops a zero balance, however it is written', () => {
    expect(holding(token({ rawBalance: '0', amount: 0 }))).toBeNull();
    expect(holding(token({ rawBalance: '000', amount: 0 }))).toBeNull();
    expect(holding(token({ rawBalance: '10', amount: 1e-5 }))).not.toBeNull();
  });
});

describe('portfolioFigures', () => {
  const tokens = [
    token({ chain: 'base', tokenAddress: '0xa', amount: 10, priceUsd: 2 }),
    token({ chain: 'base', tokenAddress: '0xb', amount: 1, priceUsd: 0.5 }),
    token({ chain: 'ethereum', tokenAddress: null, isNative: true, amount: 2, priceUsd: 3000 }),
    token({ chain: 'ethereum', tokenAddress: '0xc', amount: 5, priceUsd: null }),
    token({ chain: 'bsc', tokenAddress: '0xd', rawBalance: '0', amount: 0 }),
  ];

  it('sums the priced holdings in total and per chain, most valuable first, unpriced last and out of the sums', () => {
    const f = portfolioFigures(tokens, ['base', 'ethereum', 'bsc']);
    expect(f.totalUsd).toBe(6020.5);
    expect(f.byChain).toEqual([
      { chain: 'ethereum', valueUsd: 6000, holdings: 2, unpriced: 1 },
      { chain: 'base', valueUsd: 20.5, holdings: 2, unpriced: 0 },
      { chain: 'bsc', valueUsd: 0, holdings: 0, unpriced: 0 },
    ]);
    expect(f.holdings.map((h) => h.tokenAddress)).toEqual([null, '0xa', '0xb', '0xc']);
    expect(f).toMatchObject({ unpriced: 1, hidden: 0 });
  });

  it('hides rows below minValueUsd but keeps them in the totals; an unpriced row is never hidden', () => {
    const f = portfolioFigures(tokens, ['base', 'ethereum', 'bsc'], 1);
    expect(f.holdings.map((h) => h.tokenAddress)).toEqual([null, '0xa', '0xc']);
    expect(f).toMatchObject({ totalUsd: 6020.5, hidden: 1 });
  });

  it('a wallet holding only unpriced tokens has no total (null), an empty one a total of 0', () => {
    expect(portfolioFigures([token({ priceUsd: null })], ['base']).totalUsd).toBeNull();
    expect(portfolioFigures([token({ priceUsd: null })], ['base']).byChain[0].valueUsd).toBeNull();
    expect(portfolioFigures([], ['base']).totalUsd).toBe(0);
  });

  it('counts a token whose address the provider left out (not the native coin) and still values it', () => {
    const f = portfolioFigures([token({ tokenAddress: null }), token({ tokenAddress: null, isNative: true, symbol: 'ETH' }), token({})], ['base']);
    expect(f.unaddressed).toBe(1);
    expect(f.totalUsd).toBe(6);
    expect(f.holdings.filter((h) => h.tokenAddress === null && !h.isNative)).toHaveLength(1);
  });
});

describe('chainGroups', () => {
  it('splits the chains into calls of at most five', () => {
    expect(chainGroups(['ethereum', 'base', 'bsc', 'monad', 'hyperliquid', 'brokerage'], 5)).toEqual([
      ['ethereum', 'base', 'bsc', 'monad', 'hyperliquid'],
      ['brokerage'],
    ]);
    expect(chainGroups(['solana'], 5)).toEqual([['solana']]);
  });
});
