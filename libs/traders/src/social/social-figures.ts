import type { FomoSocialEntry } from '@scout/upstream';

export interface SocialRow {
  userId: string;
  handle: string;
  displayName: string | null;
  followers: number | null;
  following: number | null;
  trades: number | null;
  volumeUsd: number | null;
  pnl24h: number | null;
  pnlUsd: number | null;
  twitter: string | null;
  verified: boolean;
  accountAgeDays: number | null;
  /** real: has traded; empty: has never traded; unknown: the provider does not say. */
  kind: 'real' | 'empty' | 'unknown';
}

export interface FollowerMix {
  real: number;
  empty: number;
  unknown: number;
  /** Percent of the accounts whose kind is known that are real; null when none is known. */
  realPct: number | null;
}

/** An account is real once it has traded at all; a known zero is an empty account. */
export function accountKind(entry: Pick<FomoSocialEntry, 'trades' | 'volumeUsd'>): SocialRow['kind'] {
  if ((entry.trades ?? 0) > 0 || (entry.volumeUsd ?? 0) > 0) return 'real';
  if (entry.trades === 0) return 'empty';
  return 'unknown';
}

export function socialRow(entry: FomoSocialEntry): SocialRow {
  return {
    userId: entry.userId,
    handle: entry.handle,
    displayName: entry.displayName,
    followers: entry.followers,
    following: entry.following,
    trades: entry.trades,
    volumeUsd: entry.volumeUsd,
    pnl24h: entry.pnl24h,
    pnlUsd: entry.pnlUsd,
    twitter: entry.twitter,
    verified: entry.verified === true,
    accountAgeDays: entry.accountAgeDays,
    kind: accountKind(entry),
  };
}

export function followerMix(entries: readonly FomoSocialEntry[]): FollowerMix {
  const mix = { real: 0, empty: 0, unknown: 0 };
  for (const entry of entries) mix[accountKind(entry)] += 1;
  const known = mix.real + mix.empty;
  return { ...mix, realPct: known === 0 ? null : Math.round((1000 * mix.real) / known) / 10 };
}
