import { chainFromFomo, type Chain, type FomoPosition } from '@scout/upstream';

export interface PositionRow {
  tradeId: string;
  status: string | null;
  token: { address: string; symbol: string | null; name: string | null };
  chain: Chain | null;
  amount: number | null;
  /** What the position cost. */
  costBasisUsd: number | null;
  /** What its sales brought in. */
  proceedsUsd: number | null;
  avgEntryPrice: number | null;
  avgExitPrice: number | null;
  priceUsd: number | null;
  valueUsd: number | null;
  realizedPnlUsd: number | null;
  unrealizedPnlUsd: number | null;
  /** Realized plus unrealized; null when neither is known. */
  pnlUsd: number | null;
  /** Up (true) or down (false) on the position; null when its PnL is unknown or zero. */
  up: boolean | null;
  bought: number | null;
  sold: number | null;
  transferredIn: number | null;
  transferredOut: number | null;
  isDev: boolean;
  createdAt: string | null;
  closedAt: string | null;
}

export interface PositionsSummary {
  open: number;
  closed: number;
  /** Closed positions with a realized gain, and with a realized loss. */
  wins: number;
  losses: number;
  /** wins / (wins + losses), in percent; null without a decided closed position. */
  winRatePct: number | null;
  realizedPnlUsd: number;
  unrealizedPnlUsd: number;
}

const isClosed = (p: FomoPosition) => p.status === 'closed' || p.closedAt !== null;

export function positionRow(p: FomoPosition): PositionRow {
  const pnl = p.realizedPnlUsd === null && p.unrealizedPnlUsd === null ? null : (p.realizedPnlUsd ?? 0) + (p.unrealizedPnlUsd ?? 0);
  return {
    tradeId: p.tradeId,
    status: p.status ?? (isClosed(p) ? 'closed' : 'open'),
    token: { address: p.token.address, symbol: p.token.symbol, name: p.token.name },
    chain: chainFromFomo(p.chain, p.networkId ?? p.token.networkId),
    amount: p.amount,
    costBasisUsd: p.costBasisUsd,
    proceedsUsd: p.soldUsd,
    avgEntryPrice: p.avgEntryPrice,
    avgExitPrice: p.avgExitPrice,
    priceUsd: p.priceUsd,
    valueUsd: p.valueUsd,
    realizedPnlUsd: p.realizedPnlUsd,
    unrealizedPnlUsd: p.unrealizedPnlUsd,
    pnlUsd: pnl,
    up: pnl === null || pnl === 0 ? null : pnl > 0,
    bought: p.bought,
    sold: p.sold,
    transferredIn: p.transferredIn,
    transferredOut: p.transferredOut,
    isDev: p.isDev === true,
    createdAt: p.createdAt,
    closedAt: p.closedAt,
  };
}

/** Counts and totals over the positions given (the page or pages read, not the whole history). */
export function summarizePositions(positions: readonly FomoPosition[]): PositionsSummary {
  let open = 0;
  let closed = 0;
  let wins = 0;
  let losses = 0;
  let realized = 0;
  let unrealized = 0;
  for (const p of positions) {
    realized += p.realizedPnlUsd ?? 0;
    unrealized += p.unrealizedPnlUsd ?? 0;
    if (!isClosed(p)) {
      open += 1;
      continue;
    }
    closed += 1;
    if ((p.realizedPnlUsd ?? 0) > 0) wins += 1;
    else if ((p.realizedPnlUsd ?? 0) < 0) losses += 1;
  }
  const decided = wins + losses;
  return {
    open,
    closed,
    wins,
    losses,
    winRatePct: decided === 0 ? null : Math.round((1000 * wins) / decided) / 10,
    realizedPnlUsd: round2(realized),
    unrealizedPnlUsd: round2(unrealized),
  };
}

const round2 = (n: number) => Math.round(n * 100) / 100;
