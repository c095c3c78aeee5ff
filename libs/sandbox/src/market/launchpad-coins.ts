/**
 * The launchpad's coins as market tokens (the launchpad stand-in, providers/launchpad/, serves their
 * launch records; Jupiter, DexScreener and Solana Tracker price them like any other token). A fixed
 * schedule: LAUNCHPAD_COIN_COUNT coins from LAUNCHPAD_START on, one every 3 to 9 days (to early 2027), so at any
 * clock in the schedule some have launched and more are coming. Identities (mint, creator, path,
 * mode, quote, launch instant) come from a fixed seed; levels (how far each coin runs) from the
 * market seed. build.ts appends these last, on their own random streams: they move nothing else.
 *
 * Price path: the asset's walk times a launch ramp (prices.ts): at launch the coin trades at
 * `startFactor` of its mature level and climbs to it over `rampMs`, so the launch market cap is
 * small and a coin whose mature level is above its path's graduation threshold graduates.
 */
import { base58Address, hashString, mulberry32, pick } from '../prng';
import { NVDAX_MINT, SPL_TOKEN_PROGRAM, SPYX_MINT, STNK_MINT, TOKEN_2022_PROGRAM, USDC_MINT, type AssetSpec, type TokenSpec } from './universe';

export const LAUNCHPAD_NAME = 'stonk.fun';
/** First launch on the platform. */
export const LAUNCHPAD_START = Date.UTC(2026, 2, 1, 9, 0, 0);
/** Small enough that the market's Solana tokens stay within one 100-mint Jupiter search (other specs rely on it). */
export const LAUNCHPAD_COIN_COUNT = 60;
/** Every coin: a billion tokens, 6 decimals. */
export const LAUNCHPAD_SUPPLY = 1_000_000_000;
export const LAUNCHPAD_DECIMALS = 6;

export type LaunchPathName = 'raydium' | 'launchlab' | 'pump';
export const PATHS: readonly LaunchPathName[] = ['raydium', 'launchlab', 'pump'];

/** Market cap (USD) at which a coin graduates, per path. */
export const GRADUATION_THRESHOLDS: Record<LaunchPathName, number> = { raydium: 100_000, launchlab: 85_000, pump: 69_000 };

/** The quote tokens a launch can pair against (addresses in universe.ts LAUNCHPAD_QUOTE_TOKENS). */
export interface LaunchpadQuoteInfo {
  mint: string;
  symbol: string;
  name: string;
  decimals: number;
  category: 'xstock' | 'stablecoin' | 'custom';
  categoryLabel: string;
  tokenProgram: string;
  launchable: boolean;
  launchLabReady: boolean;
}

export interface LaunchpadCoin {
  index: number;
  mint: string;
  name: string;
  symbol: string;
  creator: string;
  path: LaunchPathName;
  mode: 'standard' | 'reward';
  /** Reward mode: the Token-2022 transfer tax, bps. */
  transferFeeBps: number | null;
  /** Buyback-and-burn on (every reward coin, some standard ones). */
  flywheel: boolean;
  quoteMint: string;
  /** Launch instant, ms. */
  at: number;
  /** When the launch was paid (its signature is `processing` from then until `at`). */
  paidAt: number;
  /** A few coins carve out an airdrop. */
  airdrop: boolean;
  key: number;
}

const IDENTITY_SEED = hashString('launchpad:identities');
const SERIAL_CREATORS = 4;
const FIRST = ['Bull', 'Moon', 'Alpha', 'Chip', 'Stonk', 'Index', 'Yield', 'Rocket', 'Diamond', 'Tendie', 'Green', 'Golden'];
const SECOND = ['Ape', 'Bear', 'Candle', 'Desk', 'Floor', 'Hands', 'Rally', 'Ticker', 'Vault', 'Whale', 'Wolf', 'Bell'];

let memo: { coins: LaunchpadCoin[]; quotes: readonly LaunchpadQuoteInfo[] } | null = null;

