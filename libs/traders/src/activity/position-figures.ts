import { chainFromFomo, type Chain, type FomoPosition } from '@scout/upstream';
import type { TokenNames } from '../trader-views';

export interface PositionRow {
  /** FOMO's id of the position (trade); service_fomo_trade_detail takes it. */
  tradeId: string;
  /** 'open' or 'closed' (told from closedAt when FOMO does not say). */
  status: string | null;
  /** The token: contract address, and symbol and name (null when FOMO does not say). */
  token: TokenNames;
  /** Scout's chain name; null when FOMO does not name a chain Scout covers. */
  chain: Chain | null;
  /** Amount held now, in whole tokens (decimals applied); null when FOMO does not say. */
  amount: number | null;
  /** What the position cost. */
  costBasisUsd: number | null;
  /** What its sales brought in. */
  proceedsUsd: number | null;
  /** Average buy price, USD per token; null when the tokens were received, not bought. */
  avgEntryPrice: number | null;
  /** Average sell price, USD per token; null without a sale or when FOMO does not say. */
  avgExitPrice: number | null;
  /** The token's current price, USD per token; null when FOMO does not say. */
  priceUsd: number | null;
  /** The position's current value in USD; null when FOMO does not say. */
  valueUsd: number | null;
  /** Realized PnL in USD; null when FOMO does not say. */
  realizedPnlUsd: number | null;
  /** Unrealized PnL of what is still held, in USD; null when FOMO does not say. */
  unrealizedPnlUsd: number | null;
  /** Realized plus unrealized; null when neither is known. */
  pnlUsd: number | null;
  /** Up (true) or down (false) on the position; null when its PnL is unknown or zero. */
  up: boolean | null;
  /** Tokens bought, in whole tokens; null when FOMO does not say. */
  bought: number | null;
  /** Tokens sold, in whole tokens; null when FOMO does not say. */
  sold: number | null;
  /** Tokens received by transfer, in whole tokens; null when FOMO does not say. */
  transferredIn: number | null;
  /** Tokens sent out by transfer, in whole tokens; null when FOMO does not say. */
  transferredOut: number | null;
  /** Whether the trader is the token's developer (false when FOMO does not say). */
  isDev: boolean;
  /** When the position opened, ISO 8601 UTC time; null when FOMO does not say. */
  createdAt: string | null;
  /** When the position closed, ISO 8601 UTC time; null while it is open. */
  closedAt: string | null;
}

export interface PositionsSummary {
  /** Open positions among the rows read. */
  open: number;
  /** Closed positions among the rows read. */
  closed: number;
  /** Closed positions with a realized gain, and with a realized loss. */
  wins: number;
  /** Closed positions with a realized loss. */
  losses: number;
  /** wins / (wins + losses), in percent; null without a decided closed position. */
  winRatePct: number | null;
  /** Realized PnL summed over the rows read, in USD rounded to cents. */
  realizedPnlUsd: number;
  /** Unrealized PnL summed over the rows read, in USD rounded to cents. */
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
