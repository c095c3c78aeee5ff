import { Inject, Injectable, Logger } from '@nestjs/common';
import { shareAnswerData, Tool, type ToolResult } from '@scout/core';
import type { FomoLeaderboard, FomoLeaderboardRow } from '@scout/upstream';
import type { TraderTopToken } from '../fomo-views';
import { TraderDirectory } from '../trader-directory.service';
import { walletsView, type WalletsView } from '../trader-views';
import { boardTraders } from './board-traders';
import { FOMO_TRADERS_CLIENT, type FomoTradersPort } from '../traders.ports';
import { LeaderboardInput, MAX_ALL_TIME_ROWS, MAX_LEADERBOARD_ROWS, type LeaderboardWindow } from './leaderboard.dto';

export interface LeaderboardRow {
  /** The trader's rank on the board (the board's own, kept through the filters). */
  rank: number;
  /** The trader's FOMO handle. */
  handle: string;
  /** The trader's FOMO user id. */
  userId: string;
  /** The trader's display name; null when FOMO does not say. */
  displayName: string | null;
  /** PnL over the board's window, in USD; null when FOMO does not say. */
  pnlUsd: number | null;
  /** Trading volume, in USD; null when FOMO does not say. */
  volumeUsd: number | null;
  /** Trade count; null when FOMO does not say. */
  trades: number | null;
  /** Accounts following the trader; null when FOMO does not say. */
  followers: number | null;
  /** Accounts the trader follows; null when FOMO does not say. */
  following: number | null;
  /** Number of tokens held; null when FOMO does not say. */
  holdings: number | null;
  /** The trader's Solana and EVM wallets, whether they are proven, and how each was attributed. */
  wallets: WalletsView;
  /** The trader's top tokens as FOMO lists them. */
  topTokens: TraderTopToken[];
  /** Whether FOMO marks the trader verified (false when FOMO does not say). */
  verified: boolean;
  /** The trader's FOMO clan; null when FOMO does not say. */
  clan: string | null;
  /** The trader's linked Twitter (X) account; null when FOMO does not say. */
  twitter: string | null;
  /** When the account was created, ISO 8601 UTC time; null when FOMO does not say. */
  createdAt: string | null;
  /** The trader's profile bio; null when FOMO does not say. */
  description: string | null;
}

/** Where `limit` cut the list (the peer's `_truncated`): the list, how many rows were returned of how many. */
export interface Truncation {
  /** The list cut: always 'traders'. */
  field: 'traders';
  /** Rows returned. */
  returned: number;
  /** Rows before the limit (after minPnlUsd and verifiedOnly). */
  total: number;
}

export interface LeaderboardData {
  /** The board: 24h, 7d, 30d or all time. */
  window: LeaderboardWindow;
  /** Where FOMO read the board from (e.g. 'live'); null when FOMO does not say. */
  source: string | null;
  /** When FOMO captured the board, ISO 8601 UTC time; null when FOMO does not say. */
  capturedAt: string | null;
  /** Rows on the full board, before the local filters and the limit. */
  boardSize: number;
  /** Rows returned. */
  count: number;
  /** The kept rows by rank, at most limit. */
  traders: LeaderboardRow[];
  /** Set when `limit` cut the list; null when every kept row is returned. */
  _truncated: Truncation | null;
}

/** Answers kept per board for different filters; past it the oldest goes (any minPnlUsd is a new key). */
const ANSWERS_PER_BOARD = 32;

/**
 * The tracked-trader leaderboards: the full board read (cached 5 min upstream), filtered and cut
 * here. While the board is the cached one, calls with the same filters get the same answer object,
 * shared (shareAnswerData), so its 200 KB of JSON are made once rather than for every call.
 */
@Injectable()
export class LeaderboardToolsService {
  private readonly logger = new Logger('Leaderboard');
  /** The capture of each window last written to the directory: a cached board is not written again. */
  private readonly remembered = new Map<LeaderboardWindow, string | null>();
  /** Each board's answers by filters; a board read anew (a new object) starts afresh. */
  private readonly answers = new WeakMap<FomoLeaderboard, Map<string, ToolResult<LeaderboardData>>>();

