import { roundTo } from './change';

/** A USD stablecoin within this many percent of $1 (inclusive) is 'pegged'. */
export const PEG_BAND_PCT = 0.5;

export type PegStatus = 'pegged' | 'depegged';

export interface PegReading {
  /** pegged (within the band of $1, inclusive) or depegged (beyond it); null for a non-USD peg or without a price. */
  status: PegStatus | null;
  /** Percent above (+) or below (-) the peg, to 2 decimals. */
  deviationPct: number | null;
}

/**
 * Peg status of a price against its target (1 for USD stablecoins). The band is applied to the
 * deviation rounded to 0.01%, so $0.995 and $1.005 are both on the edge and both pegged.
 */
export function pegStatus(priceUsd: number | null, targetUsd = 1, bandPct = PEG_BAND_PCT): PegReading {
  if (priceUsd === null || targetUsd <= 0) return { status: null, deviationPct: null };
  const deviationPct = roundTo((priceUsd / targetUsd - 1) * 100, 2);
  return { status: Math.abs(deviationPct) <= bandPct ? 'pegged' : 'depegged', deviationPct };
}

/**
 * USD value of a supply counted in peg units: USD pegs count one dollar a unit (DefiLlama's own
 * convention); other pegs need the coin's USD price (the product kept to the cent), and without
 * it the value is unknown.
 */
export function pegUnitsToUsd(units: number | null, pegType: string, priceUsd: number | null): number | null {
  if (units === null) return null;
  if (pegType === 'peggedUSD') return units;
  return priceUsd === null ? null : roundTo(units * priceUsd, 2);
}
