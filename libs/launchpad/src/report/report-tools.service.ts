import { Inject, Injectable } from '@nestjs/common';
import { Tool, type ToolResult } from '@scout/core';
import { trackedHolders, type TrackedHolderRow } from '@scout/tokens';
import { LaunchpadRefusedError, type LaunchpadBacking, type LaunchpadFees, type LaunchpadTokenDetail, type LaunchList } from '@scout/upstream';
import { launchRow, type LaunchRow } from '../tokens/coin-rows';
import { LAUNCHPAD_CLIENT, TRACKED_HOLDERS_CLIENT, type LaunchpadPort, type TrackedHoldersPort } from '../launchpad.ports';
import { FAR_BELOW_PEAK_PCT, MANY_LAUNCHES, reportFlags, UNCLAIMED_FEES_MIN_USD, UNCLAIMED_FEES_VOLUME_PCT, type ReportFlag } from './report-figures';
import { ReportParts } from './report-parts';
import { reportParts, type ReportPartsData } from './report-shapes';
import { TokenReportInput } from './token-report.dto';

/** Newest burns, payouts, airdrop recipients and creator launches listed: the report is an overview, the single tools page further. */
export const REPORT_ROWS = 10;
/** Largest tracked holders listed. */
export const REPORT_TRACKED_HOLDERS = 20;

export interface TokenReportData extends ReportPartsData {
  /** Solana mint of the coin, as asked. */
  mint: string;
  /** Why backing is null when that is the answer rather than a failure: the coin is not a pump launch. */
  backingReason: string | null;
  /** The coin's creator and their launches on the platform (as launchpad_launches lists them); null when no creator is known. */
  creator: {
    /** The creator's wallet address (base58). */
    address: string;
    /** Every launch the platform counts for the creator; null when that read failed. */
    launchCount: number | null;
    /** The creator's newest launches (at most 10), newest first; null when that read failed. */
    recentLaunches: LaunchRow[] | null;
  } | null;
  /** Tracked FOMO traders holding the coin; null unless includeTrackedHolders (or when that read failed). */
  trackedHolders: {
    /** When FOMO captured the balances behind the list, ISO 8601 UTC; null when it does not say. */
    capturedAt: string | null;
    /** Tracked traders holding the coin (one per trader). */
    trackedHolderCount: number;
    /** USD value all tracked holders hold, summed over known values; null when no value is known. */
    trackedValueUsd: number | null;
    /** The largest tracked holders by USD value (at most 20). */
    holders: TrackedHolderRow[];
  } | null;
  /** Flags raised: reward_transfer_tax, serial_launcher, unclaimed_fees, far_below_peak; an unknown figure raises none. */
  flags: ReportFlag[];
}

/** Everything about one launchpad coin in one call. */
@Injectable()
export class ReportToolsService {
  constructor(
    @Inject(LAUNCHPAD_CLIENT) private readonly launchpad: LaunchpadPort,
    @Inject(TRACKED_HOLDERS_CLIENT) private readonly holders: TrackedHoldersPort,
  ) {}

