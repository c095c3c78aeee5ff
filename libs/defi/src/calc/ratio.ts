import { roundTo } from './change';

/**
 * `numerator / denominator` to `digits` decimals (e.g. stablecoin dollars per dollar of TVL).
 * Null when either is unknown or the denominator is not positive.
 */
export function ratio(numerator: number | null, denominator: number | null, digits = 4): number | null {
  if (numerator === null || denominator === null || denominator <= 0) return null;
  return roundTo(numerator / denominator, digits);
}

/** `part` as a percentage of `whole`, to 2 decimals (share of the day, share of fees kept, ...). */
export function sharePct(part: number | null, whole: number | null): number | null {
  const value = ratio(part, whole, 8);
  return value === null ? null : roundTo(value * 100, 2);
}

/** Sum of the known values; null when none is known (unknown is not zero). */
export function sumKnown(values: Array<number | null | undefined>): number | null {
  const known = values.filter((v): v is number => v !== null && v !== undefined);
  return known.length ? known.reduce((a, b) => a + b, 0) : null;
}
