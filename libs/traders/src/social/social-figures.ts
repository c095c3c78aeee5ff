import type { FomoSocialEntry } from '@scout/upstream';

export interface SocialRow {
  /** The account's FOMO user id. */
  userId: string;
  /** The account's FOMO handle. */
  handle: string;
  /** The account's display name; null when FOMO does not say. */
  displayName: string | null;
  /** Accounts following it; null when FOMO does not say. */
  followers: number | null;
  /** Accounts it follows; null when FOMO does not say. */
  following: number | null;
  /** Its trade count; null when FOMO does not say. */
  trades: number | null;
  /** Its trading volume in USD; null when FOMO does not say. */
  volumeUsd: number | null;
  /** Its PnL over the last 24h, in USD; null when FOMO does not say. */
  pnl24h: number | null;
  /** Its all-time PnL, in USD; null when FOMO does not say. */
  pnlUsd: number | null;
  /** Its linked Twitter (X) account; null when FOMO does not say. */
  twitter: string | null;
  /** Whether FOMO marks the account verified (false when FOMO does not say). */
  verified: boolean;
  /** Days since the account was created; null when FOMO does not say. */
  accountAgeDays: number | null;
  /** real: has traded; empty: has never traded; unknown: the provider does not say. */
  kind: 'real' | 'empty' | 'unknown';
}

export interface FollowerMix {
  /** Accounts that have traded. */
  real: number;
  /** Accounts that have never traded. */
  empty: number;
  /** Accounts whose trading the provider does not say. */
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
