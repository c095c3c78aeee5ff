import { answerJson } from '@scout/core';
import type { FomoLeaderboard, FomoLeaderboardRow } from '@scout/upstream';
import type { TraderDirectory } from '../trader-directory.service';
import type { FomoTradersPort } from '../traders.ports';
import { LeaderboardToolsService } from './leaderboard-tools.service';
import type { LeaderboardInput } from './leaderboard.dto';

const row = (rank: number, pnlUsd: number, verified: boolean): FomoLeaderboardRow => ({
  rank,
  handle: `trader${rank}`,
  userId: `u${rank}`,
  displayName: null,
  pnlUsd,
  volumeUsd: 1_000,
  trades: 3,
  followers: null,
  following: null,
  holdings: null,
  wallets: null,
  topTokens: [],
  clan: null,
  twitter: null,
  createdAt: null,
  description: null,
  verified,
  imageUrl: null,
});

const boardOf = (capturedAt: string): FomoLeaderboard => ({
  window: '7d',
  source: 'live',
  capturedAt,
  count: 3,
  traders: [row(2, 50, false), row(1, 900, true), row(3, -20, true)],
});

describe('service_fomo_leaderboard on a cached board', () => {
  let board: FomoLeaderboard;
  const recorded: unknown[] = [];
  const tools = new LeaderboardToolsService(
    { leaderboard: async () => board } as unknown as FomoTradersPort,
    { record: async (rows: unknown) => void recorded.push(rows) } as unknown as TraderDirectory,
  );
  const call = (input: Partial<LeaderboardInput>) => tools.leaderboard({ window: '7d', ...input });

  beforeEach(() => {
    board = boardOf('2026-11-30T00:00:00Z');
    recorded.length = 0;
  });

  it('answers the same filters with the same shared data while the board is the same object', async () => {
    const first = await call({ limit: 2 });
    expect(first.data.traders.map((t) => t.rank)).toEqual([1, 2]);
    expect(first.data._truncated).toEqual({ field: 'traders', returned: 2, total: 3 });
    expect(await call({ limit: 2 })).toBe(first);
    // Other filters, another answer; each right for its filters.
    const verified = await call({ verifiedOnly: true });
    expect(verified).not.toBe(first);
    expect(verified.data.traders.map((t) => t.rank)).toEqual([1, 3]);
    expect(verified.notes).toEqual(["1 of the board's 3 traders were left out by minPnlUsd/verifiedOnly; ranks are the board's."]);
    expect((await call({ minPnlUsd: 0 })).data.traders.map((t) => t.rank)).toEqual([1, 2]);
    // The shared data's JSON is what JSON.stringify gives, every time it is sent.
    const envelope = { data: first.data, credits: { creditsSpent: 5 } };
    expect(answerJson(envelope)).toBe(JSON.stringify(envelope));
    expect(answerJson(envelope)).toBe(JSON.stringify(envelope));
  });

  it('answers anew once the board is read again, and writes a new capture to the directory', async () => {
    const before = await call({});
    const written = recorded.length;
    board = boardOf('2026-11-30T00:05:00Z');
    board.traders[0] = row(2, 60, false);
    const after = await call({});
    expect(after).not.toBe(before);
    expect(after.data.capturedAt).toBe('2026-11-30T00:05:00Z');
    expect(after.data.traders.find((t) => t.rank === 2)?.pnlUsd).toBe(60);
    expect(recorded).toHaveLength(written + 1);
  });

  it('keeps at most 32 answers per board, the oldest going first', async () => {
    const first = await call({ minPnlUsd: 0 });
    for (let i = 1; i <= 32; i++) await call({ minPnlUsd: i });
    const again = await call({ minPnlUsd: 0 });
    expect(again).not.toBe(first);
    expect(again).toEqual(first);
  });
});
