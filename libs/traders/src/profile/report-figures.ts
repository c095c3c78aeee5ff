import { chainFromFomo, type FomoPosition } from '@scout/upstream';
import { summarizePositions } from '../activity/position-figures';

export interface TradeHighlight {
  tradeId: string;
  token: { address: string; symbol: string | null };
  chain: ReturnType<typeof chainFromFomo>;
  realizedPnlUsd: number;
  closedAt: string | null;
}

export interface ClosedSampleFigures {
  sampled: number;
  wins: number;
  losses: number;
  winRatePct: number | null;
  realizedPnlUsd: number;
  best: TradeHighlight | null;
  worst: TradeHighlight | null;
}

const highlight = (p: FomoPosition): TradeHighlight => ({
  tradeId: p.tradeId,
  token: { address: p.token.address, symbol: p.token.symbol },
  chain: chainFromFomo(p.chain, p.networkId ?? p.token.networkId),
  realizedPnlUsd: p.realizedPnlUsd ?? 0,
  closedAt: p.closedAt,
});

/** Win rate, realized PnL and the best and worst trade of a sample of closed positions. */
export function closedSampleFigures(closed: readonly FomoPosition[]): ClosedSampleFigures {
  const summary = summarizePositions(closed);
  const priced = closed.filter((p) => p.realizedPnlUsd !== null);
  const byPnl = [...priced].sort((a, b) => b.realizedPnlUsd! - a.realizedPnlUsd!);
  return {
    sampled: closed.length,
    wins: summary.wins,
    losses: summary.losses,
    winRatePct: summary.winRatePct,
    realizedPnlUsd: summary.realizedPnlUsd,
    best: byPnl.length && byPnl[0].realizedPnlUsd! > 0 ? highlight(byPnl[0]) : null,
    worst: byPnl.length && byPnl[byPnl.length - 1].realizedPnlUsd! < 0 ? highlight(byPnl[byPnl.length - 1]) : null,
  };
}

/** For each metric, the compared trader with the highest value (null when nobody has one). */
export function leadersBy<T extends { handle: string }>(rows: readonly T[], metrics: Record<string, (row: T) => number | null>): Record<string, string | null> {
  const leaders: Record<string, string | null> = {};
  for (const [metric, read] of Object.entries(metrics)) {
    let best: { handle: string; value: number } | null = null;
    for (const row of rows) {
      const value = read(row);
      if (value !== null && (best === null || value > best.value)) best = { handle: row.handle, value };
    }
    leaders[metric] = best?.handle ?? null;
  }
  return leaders;
}
