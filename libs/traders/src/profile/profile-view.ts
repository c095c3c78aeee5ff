import { chainFromFomo, type Chain, type FomoProfile, type FomoSearchResult } from '@scout/upstream';
import type { TraderTopToken } from '../fomo-views';
import { walletsView, type WalletsView } from '../trader-views';

const DAY_MS = 86_400_000;

/** One of a trader's top tokens on their profile, with Scout's chain name. */
export interface ProfileTopToken extends TraderTopToken {
  /** Scout's chain name; null when FOMO does not name a chain Scout covers. */
  chain: Chain | null;
}

/** A trader's PnL over each of FOMO's windows, in USD. */
export interface PnlWindows {
  /** PnL over the last 24 hours, in USD; null when FOMO does not say. */
  '24h': number | null;
  /** PnL over the last 7 days, in USD; null when FOMO does not say. */
  '7d': number | null;
  /** PnL over the last 30 days, in USD; null when FOMO does not say. */
  '30d': number | null;
  /** All-time PnL (realized plus unrealized), in USD; null when FOMO does not say. */
  all: number | null;
}

/** A trader's full profile as Scout answers it: FOMO's fields, wallets, and the account's age. */
export interface ProfileView {
  /** The trader's FOMO user id. */
  userId: string;
  /** The trader's FOMO handle. */
  handle: string;
  /** The trader's display name; null when FOMO does not say. */
  displayName: string | null;
  /** The trader's Solana and EVM wallets, whether they are proven, and how each was attributed. */
  wallets: WalletsView;
  /** Whether FOMO marks the trader verified (false when FOMO does not say). */
  verified: boolean;
  /** PnL over 24h, 7d, 30d and all time, in USD; each null when FOMO does not say. */
  pnl: PnlWindows;
  /** All-time trading volume (buys plus sells), in USD; null when FOMO does not say. */
  volumeUsd: number | null;
  /** All-time trade count; null when FOMO does not say. */
  trades: number | null;
  /** All-time swaps (buy and sell fills); null when FOMO does not say. */
  swapCount: number | null;
  /** Positions (one per token traded), open and closed; null when FOMO does not say. */
  positionCount: number | null;
  /** Accounts following the trader; null when FOMO does not say. */
  followers: number | null;
  /** Accounts the trader follows; null when FOMO does not say. */
  following: number | null;
  /** Number of tokens held now; null when FOMO does not say. */
  holdings: number | null;
  /** The trader's largest holdings by value as FOMO lists them, each with Scout's chain name. */
  topTokens: ProfileTopToken[];
  /** The trader's average holding time of a position, in seconds; null when FOMO does not say. */
  averageHoldTimeSeconds: number | null;
  /** When the account was created, ISO 8601 UTC time; null when FOMO does not say. */
  createdAt: string | null;
  /** Whole days since the account was created: FOMO's figure, else counted from createdAt; null when neither is known. */
  accountAgeDays: number | null;
  /** The trader's profile bio; null when FOMO does not say. */
  description: string | null;
  /** The trader's FOMO clan; null when FOMO does not say. */
  clan: string | null;
  /** The trader's linked Twitter (X) account; null when FOMO does not say. */
  twitter: string | null;
  /** URL of the trader's profile picture; null when FOMO does not say. */
  imageUrl: string | null;
  /** Whether FOMO marks the profile private; null when FOMO does not say. */
  private: boolean | null;
  /** Whether FOMO marks the account restricted; null when FOMO does not say. */
  restricted: boolean | null;
}

/** A trader as FOMO's search summarizes them (all-time figures). */
export interface SearchTraderView {
  /** The trader's FOMO user id. */
  userId: string;
  /** The trader's FOMO handle. */
  handle: string;
  /** The trader's display name; null when FOMO does not say. */
  displayName: string | null;
  /** The trader's Solana and EVM wallets, whether they are proven, and how each was attributed. */
  wallets: WalletsView;
  /** All-time PnL, in USD; null when FOMO does not say. */
  pnlUsd: number | null;
  /** All-time trading volume, in USD; null when FOMO does not say. */
  volumeUsd: number | null;
  /** All-time trade count; null when FOMO does not say. */
  trades: number | null;
  /** Accounts following the trader; null when FOMO does not say. */
  followers: number | null;
  /** Whether FOMO marks the trader verified (false when FOMO does not say). */
  verified: boolean;
  /** When the account was created, ISO 8601 UTC time; null when the search row does not carry it. */
  createdAt: string | null;
}

/** A trader's full profile as Scout answers it: FOMO's fields, wallets, and the account's age. */
export function profileView(p: FomoProfile, now: number): ProfileView {
  const created = p.createdAt ? Date.parse(p.createdAt) : NaN;
  return {
    userId: p.userId,
    handle: p.handle,
    displayName: p.displayName,
    wallets: walletsView(p.wallets),
    verified: p.verified === true,
    pnl: {
      '24h': p.pnl?.['24h'] ?? null,
      '7d': p.pnl?.['7d'] ?? null,
      '30d': p.pnl?.['30d'] ?? null,
      all: p.pnl?.all ?? null,
    },
    volumeUsd: p.volumeUsd,
    trades: p.trades,
    swapCount: p.swapCount,
    positionCount: p.positionCount,
    followers: p.followers,
    following: p.following,
    holdings: p.holdings,
    topTokens: p.topTokens.map((t): ProfileTopToken => ({ ...t, chain: chainFromFomo(null, t.networkId) })),
    averageHoldTimeSeconds: p.averageHoldTimeSeconds,
    createdAt: p.createdAt,
    accountAgeDays: p.accountAgeDays ?? (Number.isFinite(created) ? Math.max(0, Math.floor((now - created) / DAY_MS)) : null),
    description: p.description,
    clan: p.clan,
    twitter: p.twitter,
    imageUrl: p.imageUrl,
    private: p.private,
    restricted: p.restricted,
  };
}

/** A trader's row in FOMO's search, as Scout answers it. */
export function searchTraderView(t: FomoSearchResult['traders'][number]): SearchTraderView {
  return {
    userId: t.userId,
    handle: t.handle,
    displayName: t.displayName,
    wallets: walletsView(t.wallets),
    pnlUsd: t.pnlUsd,
    volumeUsd: t.volumeUsd,
    trades: t.trades,
    followers: t.followers,
    verified: t.verified === true,
    createdAt: t.createdAt,
  };
}