  constructor(
    @Inject(FOMO_TRADERS_CLIENT) private readonly fomo: FomoTradersPort,
    private readonly directory: TraderDirectory,
  ) {}

  @Tool({
    name: 'service_fomo_leaderboard',
    input: LeaderboardInput,
    summary: 'Tracked traders ranked by profit and loss over 24h, 7d, 30d or all time, with wallets, volume and top tokens.',
    description:
      "The whole board is read (150 rows, 100 on all) and cached 5 minutes; limit, minPnlUsd and verifiedOnly filter it here, so the cost is the same at any limit. Ranks are the board's own, kept through the filters. When limit cuts the list, _truncated says how many rows were returned of how many (null when nothing was cut). Only the four windows exist.",
  })
  async leaderboard(input: LeaderboardInput): Promise<ToolResult<LeaderboardData>> {
    const board = await this.fomo.leaderboard(input.window);
    if (this.remembered.get(input.window) !== board.capturedAt || board.capturedAt === null) {
      await this.remember(board.traders);
      this.remembered.set(input.window, board.capturedAt);
    }
    const filters = `${input.window}|${input.limit ?? ''}|${input.minPnlUsd ?? ''}|${input.verifiedOnly ?? ''}`;
    let answers = this.answers.get(board);
    if (!answers) this.answers.set(board, (answers = new Map<string, ToolResult<LeaderboardData>>()));
    const known = answers.get(filters);
    if (known) return known;
    const answer = answerOf(board, input);
    if (answers.size >= ANSWERS_PER_BOARD) answers.delete(answers.keys().next().value!);
    answers.set(filters, answer);
    return answer;
  }

  /** Every trader on a board goes into the directory; the answer never waits on a failed write. */
  private async remember(rows: readonly FomoLeaderboardRow[]): Promise<void> {
    try {
      await this.directory.record(boardTraders(rows));
    } catch (error) {
      this.logger.warn(`could not record the board's traders in the directory: ${(error as Error).message}`);
    }
  }
}

/** The board filtered and cut as the input asks, its data shared between the answers that send it. */
function answerOf(board: FomoLeaderboard, input: LeaderboardInput): ToolResult<LeaderboardData> {
  const limit = input.limit ?? (input.window === 'all' ? MAX_ALL_TIME_ROWS : MAX_LEADERBOARD_ROWS);
  const kept = board.traders
    .filter((row) => input.minPnlUsd === undefined || (row.pnlUsd !== null && row.pnlUsd >= input.minPnlUsd))
    .filter((row) => !input.verifiedOnly || row.verified === true)
    .sort((a, b) => a.rank - b.rank);
  const traders = kept.slice(0, limit).map(toRow);
  const notes: string[] = [];
  if (kept.length < board.traders.length) {
    notes.push(
      `${board.traders.length - kept.length} of the board's ${board.traders.length} traders were left out by minPnlUsd/verifiedOnly; ranks are the board's.`,
    );
  }
  return {
    data: shareAnswerData({
      window: input.window,
      source: board.source,
      capturedAt: board.capturedAt,
      boardSize: board.traders.length,
      count: traders.length,
      traders,
      _truncated: traders.length < kept.length ? { field: 'traders', returned: traders.length, total: kept.length } : null,
    }),
    notes,
  };
}

function toRow(row: FomoLeaderboardRow): LeaderboardRow {
  return {
    rank: row.rank,
    handle: row.handle,
    userId: row.userId,
    displayName: row.displayName,
    pnlUsd: row.pnlUsd,
    volumeUsd: row.volumeUsd,
    trades: row.trades,
    followers: row.followers,
    following: row.following,
    holdings: row.holdings,
    wallets: walletsView(row.wallets),
    topTokens: row.topTokens,
    verified: row.verified === true,
    clan: row.clan,
    twitter: row.twitter,
    createdAt: row.createdAt,
    description: row.description,
  };
}
