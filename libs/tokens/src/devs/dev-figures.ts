import type { FomoTokenDev, FomoTrade } from '@scout/upstream';
import type { PositionThesis } from '@scout/traders';
import { percentOf, round } from '../token-ref';

/** Where a developer's or insider's bag stands. */
export type BagStatus = 'holding' | 'sold_some' | 'exited' | 'unknown';

export interface DevRow {
  /** developer when the provider marks the position isDev, else insider. */
  role: 'developer' | 'insider';
  /** The position holder's handle; null when the provider does not say. */
  handle: string | null;
  /** Their provider user id; null when the provider does not say. */
  userId: string | null;
  /** The wallet holding the position; null when the provider does not say. */
  wallet: string | null;
  /** holding, sold_some (realized PnL while still holding), exited (nothing left) or unknown (no amount). */
  status: BagStatus;
  /** Tokens held now, whole tokens; null when the provider does not say. */
  amount: number | null;
  /** USD value of the bag now; null when the provider does not say. */
  valueUsd: number | null;
  /** USD paid for the position; null when the provider does not say. */
  costBasisUsd: number | null;
  /** Realized PnL in USD; null when the provider does not say. */
  realizedPnlUsd: number | null;
  /** Unrealized PnL in USD on what is still held; null when the provider does not say. */
  unrealizedPnlUsd: number | null;
  /** Average USD price paid per whole token; null when the provider does not say. */
  averageEntryPrice: number | null;
  /** Average hold time, seconds; null when the provider does not say. */
  averageHoldTimeSeconds: number | null;
  /** The provider's id of the position's trade; null when the provider does not say. */
  tradeId: string | null;
  /** The thesis they wrote on their position, if any. */
  thesis: PositionThesis | null;
}

/**
 * A bag with nothing left is exited; one still held with realized PnL has been sold from (a sale
 * is what realizes PnL); one held with none realized is untouched.
 */
export function bagStatus(amount: number | null, realizedPnlUsd: number | null): BagStatus {
  if (amount === null) return 'unknown';
  if (amount <= 0) return 'exited';
  return realizedPnlUsd !== null && realizedPnlUsd !== 0 ? 'sold_some' : 'holding';
}

export function devRow(dev: FomoTokenDev): DevRow {
  return {
    role: dev.isDev === true ? 'developer' : 'insider',
    handle: dev.handle,
    userId: dev.userId,
    wallet: dev.wallet,
    status: bagStatus(dev.amount, dev.realizedPnlUsd),
    amount: dev.amount,
    valueUsd: dev.valueUsd,
    costBasisUsd: dev.costBasisUsd,
    realizedPnlUsd: dev.realizedPnlUsd,
    unrealizedPnlUsd: dev.unrealizedPnlUsd,
    averageEntryPrice: dev.averageEntryPrice,
    averageHoldTimeSeconds: dev.averageHoldTimeSeconds,
    tradeId: dev.tradeId,
    thesis: dev.thesis,
  };
}

export interface RugFlag {
  /** no_known_dev, dev_exited, dev_selling, insiders_exited or insiders_exiting. */
  code: 'no_known_dev' | 'dev_exited' | 'dev_selling' | 'insiders_exited' | 'insiders_exiting';
  /** high for dev_exited and insiders_exited; medium for dev_selling and insiders_exiting; info for no_known_dev. */
  severity: 'high' | 'medium' | 'info';
  /** The flag in words, naming the wallets. */
  text: string;
}

/** Red flags in what the developers and insiders did with their bags. */
export function rugFlags(rows: readonly DevRow[]): RugFlag[] {
  const devs = rows.filter((r) => r.role === 'developer');
  const insiders = rows.filter((r) => r.role === 'insider');
  const flags: RugFlag[] = [];
  if (devs.length === 0) {
    flags.push({ code: 'no_known_dev', severity: 'info', text: 'No known developer position upstream. This is not a safety signal.' });
  }
  const named = (list: readonly DevRow[]) => list.map((r) => r.handle ?? r.wallet ?? 'unknown').join(', ');
  const exited = devs.filter((d) => d.status === 'exited');
  if (exited.length) flags.push({ code: 'dev_exited', severity: 'high', text: `Developer sold the whole bag: ${named(exited)}.` });
  const selling = devs.filter((d) => d.status === 'sold_some');
  if (selling.length) flags.push({ code: 'dev_selling', severity: 'medium', text: `Developer has sold part of the bag: ${named(selling)}.` });
  const gone = insiders.filter((d) => d.status === 'exited');
  if (insiders.length > 0 && gone.length === insiders.length) {
    flags.push({ code: 'insiders_exited', severity: 'high', text: `Every known insider has sold out (${gone.length}).` });
  } else if (gone.length * 2 >= insiders.length && gone.length > 0) {
    flags.push({ code: 'insiders_exiting', severity: 'medium', text: `${gone.length} of ${insiders.length} known insiders have sold out: ${named(gone)}.` });
  }
  return flags;
}

/** What the developer's own trade says about the launch and their selling since. */
export interface LaunchPosition {
  /** The provider's id of the developer's trade. */
  tradeId: string;
  /** When the position opened: its first fill, else the position's creation. */
  openedAt: string | null;
  /** When the position closed, ISO 8601 UTC as the provider gives it; null while open or unknown. */
  closedAt: string | null;
  /** Tokens bought, whole tokens; null when the provider does not say. */
  boughtAmount: number | null;
  /** Tokens sold, whole tokens; null when the provider does not say. */
  soldAmount: number | null;
  /** Sold over bought, in percent; null when either is unknown. */
  soldPct: number | null;
  /** USD spent buying; null when the provider does not say. */
  boughtUsd: number | null;
  /** USD the sells fetched; null when the provider does not say. */
  soldUsd: number | null;
  /** Realized PnL in USD; null when the provider does not say. */
  realizedPnlUsd: number | null;
  /** holding, sold_some, exited or unknown, from the amount left and the realized PnL. */
  status: BagStatus;
}

export function launchPosition(trade: FomoTrade): LaunchPosition {
  const fills = trade.swaps.map((s) => (s.at ? Date.parse(s.at) : NaN)).filter(Number.isFinite);
  const firstFill = fills.length ? new Date(Math.min(...fills)).toISOString() : null;
  const opened = [firstFill, trade.createdAt].filter((t): t is string => t !== null && Number.isFinite(Date.parse(t)));
  return {
    tradeId: trade.tradeId,
    openedAt: opened.length ? new Date(Math.min(...opened.map((t) => Date.parse(t)))).toISOString() : null,
    closedAt: trade.closedAt,
    boughtAmount: trade.bought,
    soldAmount: trade.sold,
    soldPct: percentOf(trade.sold, trade.bought),
    boughtUsd: round(trade.boughtUsd),
    soldUsd: round(trade.soldUsd),
    realizedPnlUsd: round(trade.realizedPnlUsd),
    status: bagStatus(trade.amount, trade.realizedPnlUsd),
  };
}

/** The launch-time proxy: the earliest opening among the developers' own positions; null when none is known. */
export function launchTimeProxy(positions: readonly LaunchPosition[]): string | null {
  const times = positions.map((p) => (p.openedAt ? Date.parse(p.openedAt) : NaN)).filter(Number.isFinite);
  return times.length ? new Date(Math.min(...times)).toISOString() : null;
}
