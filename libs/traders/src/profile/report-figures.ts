import { chainFromFomo, type Chain, type FomoBalances, type FomoPosition } from '@scout/upstream';
import { everyChainSplit, holdingsByValue, type EveryChainSplit } from '../activity/holding-figures';
import { summarizePositions } from '../activity/position-figures';
import type { PnlWindows, ProfileView, SearchTraderView } from './profile-view';
import type { WalletsView } from '../trader-views';

export interface TradeHighlight {
  /** The token's symbol. */
  token: string | null;
  /** The token's contract address (mint on Solana). */
  address: string;
  /** Scout's chain name; null when FOMO does not name a chain Scout covers. */
  chain: Chain | null;
  /** The position's realized PnL, in USD. */
  realizedPnlUsd: number;
  /** When the position closed, ISO 8601 UTC time; null when FOMO does not say. */
  closedAt: string | null;
  /** FOMO's id of the position (trade); service_fomo_trade_detail takes it. */
  tradeId: string;
}

export interface ClosedSampleFigures {
  /** Closed positions sampled. */
  closedSampled: number;
  /** Sampled positions with a realized gain. */
  wins: number;
  /** Sampled positions with a realized loss. */
  losses: number;
  /** wins / (wins + losses), in percent points 0-100; null without a gain or a loss. */
  winRatePct: number | null;
  /** Realized PnL summed over the sample, in USD rounded to cents. */
  realizedPnlUsdSampled: number;
  /** The sampled trade with the largest realized gain; null when none gained. */
  best: TradeHighlight | null;
  /** The sampled trade with the largest realized loss; null when none lost. */
  worst: TradeHighlight | null;
  /** Closed positions the provider counts in all (beyond the sample); null when it does not say. */
  closedTotalUpstream: number | null;
  /** False when the trader has more closed positions than were sampled. */
  complete: boolean;
}

const highlight = (p: FomoPosition): TradeHighlight => ({
  token: p.token.symbol,
  address: p.token.address,
  chain: chainFromFomo(p.chain, p.networkId ?? p.token.networkId),
  realizedPnlUsd: p.realizedPnlUsd ?? 0,
  closedAt: p.closedAt,
  tradeId: p.tradeId,
});

/** Win rate, realized PnL and the best and worst trade of a sample of closed positions. */
export function closedSampleFigures(closed: readonly FomoPosition[], complete: boolean, closedTotalUpstream: number | null = null): ClosedSampleFigures {
  const summary = summarizePositions(closed);
  const priced = closed.filter((p) => p.realizedPnlUsd !== null);
  const byPnl = [...priced].sort((a, b) => b.realizedPnlUsd! - a.realizedPnlUsd!);
  return {
    closedSampled: closed.length,
    wins: summary.wins,
    losses: summary.losses,
    winRatePct: summary.winRatePct,
    realizedPnlUsdSampled: summary.realizedPnlUsd,
    best: byPnl.length && byPnl[0].realizedPnlUsd! > 0 ? highlight(byPnl[0]) : null,
    worst: byPnl.length && byPnl[byPnl.length - 1].realizedPnlUsd! < 0 ? highlight(byPnl[byPnl.length - 1]) : null,
    closedTotalUpstream,
    complete,
  };
}

export interface PortfolioFigures {
  /** A floor when capped. */
  totalValueUsd: number | null;
  /** Holdings the provider listed. */
  positions: number;
  /** Share of the portfolio's value in its five largest holdings, in percent. */
  top5ConcentrationPct: number | null;
  /** Every chain the trader could hold, by Scout's names: 0 where the provider's split shows nothing held. */
  byChain: EveryChainSplit;
  /** True when the provider left holdings out (it lists about 100 at most). */
  capped: boolean;
  /** The five largest holdings by value. */
  topHoldings: Array<{
    /** The token's ticker symbol; null when FOMO does not say. */
    symbol: string | null;
    /** The token's contract address (mint on Solana). */
    address: string;
    /** Scout's chain name; null when FOMO does not name a chain Scout covers. */
    chain: Chain | null;
    /** The holding's value in USD; null when FOMO does not say. */
    valueUsd: number | null;
    /** The 24h change, in percent points (-17.29 is -17.29%); null when FOMO does not say. */
    change24h: number | null;
    /** The position (trade) the holding belongs to; null when FOMO does not say. */
    tradeId: string | null;
  }>;
}

