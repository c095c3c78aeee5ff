import type { FlowWindow } from '../flow/flow-figures';
import type { TokenRef } from '../token-ref';

/** A tracked trader holding the token when the snapshot was taken. */
export interface SnapshotHolderRow {
  handle: string;
  userId: string | null;
  amount: number | null;
  valueUsd: number | null;
}

/** What service_fomo_token_snapshot stores and returns. */
export interface TokenSnapshot {
  id: string;
  capturedAt: string;
  token: TokenRef;
  priceUsd: number | null;
  totalHolders: number | null;
  top10HoldersPercent: number | null;
  trackedHolderCount: number | null;
  trackedValueUsd: number | null;
  /** The largest tracked holders, up to holdersLimit; null when the holder list did not answer. */
  trackedHolders: SnapshotHolderRow[] | null;
  flow24h: FlowWindow | null;
}
