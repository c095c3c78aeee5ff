import { sumKnown } from './ratio';

/** `{ <chain>: { <protocol or version>: value } }`, as DefiLlama's dimension breakdowns come. */
export type ChainBreakdown = Record<string, Record<string, number | null>>;

/** The total of each chain of a breakdown; a chain with no known value is null. */
export function totalsByChain(breakdown: ChainBreakdown | null): Record<string, number | null> | null {
  if (!breakdown) return null;
  const out: Record<string, number | null> = {};
  for (const [chain, byProtocol] of Object.entries(breakdown)) out[chain] = sumKnown(Object.values(byProtocol));
  return out;
}
