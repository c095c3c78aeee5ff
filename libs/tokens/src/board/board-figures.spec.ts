import type { FomoTokenBoard } from '@scout/upstream';
import type { TokenMarket } from '../tokens.ports';
import { boardItem } from './board-figures';

const row: FomoTokenBoard['tokens'][number] = {
  rank: 3,
  token: { name: 'Moo', symbol: 'MOO', address: 'Mint111', networkId: 1399811149 },
  network: 'solana',
  fomoBuyers: 12,
  holders: 5000,
  priceUsd: 0.02,
  change24h: 4,
  marketCapUsd: 2_000_000,
  volume24hUsd: 90_000,
};
const market = (over: Partial<TokenMarket> = {}): TokenMarket => ({
  priceUsd: 0.03,
  marketCapUsd: 2_900_000,
  fdvUsd: 3_000_000,
  liquidityUsd: 150_000,
  volume24hUsd: 120_000,
  change24hPct: 7.5,
  ...over,
});

describe('boardItem', () => {
  it('takes price, market cap (circulating), FDV, liquidity, volume and change from the live market', () => {
    expect(boardItem(row, 'trending', market(), 'dexscreener')).toEqual({
      rank: 3,
      token: { name: 'Moo', symbol: 'MOO', address: 'Mint111' },
      holders: 5000,
      network: 'solana',
      chain: 'solana',
      priceUsd: 0.03,
      change24h: 7.5,
      marketCapUsd: 2_900_000,
      marketCapBasis: 'circulating',
      marketCapSource: 'dexscreener',
      priceSource: 'dexscreener',
      fdvUsd: 3_000_000,
      liquidityUsd: 150_000,
      volume24hUsd: 120_000,
      trackedBuyers: 12,
    });
  });

  it('falls back to the fully diluted cap when the source has no circulating one', () => {
    expect(boardItem(row, 'trending', market({ marketCapUsd: null }), 'dexscreener')).toMatchObject({
      marketCapUsd: 3_000_000,
      marketCapBasis: 'fully_diluted',
    });
  });

  it("rescales the provider's cap to the live price when the source has neither cap", () => {
    expect(boardItem(row, 'trending', market({ marketCapUsd: null, fdvUsd: null }), 'dexscreener')).toMatchObject({
      marketCapUsd: 3_000_000,
      marketCapBasis: 'circulating',
      marketCapSource: 'fomo, rescaled to the dexscreener price',
    });
  });

  it("keeps the provider's figures when there is no live market, and says so", () => {
    expect(boardItem(row, 'graduated', null, 'dexscreener')).toMatchObject({
      priceUsd: 0.02,
      priceSource: 'fomo',
      marketCapUsd: 2_000_000,
      marketCapSource: 'fomo',
      change24h: 4,
      fdvUsd: null,
      liquidityUsd: null,
      volume24hUsd: 90_000,
    });
  });

  it('has no holder count on the most-held board', () => {
    expect(boardItem(row, 'most-held', market(), 'dexscreener').holders).toBeNull();
  });
});
