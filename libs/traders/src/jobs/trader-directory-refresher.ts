import { Inject, Injectable, Logger } from '@nestjs/common';
import { Clock } from '@scout/core';
import type { FomoLeaderboard } from '@scout/upstream';
import { boardTraders } from '../leaderboard/board-traders';
import { LEADERBOARD_WINDOWS } from '../leaderboard/leaderboard.dto';
import { TraderDirectory } from '../trader-directory.service';
import { FOMO_TRADERS_CLIENT, type FomoTradersPort } from '../traders.ports';
import type { RefreshDirectoryResult } from './trader-directory.queue';

/**
 * Keeps the trader directory fresh from the four FOMO leaderboards (the 'refresh-directory' job).
 * Each board's traders are recorded as seen at the board's capture time, so a board older than the
 * directory's last sighting of a trader changes nothing. One board that cannot be read does not
 * stop the others; a run that reads none fails, so the queue retries it.
 */
@Injectable()
export class TraderDirectoryRefresher {
  private readonly logger = new Logger('TraderDirectory');

  constructor(
    @Inject(FOMO_TRADERS_CLIENT) private readonly fomo: Pick<FomoTradersPort, 'leaderboard'>,
    private readonly directory: TraderDirectory,
    private readonly clock: Clock,
  ) {}

  async refresh(): Promise<RefreshDirectoryResult> {
    const reads = await Promise.allSettled(LEADERBOARD_WINDOWS.map((window) => this.fomo.leaderboard(window)));
    const result: RefreshDirectoryResult = { boards: [], failed: [], written: 0 };
    for (const [i, read] of reads.entries()) {
      const window = LEADERBOARD_WINDOWS[i];
      if (read.status === 'rejected') {
        result.failed.push({ window, error: errorText(read.reason) });
        continue;
      }
      const seenAt = this.captureTime(read.value);
      // A database failure is not a board's: it fails the run, and the retry records every board.
      result.written += await this.directory.record(boardTraders(read.value.traders), seenAt);
      result.boards.push({ window, capturedAt: seenAt.toISOString(), traders: read.value.traders.length });
    }
    const failures = result.failed.map((f) => `${f.window}: ${f.error}`).join('; ');
    if (result.boards.length === 0) throw new Error(`no leaderboard could be read (${failures})`);
    if (result.failed.length > 0) this.logger.warn(`directory refreshed without ${result.failed.length} board(s): ${failures}`);
    return result;
  }

  /** The board's own capture time; now when it has none (or one that is not a time). */
  private captureTime(board: FomoLeaderboard): Date {
    const at = board.capturedAt === null ? NaN : Date.parse(board.capturedAt);
    return Number.isNaN(at) ? this.clock.now() : new Date(at);
  }
}

function errorText(reason: unknown): string {
  return reason instanceof Error ? reason.message : String(reason);
}
