import { chainFromFomo, type Chain, type FomoThesis } from '@scout/upstream';
import type { ThesisSort } from './theses.dto';
import type { TokenNames } from '../trader-views';

export interface ThesisRow {
  /** FOMO's id of the thesis. */
  thesisId: string;
  /** The thesis text as the trader wrote it. */
  text: string;
  /** The token the thesis is about: contract address, symbol, name; null when FOMO does not say. */
  token: TokenNames | null;
  /** Scout's chain name; null when FOMO does not name a chain Scout covers. */
  chain: Chain | null;
  /** Likes on the thesis; null when FOMO does not say. */
  likes: number | null;
  /** Replies to the thesis; null when FOMO does not say. */
  replies: number | null;
  /** What the author held in the token when writing, in USD. */
  equity: number | null;
  /** The position's first fill in USD. */
  tradeUsd: number | null;
  /** The position (trade) the thesis is about; null when FOMO does not say. */
  tradeId: string | null;
  /** When it was written, ISO 8601 UTC time; null when FOMO does not say. */
  ts: string | null;
  /** Whether the author is the token's developer (false when FOMO does not say). */
  isDev: boolean;
  /** What the position cost, in USD; null when FOMO does not say. */
  costBasisUsd: number | null;
  /** The position's value, in USD; null when FOMO does not say. */
  valueUsd: number | null;
  /** The position's realized PnL, in USD; null when FOMO does not say. */
  realizedPnlUsd: number | null;
  /** The position's unrealized PnL, in USD; null when FOMO does not say. */
  unrealizedPnlUsd: number | null;
  /** The position's realized plus unrealized PnL; null when unknown. */
  pnlUsd: number | null;
  /** The position's PnL as a percent of its cost, in percent points; null when FOMO does not say. */
  pnlPct: number | null;
  /** Whether the position the thesis was written about made money (PnL above zero); null when its PnL is unknown. */
  madeMoney: boolean | null;
}

export interface ThesesSummary {
  /** Theses returned. */
  count: number;
  /** Theses whose position's PnL is known. */
  withPnl: number;
  /** Theses whose position made money. */
  madeMoney: number;
  /** madeMoney / withPnl in percent; null when no PnL is known. */
  madeMoneyPct: number | null;
}

/**
 * The position's PnL: the provider's total when it sends one, else realized plus unrealized when
 * both are known. One part alone is not the whole (an open position's unrealized may be missing).
 */
export function thesisPnl(t: Pick<FomoThesis, 'pnlUsd' | 'realizedPnlUsd' | 'unrealizedPnlUsd'>): number | null {
  if (t.pnlUsd !== null) return t.pnlUsd;
  if (t.realizedPnlUsd === null || t.unrealizedPnlUsd === null) return null;
  return Math.round((t.realizedPnlUsd + t.unrealizedPnlUsd) * 100) / 100;
}

export function thesisRow(t: FomoThesis): ThesisRow {
  const pnl = thesisPnl(t);
  return {
    thesisId: t.thesisId,
    text: t.text,
    token: t.token ? { address: t.token.address, symbol: t.token.symbol, name: t.token.name } : null,
    chain: chainFromFomo(t.chain, t.token?.networkId),
    likes: t.likes,
    replies: t.replies,
    equity: t.equity,
    tradeUsd: t.tradeUsd,
    tradeId: t.tradeId,
    ts: t.ts,
    isDev: t.isDev === true,
    costBasisUsd: t.costBasisUsd,
    valueUsd: t.valueUsd,
    realizedPnlUsd: t.realizedPnlUsd,
    unrealizedPnlUsd: t.unrealizedPnlUsd,
    pnlUsd: pnl,
    pnlPct: t.pnlPct,
    madeMoney: pnl === null ? null : pnl > 0,
  };
}

/** The local filters: a row whose figure is unknown does not pass a bound on that figure. */
export function keepThesis(row: ThesisRow, filters: { minEquity?: number; minLikes?: number }): boolean {
  if (filters.minEquity !== undefined && (row.equity === null || row.equity < filters.minEquity)) return false;
  if (filters.minLikes !== undefined && (row.likes === null || row.likes < filters.minLikes)) return false;
  return true;
}

const SORT_KEYS: Record<ThesisSort, (row: ThesisRow) => number | null> = {
  recent: (row) => (row.ts === null ? null : Date.parse(row.ts)),
  likes: (row) => row.likes,
  equity: (row) => row.equity,
  pnl: (row) => row.pnlUsd,
};

/** Highest first, unknown figures last; ties keep the provider's order. */
export function sortTheses<T extends ThesisRow>(rows: readonly T[], sort: ThesisSort): T[] {
  const key = SORT_KEYS[sort];
  return [...rows].sort((a, b) => (key(b) ?? Number.NEGATIVE_INFINITY) - (key(a) ?? Number.NEGATIVE_INFINITY) || 0);
}

export function summarizeTheses(rows: readonly ThesisRow[]): ThesesSummary {
  const withPnl = rows.filter((r) => r.madeMoney !== null).length;
  const madeMoney = rows.filter((r) => r.madeMoney === true).length;
  return { count: rows.length, withPnl, madeMoney, madeMoneyPct: withPnl === 0 ? null : Math.round((1000 * madeMoney) / withPnl) / 10 };
}
