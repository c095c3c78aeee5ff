import type { AssetTransfer, Chain } from '@scout/upstream';

const DAY_MS = 86_400_000;

export interface ChainAge {
  /** The EVM chain of this row. */
  chain: Chain;
  /** The oldest transfer in either direction: when the wallet was first funded or first moved. */
  firstActivityAt: string | null;
  /** Transaction hash of that first transfer; null when no transfer was found (only sent transactions counted). */
  firstActivityHash: string | null;
  /** in when the wallet received that first transfer, out when it sent it; null without a first transfer. */
  firstDirection: 'in' | 'out' | null;
  /** The other side of that first transfer; null without one, or for a contract creation. */
  firstCounterparty: string | null;
  /** Days from the first activity to now, one decimal; null when its time is unknown. */
  ageDays: number | null;
  /** Transactions the wallet has sent (its nonce). */
  outboundCount: number;
}

export interface AgeSummary {
  /** The oldest first activity over the chains, and its chain. */
  firstActivityAt: string | null;
  /** The chain of that oldest first activity; null when there is none. */
  oldestChain: Chain | null;
  /** Days from the oldest first activity to now, one decimal; null when there is none. */
  ageDays: number | null;
  /** Transactions the wallet has sent (nonces) summed over the chains with activity. */
  outboundCount: number;
}

/** Days between two instants, one decimal; null when `since` is unknown. */
export function ageDays(since: string | null, nowMs: number): number | null {
  if (since === null) return null;
  const ms = nowMs - Date.parse(since);
  return Number.isFinite(ms) ? Math.round((Math.max(0, ms) / DAY_MS) * 10) / 10 : null;
}

/**
 * One chain's age from the oldest transfer sent, the oldest received (either may be absent) and
 * the sent count; null when the wallet never did anything there.
 */
export function chainAge(
  chain: Chain,
  firstSent: AssetTransfer | null,
  firstReceived: AssetTransfer | null,
  outboundCount: number,
  nowMs: number,
): ChainAge | null {
  const first = [firstSent, firstReceived].filter((t): t is AssetTransfer => t !== null).sort((a, b) => a.blockNumber - b.blockNumber)[0] ?? null;
  if (first === null && outboundCount === 0) return null;
  const out = first !== null && first === firstSent;
  return {
    chain,
    firstActivityAt: first?.timestamp ?? null,
    firstActivityHash: first?.hash ?? null,
    firstDirection: first === null ? null : out ? 'out' : 'in',
    firstCounterparty: first === null ? null : out ? first.to : first.from,
    ageDays: ageDays(first?.timestamp ?? null, nowMs),
    outboundCount,
  };
}

/** The wallet over every chain: its oldest first activity, and all it has sent. */
export function ageSummary(rows: readonly ChainAge[], nowMs: number): AgeSummary {
  const dated = rows
    .filter((r) => r.firstActivityAt !== null)
    .sort((a, b) => Date.parse(a.firstActivityAt as string) - Date.parse(b.firstActivityAt as string));
  const oldest = dated[0] ?? null;
  return {
    firstActivityAt: oldest?.firstActivityAt ?? null,
    oldestChain: oldest?.chain ?? null,
    ageDays: ageDays(oldest?.firstActivityAt ?? null, nowMs),
    outboundCount: rows.reduce((s, r) => s + r.outboundCount, 0),
  };
}
