/**
 * Value locked over time: a protocol's TVL on a chain (its own noise plus the market factor every
 * TVL shares), a stablecoin's supply on a chain, and a yield pool's TVL (a share of its protocol's
 * on that chain) and APY. Pure functions of (seed, instant).
 */
import { hashString, round, walk } from '../prng';
import { DAY_MS, type Protocol, type Stablecoin, type YieldPool } from './types';

// Local bindings: global lookups are slow inside VM contexts (jest), and these run in hot loops.
const exp = Math.exp;
const mround = Math.round;

const WORD_KEYS = {
  market: hashString('market-factor'),
  apyBase: hashString('apy-base'),
  apyReward: hashString('apy-reward'),
};

/** TVL of a protocol on one chain at tMs (integer USD; 0 before listing or off-chain). */
export function protocolChainTvlAt(seed: number, p: Protocol, chain: string, tMs: number): number {
  const base = p.chainBase[chain];
  if (base === undefined || tMs < p.listedAt * 1000) return 0;
  const market = walk(seed, WORD_KEYS.market, tMs, 0.012, 0.05);
  return mround(base * exp(walk(seed, p.chainKey[chain], tMs, p.tvlVol) + market));
}

/** Whether a category counts towards chain TVL (DefiLlama excludes liquid staking by default). */
export function countsInChainTvl(p: Protocol): boolean {
  return p.category !== 'Liquid Staking';
}

/** Circulating supply (units pegged to USD) of a stablecoin on a chain at tMs, integer. */
export function stableCirculatingAt(seed: number, s: Stablecoin, chain: string, tMs: number): number {
  const base = s.chainBase[chain];
  if (base === undefined) return 0;
  const growth = ((tMs - Date.UTC(2026, 0, 1)) / (365 * DAY_MS)) * 0.12;
  return mround(base * exp(growth + walk(seed, s.key ^ hashString(chain), tMs, 0.006, 0.05)));
}

/** Pool state at tMs. */
export function poolStateAt(seed: number, pool: YieldPool, tMs: number) {
  const tvlUsd = mround(protocolChainTvlAt(seed, pool.protocol, pool.chain, tMs) * pool.share);
  const apyBase = round(pool.apyBaseLevel * exp(walk(seed, pool.key ^ WORD_KEYS.apyBase, tMs, 0.05, 0.05)), 5);
  const apyReward = pool.apyRewardLevel === null ? null : round(pool.apyRewardLevel * exp(walk(seed, pool.key ^ WORD_KEYS.apyReward, tMs, 0.08, 0.05)), 5);
  const apy = round(apyBase + (apyReward ?? 0), 5);
  return { tvlUsd, apyBase, apyReward, apy };
}
