import type { FomoLeaderboardRow, FomoTokenHolder } from '@scout/upstream';
import { holderKey } from '../holders/holder-figures';
import { round } from '../token-ref';

export interface HeldToken {
  /** The token's address, as asked. */
  address: string;
  /** Tokens held, whole tokens; null when the provider does not say. */
  amount: number | null;
  /** USD value of the holding; null when the provider does not say. */
  valueUsd: number | null;
}

export interface TopTrader {
  /** Position in this ranking, 1 first. */
  rank: number;
  /** The tracked trader's handle. */
  handle: string;
  /** The trader's provider user id, from the holders or the leaderboard; null when neither says. */
  userId: string | null;
  /** How many of the given tokens they hold. */
  tokensHeld: number;
  /** The given tokens they hold, one row per token. */
  holdings: HeldToken[];
  /** Sum of the known values of those holdings. */
  totalValueUsd: number | null;
  /** Their rank and PnL on the leaderboard of the chosen window; null when they are not on it. */
  leaderboardRank: number | null;
  /** Their PnL in USD on the leaderboard of the chosen window; null when they are not on it. */
  pnlUsd: number | null;
  /** Verified on the leaderboard; null when they are not on it. */
  verified: boolean | null;
  /** Their Solana and EVM wallets from the leaderboard row (each null when unknown); null when not on it. */
  wallets: {
    /** The trader's Solana wallet address; null when the leaderboard does not say. */
    solana: string | null;
    /** The trader's EVM wallet address; null when the leaderboard does not say. */
    evm: string | null;
  } | null;
}

/**
 * The tracked holders of several tokens, merged per trader and ranked: most of the given tokens
 * held first, then leaderboard PnL (traders off the board after those on it), then value held.
 */
export function rankTopTraders(holdersByToken: ReadonlyMap<string, readonly FomoTokenHolder[]>, board: readonly FomoLeaderboardRow[] | null): TopTrader[] {
  const onBoard = new Map((board ?? []).map((r) => [holderKey(r), r]));
  const boardByHandle = new Map((board ?? []).map((r) => [r.handle.toLowerCase(), r]));
  const traders = new Map<string, Omit<TopTrader, 'rank'>>();
  for (const [address, holders] of holdersByToken) {
    for (const h of holders) {
      const key = holderKey(h);
      let t = traders.get(key);
      if (!t) {
        const row = onBoard.get(key) ?? boardByHandle.get(h.handle.toLowerCase()) ?? null;
        t = {
          handle: h.handle,
          userId: h.userId ?? row?.userId ?? null,
          tokensHeld: 0,
          holdings: [],
          totalValueUsd: null,
          leaderboardRank: row?.rank ?? null,
          pnlUsd: row?.pnlUsd ?? null,
          verified: row ? row.verified === true : null,
          wallets: row ? { solana: row.wallets?.solana ?? null, evm: row.wallets?.evm ?? null } : null,
        };
        traders.set(key, t);
      }
      if (t.holdings.some((x) => x.address === address)) continue;
      t.holdings.push({ address, amount: h.amount, valueUsd: h.valueUsd });
      t.tokensHeld += 1;
      if (h.valueUsd !== null) t.totalValueUsd = round((t.totalValueUsd ?? 0) + h.valueUsd);
    }
  }
  const pnl = (t: Omit<TopTrader, 'rank'>) => t.pnlUsd ?? -Infinity;
  return [...traders.values()]
    .sort((a, b) => b.tokensHeld - a.tokensHeld || pnl(b) - pnl(a) || (b.totalValueUsd ?? 0) - (a.totalValueUsd ?? 0) || a.handle.localeCompare(b.handle))
    .map((t, i) => ({ rank: i + 1, ...t }));
}
