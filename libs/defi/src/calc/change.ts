/** Rounds to `digits` decimals, never returning -0. */
export function roundTo(value: number, digits: number): number {
  const factor = 10 ** digits;
  const rounded = Math.round(value * factor) / factor;
  return rounded === 0 ? 0 : rounded;
}

/**
 * Percent change from `previous` to `current`, to 2 decimals. Null when either value is unknown
 * or `previous` is not positive (a change from nothing has no percentage).
 */
export function pctChange(current: number | null, previous: number | null): number | null {
  if (current === null || previous === null || previous <= 0) return null;
  return roundTo(((current - previous) / previous) * 100, 2);
}

/** `current - previous` (e.g. net stablecoin dollars arrived, negative when they left); null when either is unknown. */
export function netChange(current: number | null, previous: number | null): number | null {
  if (current === null || previous === null) return null;
  return current - previous;
}

/**
 * Percent change of a total over the members that have both values, so a member missing one side
 * neither inflates nor deflates the change. Null when no member has both.
 */
export function pctChangeOfTotals(pairs: Array<[current: number | null, previous: number | null]>): number | null {
  const known = pairs.filter((p): p is [number, number] => p[0] !== null && p[1] !== null);
  if (known.length === 0) return null;
  return pctChange(
    known.reduce((sum, [current]) => sum + current, 0),
    known.reduce((sum, [, previous]) => sum + previous, 0),
  );
}

/** Net change of a total over the members that have both values; null when none has both. */
export function netChangeOfTotals(pairs: Array<[current: number | null, previous: number | null]>): number | null {
  const known = pairs.filter((p): p is [number, number] => p[0] !== null && p[1] !== null);
  if (known.length === 0) return null;
  return known.reduce((sum, [current, previous]) => sum + (current - previous), 0);
}