/** What a trader holds now, largest first, and how concentrated it is. */
export function portfolioFigures(balances: FomoBalances, top = 5): PortfolioFigures {
  const holdings = holdingsByValue(balances);
  const total = holdings.reduce((sum, h) => sum + (h.valueUsd ?? 0), 0);
  const topValue = holdings.slice(0, top).reduce((sum, h) => sum + (h.valueUsd ?? 0), 0);
  return {
    totalValueUsd: balances.totalValueUsd,
    positions: holdings.length,
    top5ConcentrationPct: total > 0 ? Math.round((1000 * topValue) / total) / 10 : null,
    byChain: everyChainSplit(balances),
    capped: balances.capped === true,
    topHoldings: holdings.slice(0, top).map((h) => ({
      symbol: h.token.symbol,
      address: h.token.address,
      chain: h.chain,
      valueUsd: h.valueUsd,
      change24h: h.change24h,
      tradeId: h.tradeId,
    })),
  };
}

/** A trader's identity and headline figures, whichever source gave them: the full profile or the search summary. */
export interface TraderFigures {
  /** The trader's FOMO handle. */
  handle: string;
  /** The trader's FOMO user id. */
  userId: string;
  /** The trader's display name; null when FOMO does not say. */
  displayName: string | null;
  /** Whether FOMO marks the trader verified (false when FOMO does not say). */
  verified: boolean;
  /** The trader's Solana and EVM wallets, whether they are proven, and how each was attributed. */
  wallets: WalletsView;
  /** PnL over 24h, 7d, 30d and all time, in USD (profile only); null from the search summary. */
  pnl: PnlWindows | null;
  /** All-time PnL, in USD; null when FOMO does not say. */
  pnlUsd: number | null;
  /** All-time trading volume, in USD; null when FOMO does not say. */
  volumeUsd: number | null;
  /** All-time trade count; null when FOMO does not say. */
  trades: number | null;
  /** All-time swaps (buy and sell fills) (profile only); null from the search summary or when FOMO does not say. */
  swapCount: number | null;
  /** Accounts following the trader; null when FOMO does not say. */
  followers: number | null;
  /** Whole days since the account was created (profile only); null from the search summary or when not known. */
  accountAgeDays: number | null;
  /** When the account was created, ISO 8601 UTC time, from the profile or the search row; null when it does not say. */
  createdAt: string | null;
  /** The trader's average holding time of a position, in seconds (profile only); null from the search summary or when FOMO does not say. */
  averageHoldTimeSeconds: number | null;
  /** The trader's linked Twitter (X) account (profile only); null from the search summary or when FOMO does not say. */
  twitter: string | null;
  /** Where the figures come from: profile (the full profile: asked with full, or when the trader's handle is not known) or search (the trader's search row). */
  source: 'profile' | 'search';
}

/** A trader's figures, whichever source gave them: the full profile or the search summary. */
export function traderFigures(view: ProfileView | SearchTraderView): TraderFigures {
  const full = 'pnl' in view ? view : null;
  return {
    handle: view.handle,
    userId: view.userId,
    displayName: view.displayName,
    verified: view.verified,
    wallets: view.wallets,
    pnl: full ? full.pnl : null,
    pnlUsd: full ? full.pnl.all : (view as SearchTraderView).pnlUsd,
    volumeUsd: view.volumeUsd,
    trades: view.trades,
    swapCount: full?.swapCount ?? null,
    followers: view.followers,
    accountAgeDays: full?.accountAgeDays ?? null,
    // The provider's ISO time, from the profile or the search row, whichever answered.
    createdAt: view.createdAt,
    averageHoldTimeSeconds: full?.averageHoldTimeSeconds ?? null,
    twitter: full?.twitter ?? null,
    source: full ? 'profile' : 'search',
  };
}

/** For each metric, the compared trader with the highest value (null when nobody has one). */
export function leadersBy<T extends { handle: string | null }>(
  rows: readonly T[],
  metrics: Record<string, (row: T) => number | null>,
): Record<string, string | null> {
  const leaders: Record<string, string | null> = {};
  for (const [metric, read] of Object.entries(metrics)) {
    let best: { handle: string | null; value: number } | null = null;
    for (const row of rows) {
      const value = read(row);
      if (value !== null && (best === null || value > best.value)) best = { handle: row.handle, value };
    }
    leaders[metric] = best?.handle ?? null;
  }
  return leaders;
}
