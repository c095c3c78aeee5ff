import type { Pool } from 'pg';
import { SANDBOX_KEYS, type RunningSandbox } from '@scout/sandbox';
import { LEADERBOARD_WINDOWS, type LeaderboardWindow } from '@scout/traders';

/** A board as the sandbox serves it, read straight over HTTP (not through the client under test). */
export interface SandboxBoard {
  capturedAt: string;
  traders: { userId: string; handle: string; wallets: { solana: string | null; evm: string | null }; verified: boolean }[];
}

export async function sandboxBoards(sandbox: RunningSandbox): Promise<Record<LeaderboardWindow, SandboxBoard>> {
  const boards = await Promise.all(
    LEADERBOARD_WINDOWS.map(async (window) => {
      const res = await fetch(`${sandbox.urls.fomo}/v2/leaderboard/${window}`, { headers: { authorization: `Bearer ${SANDBOX_KEYS.fomo}` } });
      if (!res.ok) throw new Error(`sandbox board ${window}: ${res.status}`);
      return [window, (await res.json()) as SandboxBoard] as const;
    }),
  );
  return Object.fromEntries(boards) as Record<LeaderboardWindow, SandboxBoard>;
}

export interface DirectoryRow {
  user_id: string;
  handle: string;
  solana_wallet: string | null;
  evm_wallet: string | null;
  verified: boolean;
  last_seen_at: Date;
}

/** The directory's rows of these users, by user id. */
export async function directoryRows(sql: Pool, userIds: string[]): Promise<Map<string, DirectoryRow>> {
  const { rows } = await sql.query<DirectoryRow>(
    `SELECT user_id, handle, solana_wallet, evm_wallet, verified, last_seen_at FROM traders WHERE user_id = ANY($1::text[]) ORDER BY user_id`,
    [userIds],
  );
  return new Map(rows.map((row) => [row.user_id, row]));
}

/**
 * What the directory gets wrong about a board's traders: each must be there as the board shows
 * them, seen no earlier than the board's capture. Empty when all is well.
 */
export async function directoryMismatches(sql: Pool, board: SandboxBoard): Promise<string[]> {
  const rows = await directoryRows(
    sql,
    board.traders.map((t) => t.userId),
  );
  const capturedAt = Date.parse(board.capturedAt);
  return board.traders.flatMap((t) => {
    const row = rows.get(t.userId);
    if (!row) return [`${t.handle}: not in the directory`];
    const problems = [];
    if (row.handle !== t.handle) problems.push(`handle ${row.handle}`);
    if (row.solana_wallet !== t.wallets.solana || row.evm_wallet !== t.wallets.evm) problems.push('wallets differ');
    if (row.verified !== t.verified) problems.push(`verified ${row.verified}`);
    if (row.last_seen_at.getTime() < capturedAt) problems.push(`last seen ${row.last_seen_at.toISOString()}, before the capture`);
    return problems.map((p) => `${t.handle}: ${p}`);
  });
}
