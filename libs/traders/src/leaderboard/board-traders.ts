import type { FomoLeaderboardRow } from '@scout/upstream';
import type { SeenTrader } from '../trader-directory.service';
import { sightingOf } from '../trader-views';

/** What a board's rows tell the directory about their traders (the leaderboard tool and the refresh job record them alike). */
export function boardTraders(rows: readonly FomoLeaderboardRow[]): SeenTrader[] {
  return rows.map(sightingOf);
}