  @Tool({
    name: 'launchpad_token_report',
    input: TokenReportInput,
    summary:
      "One launchpad coin in one call: market and launch record, burns, holder rewards, airdrop, creator fees, backing, the creator's other launches, flags.",
    description:
      `Reads the coin, its burns, rewards, airdrop, fees and backing and the creator's launches in parallel (the newest ${REPORT_ROWS} rows of each list; the single launchpad_token_* tools page further). ` +
      'Backing exists for pump launches only: for other paths it is null with backingReason. includeTrackedHolders adds which tracked FOMO traders hold the coin, at the same cost. ' +
      "Flags: reward_transfer_tax (a reward coin's Token-2022 tax on every trade), " +
      `serial_launcher (the creator has ${MANY_LAUNCHES} or more launches on the platform), ` +
      `unclaimed_fees (at least $${UNCLAIMED_FEES_MIN_USD.toLocaleString('en-US')} of creator fees claimable and at least ${UNCLAIMED_FEES_VOLUME_PCT}% of the 24h volume), ` +
      `far_below_peak (market cap under ${FAR_BELOW_PEAK_PCT}% of its peak). A part that fails is null with a note; an unknown mint is a 404.`,
  })
  async report(input: TokenReportInput): Promise<ToolResult<TokenReportData>> {
    const mint = input.mint.trim();
    const parts = new ReportParts();
    const site = this.launchpad;
    const tokenRead = parts.fromSite({ part: 'launchpad token', affects: 'token, market' }, () => site.token(mint), true);
    const feesRead = parts.fromSite({ part: 'launchpad fees', affects: 'fees' }, () => site.fees(mint));
    // Backing and the creator's launches need the token's launch path and creator, so they follow its read.
    const backingRead = tokenRead.then((detail) => this.backing(parts, mint, detail));
    const launchesRead = Promise.all([tokenRead, feesRead]).then(([detail, fees]) => this.creatorLaunches(parts, detail, fees));
    const [detail, burns, rewards, airdrop, fees, backing, creator, holders] = await Promise.all([
      tokenRead,
      parts.fromSite({ part: 'launchpad burns', affects: 'burns' }, () => site.burns(mint, REPORT_ROWS)),
      parts.fromSite({ part: 'launchpad rewards', affects: 'rewards' }, () => site.tokenRewards(mint, REPORT_ROWS)),
      parts.fromSite({ part: 'launchpad airdrop', affects: 'airdrop' }, () => site.airdrop(mint, REPORT_ROWS)),
      feesRead,
      backingRead,
      launchesRead,
      input.includeTrackedHolders
        ? parts.fromOther({ part: 'FOMO tracked holders', affects: 'trackedHolders' }, () => this.holders.tokenHolders(mint))
        : Promise.resolve(null),
    ]);
    parts.settle();
    if (detail && !creator.creator) parts.note('The site names no creator for this coin: creator and the serial-launcher flag are left out.');

    const shaped = reportParts({ detail, burns, rewards, airdrop, fees, backing: backing.backing }, REPORT_ROWS);
    const launchCount = creator.launches?.pagination.total ?? null;
    const tracked = holders ? trackedHolders(holders.holders, REPORT_TRACKED_HOLDERS) : null;
    return {
      data: {
        mint,
        ...shaped,
        backingReason: backing.reason,
        creator: creator.creator ? { address: creator.creator, launchCount, recentLaunches: creator.launches?.launches.map(launchRow) ?? null } : null,
        trackedHolders: holders && tracked ? { capturedAt: holders.capturedAt, ...tracked } : null,
        flags: reportFlags({ token: shaped.token, market: shaped.market, creatorLaunchCount: launchCount, fees: shaped.fees }),
      },
      notes: parts.notes,
    };
  }

  /** The creator (from the listing, its launch record or the fees) and their launches on the platform. */
  private async creatorLaunches(
    parts: ReportParts,
    detail: LaunchpadTokenDetail | null,
    fees: LaunchpadFees | null,
  ): Promise<{ creator: string | null; launches: LaunchList | null }> {
    const creator = detail?.token.creator ?? detail?.token.launch?.creator ?? fees?.creator ?? null;
    if (!creator || parts.unknown) return { creator, launches: null };
    const launches = await parts.fromSite({ part: "launchpad launches by the coin's creator", affects: 'creator.launchCount, creator.recentLaunches' }, () =>
      this.launchpad.launches({ creator, pageSize: REPORT_ROWS }),
    );
    return { creator, launches };
  }

  /**
   * The backing of a pump launch. A coin known to be on another path is not asked (the site would
   * refuse it): null with the reason. When the token read failed the path is unknown, so the site
   * is asked and its refusal becomes that reason too.
   */
  private async backing(
    parts: ReportParts,
    mint: string,
    detail: LaunchpadTokenDetail | null,
  ): Promise<{ backing: LaunchpadBacking | null; reason: string | null }> {
    if (parts.unknown) return { backing: null, reason: null };
    if (detail && detail.token.launchpad !== 'pump') {
      return { backing: null, reason: `Backing is locked behind pump launches only; this coin launched on ${detail.token.launchpad}.` };
    }
    let reason: string | null = null;
    const backing = await parts.fromSite({ part: 'launchpad backing', affects: 'backing' }, async () => {
      try {
        return await this.launchpad.backing(mint);
      } catch (error) {
        if (!(error instanceof LaunchpadRefusedError)) throw error;
        reason = error.reason;
        return null;
      }
    });
    return { backing, reason };
  }
}
