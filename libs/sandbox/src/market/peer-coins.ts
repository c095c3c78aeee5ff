/**
 * Coins the peer service names in its captured answers (its leaderboard's top tokens, a trader
 * report's holdings and best and worst trades, a multi-trader match, a token analysis): real
 * addresses, so the peer's documented examples answer on the sandbox instead of 404. Their symbol,
 * name and launch time are the captures' where a capture shows them; a coin a capture names only by
 * address is called after its address. Prices are nominal levels near the captured ones; the
 * market seed moves them like any other asset's. build.ts adds these after the rest of the
 * universe, on their own random streams, so they move no other identity or level.
 */
import type { AssetSpec, TokenSpec } from './universe';

export interface PeerCoin {
  chain: 'Solana' | 'Ethereum' | 'BSC' | 'Robinhood Chain';
  address: string;
  symbol: string;
  name: string;
  /** Nominal USD price. */
  price: number;
  /** Daily volatility of the log price. */
  vol: number;
  /** USD liquidity across pools. */
  liquidity: number;
  createdAt: string;
  /** Launchpad; 'pump.fun' coins get a tracked developer and insiders (fomo/launches.ts). */
  launchpad?: string;
}

const MEME_VOL = 0.12;

export const PEER_COINS: readonly PeerCoin[] = [
  // Solana: the coins of the captured multi-trader matches and token analysis.
  {
    chain: 'Solana',
    address: 'GAwhcphCqCv5bKHmCiN4VDdNWfbXJL4npmkc8L3Q9S9H',
    symbol: 'www',
    name: 'www',
    price: 0.004,
    vol: MEME_VOL,
    liquidity: 450_000,
    createdAt: '2026-10-02T03:00:00.000Z',
  },
  {
    chain: 'Solana',
    address: 'DEW9dSN6QpWyNthphCpMmAbZP1Q4cEKR9xQXAri98WDP',
    symbol: 'SI',
    name: 'Super Inu',
    price: 0.031,
    vol: MEME_VOL,
    liquidity: 900_000,
    createdAt: '2026-09-21T15:49:04.818Z',
  },
  {
    chain: 'Solana',
    address: 'CbcyNo7m1amFWqEQm2m4PLv1UNvpcL3C1Ujm6AkzpKoU',
    symbol: 'e/acc',
    name: 'e/acc',
    price: 0.0021,
    vol: MEME_VOL,
    liquidity: 260_000,
    createdAt: '2026-09-28T18:20:00.000Z',
  },
  {
    chain: 'Solana',
    address: 'Ai66LHZG9MCzg1WKdawwqduVAXpNDUuV8M3uyq5ppump',
    symbol: 'CATE',
    name: 'CATE',
    price: 0.0009,
    vol: MEME_VOL,
    liquidity: 120_000,
    createdAt: '2026-09-30T11:05:00.000Z',
    launchpad: 'pump.fun',
  },
  {
    chain: 'Solana',
    address: '7VertkgF9KLhxxJXHX6uaWuoYZTP9LdGj2bWmVXVpump',
    symbol: 'Agency',
    name: 'Agency',
    price: 0.0012,
    vol: MEME_VOL,
    liquidity: 140_000,
    createdAt: '2026-09-29T21:40:00.000Z',
    launchpad: 'pump.fun',
  },
  {
    chain: 'Solana',
    address: '98kfF7rmsg1QDUEoCqNE7g7M1FdrTt92TEp2CLzypump',
    symbol: 'PAID',
    name: 'PAID',
    price: 0.0021,
    vol: MEME_VOL,
    liquidity: 180_000,
    createdAt: '2026-09-12T09:30:00.000Z',
    launchpad: 'pump.fun',
  },
  {
    chain: 'Solana',
    address: 'HcRLc9VDgjLeK154xDawfb1dmVJ98DoSqcwTHGqiDeJR',
    symbol: 'ZCAT',
    name: 'Anonymous Cat',
    price: 0.045,
    vol: MEME_VOL,
    liquidity: 700_000,
    createdAt: '2026-08-30T23:30:26.185Z',
  },
  {
    chain: 'Solana',
    address: 'A7bdiYdS5GjqGFtxf17ppRHtDKPkkRqbKtR27dxvQXaS',
    symbol: 'ZEC',
    name: 'Zcash',
    price: 1380,
    vol: 0.06,
    liquidity: 5_000_000,
    createdAt: '2025-11-04T00:00:00.000Z',
  },
  {
    chain: 'Solana',
    address: 'PerPsCe2SJ7Q25CN4R5TTX4fmBdmknE2hQmqCt96fHL',
    symbol: 'PERP',
    name: 'PerPs',
    price: 0.0016,
    vol: MEME_VOL,
    liquidity: 90_000,
    createdAt: '2026-08-14T16:00:00.000Z',
  },
  // Robinhood Chain: the captured trader report's largest holdings and the leaderboard's top tokens.
  {
    chain: 'Robinhood Chain',
    address: '0xaa07a0e9209e16ac99708c3ec70159c6ef3128a3',
    symbol: 'ORBIO',
    name: 'ORBIO',
    price: 0.085,
    vol: 0.1,
    liquidity: 2_400_000,
    createdAt: '2026-07-02T12:00:00.000Z',
  },
  {
    chain: 'Robinhood Chain',
    address: '0x07ebb29a38fbcb41563817e5e19f2cec619c90d2',
    symbol: 'BUN',
    name: 'BUN',
    price: 0.078,
    vol: 0.1,
    liquidity: 800_000,
    createdAt: '2026-07-20T12:00:00.000Z',
  },
  {
    chain: 'Robinhood Chain',
    address: '0x739958e366a0509d4c51c1c164c509fff154adee',
    symbol: 'VLAD',
    name: 'VLAD',
    price: 0.012,
    vol: 0.11,
    liquidity: 150_000,
    createdAt: '2026-08-08T12:00:00.000Z',
  },
  {
    chain: 'Robinhood Chain',
    address: '0x98096d17e191b3da1d5f99a6d7b3584351b11e18',
    symbol: '9809',
    name: 'Token 0x9809',
    price: 0.048,
    vol: 0.1,
    liquidity: 300_000,
    createdAt: '2026-08-01T12:00:00.000Z',
  },
  {
    chain: 'Robinhood Chain',
    address: '0x2e8c31162b855a2ffa90f6f8634643ad6f111e18',
    symbol: '2E8C',
    name: 'Token 0x2e8c',
    price: 0.17,
    vol: 0.1,
    liquidity: 400_000,
    createdAt: '2026-08-05T12:00:00.000Z',
  },
  // Ethereum and BSC.
  {
    chain: 'Ethereum',
    address: '0xd34a99bc0f67ae1bbd63c660e6d0b0dd03e263b7',
    symbol: 'IMD',
    name: 'IMD',
    price: 0.05,
    vol: 0.09,
    liquidity: 1_100_000,
    createdAt: '2026-06-15T12:00:00.000Z',
  },
  {
    chain: 'Ethereum',
    address: '0x75e2fc69ff2ac12af65ba7d321bbf4f878c535d2',
    symbol: '75E2',
    name: 'Token 0x75e2',
    price: 0.0041,
    vol: 0.1,
    liquidity: 250_000,
    createdAt: '2026-07-11T12:00:00.000Z',
  },
  {
    chain: 'BSC',
    address: '0xd270d4e1ec6e6e0d28c0ecb8be966ec75997ffff',
    symbol: '4Stock',
    name: '4Stock',
    price: 0.0015,
    vol: 0.11,
    liquidity: 200_000,
    createdAt: '2026-08-25T12:00:00.000Z',
  },
  {
    chain: 'BSC',
    address: '0x113d68c8cca4fe5ba25f49c00784079d168e7777',
    symbol: '113D',
    name: 'Token 0x113d',
    price: 0.00037,
    vol: 0.12,
    liquidity: 120_000,
    createdAt: '2026-08-18T12:00:00.000Z',
  },
];

/** The asset behind a peer coin (its own price path). */
export function peerAssetSpec(c: PeerCoin): AssetSpec {
  return { id: `PEER:${c.chain}:${c.address}`, symbol: c.symbol, name: c.name, gecko: null, price: c.price, vol: c.vol };
}

/** The token spec of a peer coin. */
export function peerTokenSpec(c: PeerCoin): TokenSpec {
  return {
    chain: c.chain,
    address: c.address,
    symbol: c.symbol,
    name: c.name,
    decimals: c.chain === 'Solana' ? 6 : 18,
    asset: peerAssetSpec(c).id,
    liquidity: c.liquidity,
    createdAt: c.createdAt,
    ...(c.launchpad ? { launchpad: c.launchpad, tags: ['pump'] } : {}),
  };
}
