/**
 * The market-cap path of a launch the market does not trade (the dead coins of launches.ts): it
 * opens at a bonding curve's starting cap (about $5k), climbs to its peak, then settles towards a
 * floor, with a little noise on top. Peaks have a heavy tail: about one launch in twenty passes
 * $3M, one in a thousand or so $300M; most never leave the curve. After the peak a coin dies
 * (back to a few thousand dollars within hours or days), is rugged (its developer dumps: gone in
 * minutes), fades (to a few percent to a third of its peak over weeks) or holds (most of its peak).
 * A pure function of (market seed, launch): the same path serves every instant.
 */
import { round, walk } from '../../prng';

const MIN_MS = 60_000;
const HOUR_MS = 3_600_000;
const DAY_MS = 86_400_000;
/** Market cap at which a pump.fun coin leaves its bonding curve for an AMM pool. */
export const GRADUATION_MCAP = 69_000;
/** Mean of the peak's log10 multiple over the starting cap (exponential). */
const PEAK_LOG_MEAN = 0.9;
const PEAK_LOG_MAX = 5;
/** Shape of the climb: the cap rises fast first (log-cap grows as elapsed^0.6). */
const RISE_SHAPE = 0.6;
/** Daily volatility of the noise on top of the path (log cap). */
const NOISE = 0.02;

export type PathFate = 'dead' | 'rugged' | 'faded' | 'held';

export interface McapPath {
  launchAt: number;
  start: number;
  peak: number;
  peakAt: number;
  floor: number;
  /** Time constant of the settling after the peak, ms. */
  tauMs: number;
  fate: PathFate;
  /** When the climb passed GRADUATION_MCAP (null: never left the curve). */
  graduatedAt: number | null;
  /** Noise key. */
  key: number;
}

/**
 * Draws a path from `rand`. `small` keeps the peak low (the earlier launches of a market coin's
 * developer: the dead coins its deployer history shows).
 */
export function drawPath(rand: () => number, launchAt: number, key: number, small = false): McapPath {
  const start = 4_000 + rand() * 2_500;
  const raw = -Math.log(1 - rand()) * PEAK_LOG_MEAN;
  // Past a thousandfold the tail thins: runners to hundreds of millions stay rare.
  const multipleLog = Math.min(PEAK_LOG_MAX, raw <= 3 ? raw : 3 + (raw - 3) / 2) * (small ? 0.35 : 1);
  const peak = start * 10 ** multipleLog;
  // Bigger peaks take longer to build: minutes for a flop, days for a runner.
  const riseMs = 5 * MIN_MS * 10 ** (multipleLog * 0.45 + rand() * 1.2);
  const r = rand();
  let fate: PathFate;
  let floor: number;
  let tauMs: number;
  if (peak < GRADUATION_MCAP) {
    fate = 'dead';
    floor = start * (0.35 + rand() * 0.5);
    tauMs = HOUR_MS * (1 + rand() * 11);
  } else if (r < 0.15) {
    fate = 'rugged';
    floor = 800 + rand() * 2_000;
    tauMs = MIN_MS * (3 + rand() * 20);
  } else if (r < 0.65) {
    fate = 'dead';
    floor = 2_000 + rand() * 13_000;
    tauMs = HOUR_MS * (6 + rand() * 114);
  } else if (r < 0.9) {
    fate = 'faded';
    floor = peak * (0.03 + rand() * 0.3);
    tauMs = DAY_MS * (2 + rand() * 18);
  } else {
    fate = 'held';
    floor = peak * (0.4 + rand() * 0.5);
    tauMs = DAY_MS * (5 + rand() * 25);
  }
  const peakAt = launchAt + Math.floor(riseMs);
  let graduatedAt: number | null = null;
  if (peak >= GRADUATION_MCAP) {
    const s = (Math.log(GRADUATION_MCAP) - Math.log(start)) / (Math.log(peak) - Math.log(start));
    graduatedAt = launchAt + Math.floor((peakAt - launchAt) * Math.max(0, s) ** (1 / RISE_SHAPE));
  }
  return { launchAt, start, peak, peakAt, floor: Math.min(floor, peak), tauMs, fate, graduatedAt, key };
}

/** Market cap (USD) at t, 2 decimals; null before the launch. */
export function pathMcap(seed: number, path: McapPath, t: number): number | null {
  if (t < path.launchAt) return null;
  const ls = Math.log(path.start);
  const lp = Math.log(path.peak);
  const lf = Math.log(path.floor);
  let log: number;
  if (t <= path.peakAt) {
    const span = Math.max(1, path.peakAt - path.launchAt);
    log = ls + (lp - ls) * ((t - path.launchAt) / span) ** RISE_SHAPE;
  } else {
    log = lf + (lp - lf) * Math.exp(-(t - path.peakAt) / path.tauMs);
  }
  // Noise fades in over the first hour, so every launch opens at its starting cap.
  const ramp = Math.min(1, (t - path.launchAt) / HOUR_MS);
  return round(Math.exp(log + ramp * walk(seed, path.key, t, NOISE)), 2);
}

/** Liquidity (USD) of a launch with a path: the curve's reserves, then the AMM pool's. */
export function pathLiquidity(path: McapPath, mcap: number, t: number): number {
  const graduated = path.graduatedAt !== null && t >= path.graduatedAt;
  return round(mcap * (graduated ? 0.12 : 0.22), 2);
}

/** USD traded over the 24 h ending at t: busy while young, a trickle once old. */
export function pathVolume24h(path: McapPath, mcap: number, t: number): number {
  const ageDays = (t - path.launchAt) / DAY_MS;
  return round(mcap * (0.02 + 1.5 * Math.exp(-ageDays / 2)), 2);
}
