import { Limit, validationRule } from '@scout/core';
import { IsBoolean, IsIn, IsNumber, IsOptional, Max, Min } from 'class-validator';
import { JSONSchema } from 'class-validator-jsonschema';

export const LEADERBOARD_WINDOWS = ['24h', '7d', '30d', 'all'] as const;
export type LeaderboardWindow = (typeof LEADERBOARD_WINDOWS)[number];

/** Rows a board holds: 150 on the dated windows, 100 on `all` (spec Limits). */
export const MAX_LEADERBOARD_ROWS = 150;
export const MAX_ALL_TIME_ROWS = 100;

/** Largest USD figure the PnL filter accepts: beyond any trader's, small enough to refuse nonsense. */
const MAX_USD_FILTER = 1e12;

/** The all-time board holds 100 rows: a larger limit there is refused rather than quietly cut. */
function FitsAllTimeBoard(): PropertyDecorator {
  return validationRule('fitsAllTimeBoard', (limit, object) =>
    object.window === 'all' && typeof limit === 'number' && limit > MAX_ALL_TIME_ROWS
      ? `limit must not be greater than ${MAX_ALL_TIME_ROWS} on the all-time board (window=all)`
      : null,
  );
}

/** service_fomo_leaderboard */
export class LeaderboardInput {
  @IsIn(LEADERBOARD_WINDOWS)
  @JSONSchema({ description: 'Ranking window: 24h, 7d, 30d or all. Only these four exist; arbitrary date ranges are not supported.' })
  window!: LeaderboardWindow;

  @Limit(
    MAX_LEADERBOARD_ROWS,
    undefined,
    `Rows to return, 1-${MAX_LEADERBOARD_ROWS} (at most ${MAX_ALL_TIME_ROWS} on all). The full board is always read; the cost is the same at any limit.`,
  )
  @FitsAllTimeBoard()
  limit?: number;

  @IsOptional()
  @IsNumber({ allowNaN: false, allowInfinity: false })
  @Min(-MAX_USD_FILTER)
  @Max(MAX_USD_FILTER)
  @JSONSchema({ description: 'Keep only traders whose PnL in the window is at least this many USD (applied to the board locally).' })
  minPnlUsd?: number;

  @IsOptional()
  @IsBoolean()
  @JSONSchema({ description: 'Keep only verified traders (applied locally).' })
  verifiedOnly?: boolean;
}