/** The schedule (seed-independent, built once per process). */
export function launchpadCoins(quotes: readonly LaunchpadQuoteInfo[]): LaunchpadCoin[] {
  if (memo && memo.quotes === quotes) return memo.coins;
  const uni = mulberry32(IDENTITY_SEED);
  const serial = Array.from({ length: SERIAL_CREATORS }, () => base58Address(uni));
  const launchable = quotes.filter((q) => q.launchable);
  const labReady = quotes.filter((q) => q.launchLabReady);
  const coins: LaunchpadCoin[] = [];
  let at = LAUNCHPAD_START;
  let prevAt = LAUNCHPAD_START - 3_600_000;
  for (let i = 0; i < LAUNCHPAD_COIN_COUNT; i++) {
    // Round-robin over the six path × mode pairs, so any stretch of launches shows all of them.
    const path = PATHS[i % 3];
    const mode = Math.floor(i / 3) % 2 === 0 ? 'standard' : 'reward';
    const quote = path === 'launchlab' ? pick(uni, labReady) : pick(uni, launchable);
    const first = pick(uni, FIRST);
    const second = pick(uni, SECOND);
    const name = `${first} ${second}`;
    const symbol = `${first.slice(0, 2)}${second.slice(0, 3)}${i}`.toUpperCase();
    const creator = uni() < 0.35 ? serial[Math.floor(uni() * SERIAL_CREATORS)] : base58Address(uni);
    const mint = base58Address(uni, path === 'pump' ? 'pump' : '');
    const bps = mode === 'reward' ? pick(uni, [100, 200, 300, 500]) : null;
    const flywheel = mode === 'reward' || uni() < 0.3;
    const airdrop = uni() < 0.12;
    coins.push({
      index: i,
      mint,
      name,
      symbol,
      creator,
      path,
      mode,
      transferFeeBps: bps,
      flywheel,
      quoteMint: quote.mint,
      at,
      // Paid as the previous coin went live: exactly one launch is processing between launches.
      paidAt: prevAt + 60_000,
      airdrop,
      key: hashString(`launchpad:coin:${mint}`),
    });
    prevAt = at;
    at += Math.round((3 + uni() * 6) * 86_400_000);
  }
  memo = { coins, quotes };
  return coins;
}

/** The asset of a coin: mature level and launch ramp from the market seed (rand). */
export function launchpadAssetSpec(c: LaunchpadCoin, rand: () => number): AssetSpec {
  // Mature market cap 10k..1.6M: most coins pass their path's threshold, some never do.
  const mature = 10 ** (4 + rand() * 2.2);
  const start = 4_000 + rand() * 4_000;
  return {
    id: `LAUNCHPAD:${c.mint}`,
    symbol: c.symbol,
    name: c.name,
    gecko: null,
    price: mature / LAUNCHPAD_SUPPLY,
    vol: 0.1,
    launch: { at: c.at, startFactor: Math.min(1, start / mature), rampMs: Math.round((0.25 + rand() * 6) * 86_400_000) },
  };
}

/** The token of a coin (Token-2022 in reward mode). */
export function launchpadTokenSpec(c: LaunchpadCoin, asset: AssetSpec, rand: () => number): TokenSpec {
  const mature = asset.price * LAUNCHPAD_SUPPLY;
  return {
    chain: 'Solana',
    address: c.mint,
    symbol: c.symbol,
    name: c.name,
    decimals: LAUNCHPAD_DECIMALS,
    asset: asset.id,
    liquidity: Math.round(mature * (0.08 + rand() * 0.12)),
    circSupply: LAUNCHPAD_SUPPLY,
    totalSupply: LAUNCHPAD_SUPPLY,
    createdAt: new Date(c.at).toISOString(),
    launchpad: LAUNCHPAD_NAME,
    tags: ['launchpad'],
    ...(c.mode === 'reward' ? { tokenProgram: TOKEN_2022_PROGRAM } : {}),
  };
}

/** The quotes (USDC, two xStocks, a custom quote): what `/api/pairs` lists. */
export const LAUNCHPAD_QUOTES: readonly LaunchpadQuoteInfo[] = [
  {
    mint: USDC_MINT,
    symbol: 'USDC',
    name: 'USD Coin',
    decimals: 6,
    category: 'stablecoin',
    categoryLabel: 'Stablecoins',
    tokenProgram: SPL_TOKEN_PROGRAM,
    launchable: true,
    launchLabReady: true,
  },
  {
    mint: SPYX_MINT,
    symbol: 'SPYx',
    name: 'SP500',
    decimals: 8,
    category: 'xstock',
    categoryLabel: 'xStocks',
    tokenProgram: TOKEN_2022_PROGRAM,
    launchable: true,
    launchLabReady: true,
  },
  {
    mint: NVDAX_MINT,
    symbol: 'NVDAx',
    name: 'NVIDIA',
    decimals: 8,
    category: 'xstock',
    categoryLabel: 'xStocks',
    tokenProgram: TOKEN_2022_PROGRAM,
    launchable: true,
    launchLabReady: false,
  },
  {
    mint: STNK_MINT,
    symbol: 'STNK',
    name: 'Stonk Quote',
    decimals: 6,
    category: 'custom',
    categoryLabel: 'Custom',
    tokenProgram: SPL_TOKEN_PROGRAM,
    launchable: true,
    launchLabReady: false,
  },
];

const ADDED = new Set<string>([SPYX_MINT, NVDAX_MINT, STNK_MINT]);

/** A token the launchpad added to the market (its quotes and coins): worlds built before it leave them out. */
export function isLaunchpadAddition(token: { address: string; launchpad: string | null }): boolean {
  return token.launchpad === LAUNCHPAD_NAME || ADDED.has(token.address);
}
