import type { LaunchMode } from '@scout/upstream';

/*
 * The figures and flags of launchpad_token_report. Every threshold is stated here with why; an
 * unknown figure raises no flag (unknown is not safe either: the report's notes say what is missing).
 */

/**
 * A creator with at least this many launches on the platform (this coin included) is a serial
 * launcher: the peer's research guide calls many launches with few survivors a pattern worth
 * pointing out, and a handful is already more than an ordinary project needs.
 */
export const MANY_LAUNCHES = 5;

/** Market cap under this share of its peak (percent): the coin has lost three quarters or more of its top value. */
export const FAR_BELOW_PEAK_PCT = 25;

/**
 * Claimable creator fees worth flagging: at least this many USD (below it the amount is noise)...
 */
export const UNCLAIMED_FEES_MIN_USD = 1_000;
/**
 * ...and at least this share (percent) of the coin's 24h volume, about a whole day of trading
 * fees at a 1% pool fee: fees that accrue faster than they are claimed are piling up. Without a
 * 24h volume only the USD floor applies.
 */
export const UNCLAIMED_FEES_VOLUME_PCT = 1;

/** The market figures the flags read (the site's market or launchpad_token's MarketRow). */
interface MarketFigures {
  marketCapUsd: number | null;
  peakMarketCapUsd: number | null;
  volume24hUsd: number | null;
}

export type ReportFlagCode = 'reward_transfer_tax' | 'serial_launcher' | 'unclaimed_fees' | 'far_below_peak';

export interface ReportFlag {
  /** Which flag: reward_transfer_tax, serial_launcher, unclaimed_fees or far_below_peak. */
  code: ReportFlagCode;
  /** medium (worth a look) or info. */
  severity: 'medium' | 'info';
  /** The flag in words, with the figures that raised it. */
  text: string;
}

/** What the flags read: each null when its part did not answer. */
export interface ReportFlagInputs {
  token: { mode: LaunchMode; transferFee?: { bps: number } | null } | null;
  market: Pick<MarketFigures, 'marketCapUsd' | 'peakMarketCapUsd' | 'volume24hUsd'> | null;
  /** Launches on the platform by the coin's creator (the site's count, this coin included). */
  creatorLaunchCount: number | null;
  fees: { claimable: { valueUsd: number | null } | null } | null;
}

function round(value: number, digits = 2): number {
  const f = 10 ** digits;
  return Math.round(value * f) / f;
}

function usd(value: number): string {
  return `$${value.toLocaleString('en-US', { maximumFractionDigits: 0 })}`;
}

/** Market cap as a percent of the peak market cap; null when either is unknown or the peak is not positive. */
export function peakSharePct(market: Pick<MarketFigures, 'marketCapUsd' | 'peakMarketCapUsd'> | null): number | null {
  const cap = market?.marketCapUsd ?? null;
  const peak = market?.peakMarketCapUsd ?? null;
  if (cap === null || peak === null || peak <= 0) return null;
  return round((cap / peak) * 100);
}

/** Claimable creator fees as a percent of the 24h volume; null when either is unknown or the volume is zero. */
export function claimableShareOfVolumePct(claimableUsd: number | null, volume24hUsd: number | null): number | null {
  if (claimableUsd === null || volume24hUsd === null || volume24hUsd <= 0) return null;
  return round((claimableUsd / volume24hUsd) * 100);
}

/** The report's flags: reward-mode transfer tax, serial launcher, unclaimed fees piling up, far below peak. */
export function reportFlags(inputs: ReportFlagInputs): ReportFlag[] {
  const flags: ReportFlag[] = [];
  const bps = inputs.token?.transferFee?.bps ?? null;
  if (inputs.token?.mode === 'reward' && bps !== null && bps > 0) {
    flags.push({ code: 'reward_transfer_tax', severity: 'info', text: `reward coin: ${bps} bps transfer tax on every trade (Token-2022)` });
  }
  if (inputs.creatorLaunchCount !== null && inputs.creatorLaunchCount >= MANY_LAUNCHES) {
    flags.push({
      code: 'serial_launcher',
      severity: 'medium',
      text: `creator with many launches: ${inputs.creatorLaunchCount} coins launched on the platform by this wallet`,
    });
  }
  const claimable = inputs.fees?.claimable?.valueUsd ?? null;
  const volume = inputs.market?.volume24hUsd ?? null;
  const ofVolume = claimableShareOfVolumePct(claimable, volume);
  // Without a positive 24h volume (ofVolume null) only the USD floor applies.
  if (claimable !== null && claimable >= UNCLAIMED_FEES_MIN_USD && (ofVolume === null || ofVolume >= UNCLAIMED_FEES_VOLUME_PCT)) {
    const share = ofVolume === null ? '' : ` (${ofVolume}% of 24h volume)`;
    flags.push({ code: 'unclaimed_fees', severity: 'info', text: `fees piling up unclaimed: ${usd(claimable)} of creator fees claimable${share}` });
  }
  const share = peakSharePct(inputs.market);
  if (share !== null && share < FAR_BELOW_PEAK_PCT) {
    flags.push({
      code: 'far_below_peak',
      severity: 'medium',
      text: `price far below peak: market cap ${usd(inputs.market!.marketCapUsd!)} is ${share}% of its ${usd(inputs.market!.peakMarketCapUsd!)} peak`,
    });
  }
  return flags;
}
