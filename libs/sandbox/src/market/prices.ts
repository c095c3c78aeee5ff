/**
 * Price paths: an asset's USD price at any instant (seeded value noise around its level; a pegged
 * asset stays near its peg, a wrapped one follows its reference), and a token's liquidity, holders
 * and volume beside it. Pure functions of (seed, instant).
 */
import { hashString, round, sig, unit, walk } from '../prng';
import { DAY_MS, type Asset, type Token } from './types';

// Local bindings: global lookups are slow inside VM contexts (jest), and these run in hot loops.
const exp = Math.exp;
const mround = Math.round;

const WORD_KEYS = {
  liq: hashString('liquidity'),
  holders: hashString('holders'),
};

/** USD price of an asset at tMs, or null when the asset cannot be priced. 10 significant digits. */
export function assetPrice(seed: number, asset: Asset, tMs: number, assetOf: (id: string) => Asset | undefined): number | null {
  if (asset.unpriced) return null;
  if (asset.ref) {
    const base = assetOf(asset.ref.asset)!;
    const p = assetPrice(seed, base, tMs, assetOf);
    return p === null ? null : sig(p * asset.ref.ratio);
  }
  if (asset.peg !== null) {
    const dev = asset.peg < 0.99 ? 0.012 : 0.0003;
    return sig(asset.peg * exp(walk(seed, asset.key, tMs, dev) * 0.5), 8);
  }
  const level = asset.base * exp(walk(seed, asset.key, tMs, asset.vol));
  return sig(asset.launch ? level * launchRamp(asset.launch, tMs) : level);
}

/** A launchpad coin's climb: `startFactor` until launch, then smoothly up to 1 over `rampMs`. */
export function launchRamp(l: { at: number; startFactor: number; rampMs: number }, tMs: number): number {
  const x = Math.min(1, Math.max(0, (tMs - l.at) / l.rampMs));
  const s = x * x * (3 - 2 * x);
  return exp(Math.log(l.startFactor) * (1 - s));
}

/** % change of the price over `windowMs` ending at tMs, 2 decimals; null when unpriced. */
export function priceChangePct(seed: number, asset: Asset, windowMs: number, tMs: number, assetOf: (id: string) => Asset | undefined): number | null {
  const a = assetPrice(seed, asset, tMs, assetOf);
  const b = assetPrice(seed, asset, tMs - windowMs, assetOf);
  if (a === null || b === null || b === 0) return null;
  return round((a / b - 1) * 100, 4);
}

/** Liquidity in USD across pools (Jupiter's `liquidity`). */
export function tokenLiquidity(seed: number, token: Token, tMs: number): number {
  if (token.liquidityBase === 0) return 0;
  return round(token.liquidityBase * exp(walk(seed, token.key ^ WORD_KEYS.liq, tMs, 0.02)), 2);
}

/** Holders of a token at tMs. */
export function tokenHolders(seed: number, token: Token, tMs: number): number {
  return mround(token.holderBase * exp(walk(seed, token.key ^ WORD_KEYS.holders, tMs, 0.004)));
}

/** Token trading volume (USD) over the window ending at tMs. */
export function tokenVolume(seed: number, token: Token, windowMs: number, tMs: number): number {
  const liq = tokenLiquidity(seed, token, tMs);
  const days = windowMs / DAY_MS;
  const n = 0.6 + unit(seed, token.key, Math.floor(tMs / windowMs)) * 0.8;
  return round(liq * token.turnover * days * n, 2);
}
