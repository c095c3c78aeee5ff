import { CHAIN_IDS, CHAINS, type Chain } from '@scout/upstream';

/** Each chain's DefiLlama name in lower case, made once: lists of hundreds of chains are matched on every call. */
const LLAMA_NAMES = new Map(CHAINS.map((chain) => [chain, CHAIN_IDS[chain].llamaName.toLowerCase()]));

/** Whether a DefiLlama chain display name ("Hyperliquid L1") is this Scout chain. */
export function isLlamaChain(name: string, chain: Chain): boolean {
  const wanted = LLAMA_NAMES.get(chain)!;
  // The names are ASCII, which no name of another length lower-cases to: most are told apart by length alone.
  return name.length === wanted.length && name.toLowerCase() === wanted;
}

/**
 * The Scout chain behind a DefiLlama chain display name or internal chain key (breakdowns are keyed
 * "ethereum", "hyperliquid", "robinhood": the same keys as coin prefixes); null for other chains.
 */
export function scoutChainOfLlama(nameOrKey: string): Chain | null {
  const lower = nameOrKey.toLowerCase();
  return CHAINS.find((c) => LLAMA_NAMES.get(c) === lower) ?? CHAINS.find((c) => CHAIN_IDS[c].llamaCoinsPrefix === lower) ?? null;
}

/** The value of a record keyed by DefiLlama chain names, looked up without regard to case. */
export function byLlamaChain<T>(record: Record<string, T>, chain: Chain): T | undefined {
  const wanted = LLAMA_NAMES.get(chain)!;
  const key = Object.keys(record).find((k) => k.toLowerCase() === wanted);
  return key === undefined ? undefined : record[key];
}
