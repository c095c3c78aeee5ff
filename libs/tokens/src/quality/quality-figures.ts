import type { MintInformation } from '@scout/upstream';

/** The windows Jupiter reports swap statistics for. */
export const QUALITY_WINDOWS = ['5m', '1h', '6h', '24h'] as const;
export type QualityWindow = (typeof QUALITY_WINDOWS)[number];

/** Total against organic volume in each of Jupiter's windows; a window Jupiter did not report is null. */
export interface VolumeWindows extends Record<QualityWindow, VolumeWindow | null> {
  /** The last 5 minutes; null when Jupiter does not report the window. */
  '5m': VolumeWindow | null;
  /** The last hour; null when Jupiter does not report the window. */
  '1h': VolumeWindow | null;
  /** The last 6 hours; null when Jupiter does not report the window. */
  '6h': VolumeWindow | null;
  /** The last 24 hours; null when Jupiter does not report the window. */
  '24h': VolumeWindow | null;
}

type SwapStats = NonNullable<MintInformation['stats24h']>;

/** Total against organic volume in one window; every figure null when the provider did not say. */
export interface VolumeWindow {
  /** USD volume in the window, buys plus sells; null when a side is unknown. */
  totalUsd: number | null;
  /** Organic USD volume in the window, buys plus sells; null when a side is unknown. */
  organicUsd: number | null;
  /** Organic share of the volume, 0-100; null when there was no volume or a side is unknown. */
  organicSharePct: number | null;
  /** USD bought in the window. */
  buyUsd: number | null;
  /** USD sold in the window. */
  sellUsd: number | null;
  /** Organic USD bought in the window. */
  organicBuyUsd: number | null;
  /** Organic USD sold in the window. */
  organicSellUsd: number | null;
  /** Buy swaps in the window. */
  buys: number | null;
  /** Sell swaps in the window. */
  sells: number | null;
  /** Distinct wallets that traded in the window. */
  traders: number | null;
  /** Distinct organic buyers in the window. */
  organicBuyers: number | null;
}

export interface TokenAudit {
  /** True when the mint authority is disabled (no more can be minted); null when Jupiter does not say. */
  mintAuthorityDisabled: boolean | null;
  /** True when the freeze authority is disabled (holders cannot be frozen); null when Jupiter does not say. */
  freezeAuthorityDisabled: boolean | null;
  /** Share of supply the top holders hold, 0-100. */
  topHoldersPercent: number | null;
  /** Share of supply the developer holds, 0-100. */
  devBalancePercent: number | null;
  /** Tokens the developer minted before this one. */
  devMints: number | null;
  /** The provider marks the token suspicious. */
  suspicious: boolean | null;
}

/** What the quality read flags, most serious first. */
export interface QualityFlag {
  /** What is flagged: mint_authority_live, freeze_authority_live, suspicious, wash_volume or concentrated. */
  code: 'mint_authority_live' | 'freeze_authority_live' | 'wash_volume' | 'concentrated' | 'suspicious';
  /** high for live authorities and suspicious; medium for wash_volume and concentrated. */
  severity: 'high' | 'medium';
  /** The flag in words, with its figure. */
  text: string;
}

/** Below this organic share of a day's volume, most of the volume is not real buyers. */
export const WASH_SHARE_PCT = 20;
/** Above this share of supply in the top holders, a few wallets can move the price alone. */
export const CONCENTRATED_PCT = 50;

const num = (v: number | null | undefined): number | null => (typeof v === 'number' && Number.isFinite(v) ? v : null);
const sum = (a: number | null, b: number | null): number | null => (a === null || b === null ? null : a + b);
const round = (v: number, digits: number) => Math.round(v * 10 ** digits) / 10 ** digits;

export function volumeWindow(stats: SwapStats | null | undefined): VolumeWindow | null {
  if (!stats) return null;
  const buyUsd = num(stats.buyVolume);
  const sellUsd = num(stats.sellVolume);
  const organicBuyUsd = num(stats.buyOrganicVolume);
  const organicSellUsd = num(stats.sellOrganicVolume);
  const totalUsd = sum(buyUsd, sellUsd);
  const organicUsd = sum(organicBuyUsd, organicSellUsd);
  return {
    totalUsd: totalUsd === null ? null : round(totalUsd, 2),
    organicUsd: organicUsd === null ? null : round(organicUsd, 2),
    organicSharePct: totalUsd && organicUsd !== null ? round(Math.min(100, (organicUsd / totalUsd) * 100), 1) : null,
    buyUsd,
    sellUsd,
    organicBuyUsd,
    organicSellUsd,
    buys: num(stats.numBuys),
    sells: num(stats.numSells),
    traders: num(stats.numTraders),
    organicBuyers: num(stats.numOrganicBuyers),
  };
}

export function tokenAudit(audit: MintInformation['audit']): TokenAudit | null {
  if (!audit) return null;
  return {
    mintAuthorityDisabled: audit.mintAuthorityDisabled ?? null,
    freezeAuthorityDisabled: audit.freezeAuthorityDisabled ?? null,
    topHoldersPercent: num(audit.topHoldersPercentage),
    devBalancePercent: num(audit.devBalancePercentage),
    devMints: num(audit.devMints),
    suspicious: audit.isSus ?? null,
  };
}

/** Flags from the audit and the day's organic share; an unknown figure raises nothing (unknown is not safe either). */
export function qualityFlags(audit: TokenAudit | null, day: VolumeWindow | null): QualityFlag[] {
  const flags: QualityFlag[] = [];
  if (audit?.mintAuthorityDisabled === false)
    flags.push({ code: 'mint_authority_live', severity: 'high', text: 'The mint authority is live: more tokens can be minted.' });
  if (audit?.freezeAuthorityDisabled === false)
    flags.push({ code: 'freeze_authority_live', severity: 'high', text: 'The freeze authority is live: holders can be frozen.' });
  if (audit?.suspicious === true) flags.push({ code: 'suspicious', severity: 'high', text: 'The token directory marks this token suspicious.' });
  if (day?.organicSharePct !== null && day?.organicSharePct !== undefined && day.organicSharePct < WASH_SHARE_PCT) {
    flags.push({
      code: 'wash_volume',
      severity: 'medium',
      text: `Only ${day.organicSharePct}% of the day's volume is organic: most of it is not real buyers.`,
    });
  }
  if (audit?.topHoldersPercent != null && audit.topHoldersPercent > CONCENTRATED_PCT) {
    flags.push({ code: 'concentrated', severity: 'medium', text: `The top holders hold ${round(audit.topHoldersPercent, 1)}% of the supply.` });
  }
  return flags;
}

/**
 * The notes of a quality answer: the swap-statistics windows Jupiter did not report, and a missing
 * audit (tokens.yaml lets `audit` be null or absent), whose flags then cannot be raised.
 */
export function qualityNotes(audit: TokenAudit | null, missingWindows: readonly QualityWindow[]): string[] | undefined {
  const notes: string[] = [];
  if (!audit) {
    notes.push(
      "Jupiter's token directory gives no audit for this mint: audit is null and no authority, suspicious or concentration flag could be checked (unknown, not safe).",
    );
  }
  if (missingWindows.length) notes.push(`Jupiter reported no swap statistics for ${missingWindows.join(', ')}: those windows are null (unknown, not zero).`);
  return notes.length ? notes : undefined;
}
