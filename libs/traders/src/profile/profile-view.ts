import { chainFromFomo, type Chain, type FomoProfile, type FomoSearchResult } from '@scout/upstream';
import type { TraderTopToken } from '../fomo-views';
import { walletsView } from '../trader-views';

const DAY_MS = 86_400_000;

/** One of a trader's top tokens on their profile, with Scout's chain name. */
export interface ProfileTopToken extends TraderTopToken {
  /** Scout's chain name; null when FOMO does not name a chain Scout covers. */
  chain: Chain | null;
}

/** A trader's full profile as Scout answers it: FOMO's fields, wallets, and the account's age. */
export function profileView(p: FomoProfile, now: number) {
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

export type ProfileView = ReturnType<typeof profileView>;

/** A trader as FOMO's search summarizes them (all-time figures). */
export function searchTraderView(t: FomoSearchResult['traders'][number]) {
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

export type SearchTraderView = ReturnType<typeof searchTraderView>;
