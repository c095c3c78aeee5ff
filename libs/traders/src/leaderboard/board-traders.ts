import type { FomoLeaderboardRow } from '@scout/upstream';
import type { SeenTrader } from '../trader-directory.service';

/** What a board's rows tell the directory about their traders (the leaderboard tool and the refresh job record them alike). */
export function boardTraders(rows: readonly FomoLeaderboardRow[]): SeenTrader[] {
  return rows.map((row) => ({
    userId: row.userId,
    handle: row.handle,
    displayName: row.displayName,
    wallets: { solana: row.wallets?.solana ?? null, evm: row.wallets?.evm ?? null },
    verified: row.verified === true,
  }));
}
