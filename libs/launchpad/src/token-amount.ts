/** A raw u64 amount as the site states it (decimal digits) and the same in whole tokens. */
export interface TokenAmount {
  /** Raw token amount in base units, as a decimal string (u64, exact). */
  raw: string;
  /** The same amount in whole tokens (raw / 10^decimals). */
  tokens: number;
}

/**
 * Whole tokens from a raw amount in base units. The integer and fractional parts are split with
 * BigInt, so a u64 beyond 2^53 keeps its whole tokens exact and only the fraction is rounded to a
 * double. A raw amount that is not decimal digits, or negative decimals, is a RangeError: the
 * schema should have refused it.
 */
export function tokensFromRaw(raw: string, decimals: number): number {
  if (!/^\d+$/.test(raw)) throw new RangeError(`not a raw amount: "${raw}"`);
  if (!Number.isInteger(decimals) || decimals < 0) throw new RangeError(`not a decimals count: ${decimals}`);
  const value = BigInt(raw);
  const scale = 10n ** BigInt(decimals);
  return Number(value / scale) + Number(value % scale) / Number(scale);
}

export function tokenAmount(raw: string, decimals: number): TokenAmount {
  return { raw, tokens: tokensFromRaw(raw, decimals) };
}

/** The sum of raw amounts, exact (BigInt), as decimal digits. */
export function sumRaw(raws: readonly string[]): string {
  return raws.reduce((sum, raw) => sum + BigInt(raw), 0n).toString();
}

/** `part` of `whole` in percent, or null when either is missing or the whole is zero (no share of nothing). */
export function sharePct(part: number | null, whole: number | null): number | null {
  if (part === null || whole === null || whole === 0) return null;
  return (part / whole) * 100;
}

/** The sum of USD figures, null when any is missing (a partial sum would read as the whole). */
export function sumKnown(values: readonly (number | null)[]): number | null {
  let sum = 0;
  for (const v of values) {
    if (v === null) return null;
    sum += v;
  }
  return sum;
}
