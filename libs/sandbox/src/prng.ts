/**
 * Deterministic randomness for the sandbox market. Nothing here (or anywhere in the sandbox)
 * draws from the global random source: every value is a pure function of the seed, a string key
 * and a position.
 *
 * - `mulberry32(seed)`: a small seeded PRNG for drawing static attributes in sequence.
 * - `hash32(...)` / `unit(...)`: stateless hashes to [0, 2^32) and [0, 1).
 * - `smoothNoise` / `walk`: continuous value noise summed over octaves whose amplitude grows with
 *   the square root of their period, so a series looks like a random walk but can be evaluated at
 *   any instant in O(1) without keeping state. Same (seed, key, t) → same value, always.
 */

// Local bindings: global lookups are slow inside VM contexts (jest), and these run in hot loops.
const imul = Math.imul;
const floor = Math.floor;
const sqrt = Math.sqrt;

/** mulberry32: a 32-bit seeded PRNG returning floats in [0, 1). */
export function mulberry32(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = imul(t ^ (t >>> 15), t | 1);
    t ^= t + imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** FNV-1a hash of a string to 32 bits. */
export function hashString(s: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < s.length; i++) {
    h ^= s.charCodeAt(i);
    h = imul(h, 0x01000193);
  }
  return h >>> 0;
}

/** Finaliser of murmur3: a good 32-bit avalanche. */
function fmix(h: number): number {
  h ^= h >>> 16;
  h = imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = imul(h, 0xc2b2ae35);
  h ^= h >>> 16;
  return h >>> 0;
}

/** Hash of a seed, a key hash and any number of integers (each may exceed 32 bits; up to 2^53). */
export function hash32(seed: number, keyHash: number, ...ints: number[]): number {
  let h = fmix((seed >>> 0) ^ 0x9e3779b9);
  h = fmix(h ^ keyHash);
  for (const n of ints) {
    const lo = n >>> 0;
    const hi = floor(n / 4294967296) >>> 0;
    h = fmix(h ^ lo);
    h = fmix((h + hi + 0x7f4a7c15) >>> 0);
  }
  return h;
}

/** Uniform in [0, 1) from a seed, a key and integers. */
export function unit(seed: number, keyHash: number, ...ints: number[]): number {
  return hash32(seed, keyHash, ...ints) / 4294967296;
}

/** hash32(seed, keyHash, n) / 2^32 without the rest-parameter array (hot path). */
function unit1(seed: number, keyHash: number, n: number): number {
  let h = fmix((seed >>> 0) ^ 0x9e3779b9);
  h = fmix(h ^ keyHash);
  const lo = n >>> 0;
  const hi = floor(n / 4294967296) >>> 0;
  h = fmix(h ^ lo);
  h = fmix((h + hi + 0x7f4a7c15) >>> 0);
  return h / 4294967296;
}

/** Smooth value noise in [-1, 1] at real position x (lattice at integers, quintic fade). */
export function smoothNoise(seed: number, keyHash: number, x: number): number {
  const i = floor(x);
  const f = x - i;
  const a = unit1(seed, keyHash, i) * 2 - 1;
  const b = unit1(seed, keyHash, i + 1) * 2 - 1;
  const u = f * f * f * (f * (f * 6 - 15) + 10);
  return a + (b - a) * u;
}

const DAY_MS = 86_400_000;
/** Octave periods in days: 90 d down to 3 minutes. */
const OCTAVES_DAYS = [90, 30, 10, 3, 1, 6 / 24, 1.5 / 24, 20 / 1440, 3 / 1440];

/**
 * A random-walk-like series at time tMs: a sum of smooth noise octaves with amplitude
 * dailyVol * sqrt(period in days). Returns a log-deviation (add to a log level, then exp).
 * `minPeriodDays` drops faster octaves (daily-only series use 1).
 */
export function walk(seed: number, keyHash: number, tMs: number, dailyVol: number, minPeriodDays = 0): number {
  const days = tMs / DAY_MS;
  let sum = 0;
  for (let k = 0; k < OCTAVES_DAYS.length; k++) {
    const p = OCTAVES_DAYS[k];
    if (p < minPeriodDays) break;
    // Offset each octave so lattice points of different octaves do not line up.
    sum += sqrt(p) * smoothNoise(seed, (keyHash + imul(k + 1, 0x27d4eb2d)) >>> 0, days / p + k * 0.37);
  }
  return dailyVol * sum * 0.75;
}

/** Round to n significant digits (keeps prices looking like prices, identical everywhere). */
export function sig(x: number, n = 10): number {
  if (x === 0 || !Number.isFinite(x)) return x;
  return Number(x.toPrecision(n));
}

/** Round to d decimals. */
export function round(x: number, d = 2): number {
  const m = 10 ** d;
  return Math.round(x * m) / m;
}

const B58 = '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz';

/** A Solana-shaped base58 address (43-44 chars, or `suffix` appended such as 'pump'). */
export function base58Address(rand: () => number, suffix = ''): string {
  const len = (rand() < 0.5 ? 43 : 44) - suffix.length;
  let s = B58[1 + floor(rand() * (B58.length - 1))];
  while (s.length < len) s += B58[floor(rand() * B58.length)];
  return s + suffix;
}

/** An EVM address: 0x + 40 lowercase hex. */
export function evmAddress(rand: () => number): string {
  let s = '0x';
  for (let i = 0; i < 40; i++) s += floor(rand() * 16).toString(16);
  return s;
}

const HEX = '0123456789abcdef';

/** A v4-shaped UUID. */
export function uuid(rand: () => number): string {
  // Characters gathered and joined once: a flat string (appending char by char leaves a rope of
  // dozens of pieces, about a kilobyte per id, and the sandbox keeps a hundred thousand ids).
  const out: string[] = [];
  const hex = (n: number) => {
    for (let i = 0; i < n; i++) out.push(HEX[floor(rand() * 16)]);
  };
  const variant = '89ab'[floor(rand() * 4)];
  hex(8);
  out.push('-');
  hex(4);
  out.push('-4');
  hex(3);
  out.push('-', variant);
  hex(3);
  out.push('-');
  hex(12);
  return out.join('');
}

/** Pick one element. */
export function pick<T>(rand: () => number, items: readonly T[]): T {
  return items[floor(rand() * items.length)];
}
