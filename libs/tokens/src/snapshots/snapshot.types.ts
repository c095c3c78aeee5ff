import type { FlowWindow } from '../flow/flow-figures';
import type { TokenRef } from '../token-ref';

/** A tracked trader holding the token when the snapshot was taken. */
export interface SnapshotHolderRow {
  /** The tracked trader's handle. */
  handle: string;
  /** The trader's provider user id; null when the provider does not say. */
  userId: string | null;
  /** Tokens held, whole tokens; null when the provider does not say. */
  amount: number | null;
  /** USD value of the holding when taken; null when the provider does not say. */
  valueUsd: number | null;
}

/** What service_fomo_token_snapshot stores and returns. */
export interface TokenSnapshot {
  /** The snapshot's id (a UUID), to pass to service_fomo_compare_snapshots. */
  id: string;
  /** When the snapshot was taken, ISO 8601 UTC. */
  capturedAt: string;
  /** The token, with the chain the provider's stats named when the caller did not. */
  token: TokenRef;
  /** Price of one whole token in USD; null when the stats did not answer or say. */
  priceUsd: number | null;
  /** Every holder of the token, per the provider; null when the stats did not answer or say. */
  totalHolders: number | null;
  /** Share of supply the ten largest holders own, percent 0-100; null when the stats did not answer or say. */
  top10HoldersPercent: number | null;
  /** All tracked traders holding the token, before holdersLimit; null when the holder list did not answer. */
  trackedHolderCount: number | null;
  /** USD value all tracked holders hold; null when none is known or the holder list did not answer. */
  trackedValueUsd: number | null;
  /** The largest tracked holders, up to holdersLimit; null when the holder list did not answer. */
  trackedHolders: SnapshotHolderRow[] | null;
  /** Buys against sells over the last 24 h; null when the stats did not answer or report it. */
  flow24h: FlowWindow | null;
}
