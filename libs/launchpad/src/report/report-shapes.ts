import type { LaunchpadAirdrop, LaunchpadBacking, LaunchpadBurns, LaunchpadFees, LaunchpadTokenDetail, LaunchpadTokenRewards } from '@scout/upstream';
import { coinRow, launchRow, type CoinRow, type LaunchRow, type MarketRow } from '../tokens/coin-rows';
import {
  airdropFigures,
  backingFigures,
  burnRows,
  burnTotals,
  claimableFees,
  listedBurns,
  payoutRows,
  rewardFigures,
  type TokenAirdropPart,
  type TokenBackingPart,
  type TokenBurnsPart,
  type TokenFeesPart,
  type TokenRewardsPart,
} from '../token-economics/token-economics-figures';
import { claimableShareOfVolumePct, peakSharePct } from './report-figures';

/*
 * The report's parts in the shapes the single tools answer (launchpad_token, launchpad_token_burns,
 * _rewards, _airdrop, _fees, _backing at the report's row limit), through the same figures, so a
 * part of the report equals that tool's data without its mint.
 */

export interface ReportPartsData {
  /** The listing (launchpad_token's `token` without its market); null when the token read failed. */
  token: Omit<CoinRow, 'market'> | null;
  /** The launch record; null for a coin the site did not launch, or when the token read failed. */
  launch: LaunchRow | null;
  /** Live market figures, plus the market cap as a percent of its peak. */
  market:
    | (MarketRow & {
        /** Market cap now as a percent of the peak market cap (100 is at its peak); null when either is unknown. */
        peakSharePct: number | null;
      })
    | null;
  /** As launchpad_token_burns answers (totals, listed, newest burns); null when that read failed. */
  burns: TokenBurnsPart | null;
  /** As launchpad_token_rewards answers; `rewards` null in standard mode; null when that read failed. */
  rewards: TokenRewardsPart | null;
  /** As launchpad_token_airdrop answers; `airdrop` null with the site's message when the coin launched without one; null when that read failed. */
  airdrop: TokenAirdropPart | null;
  /** Claimable creator fees (null with the site's reason for reward, pump and LaunchLab launches), and their share of 24h volume. */
  fees:
    | (TokenFeesPart & {
        /** Claimable fees' USD value as a percent of the coin's 24h volume; null when either is unknown or the volume is zero. */
        claimableShareOfVolumePct: number | null;
      })
    | null;
  /** USD locked behind a pump launch; null for other paths (see backingReason) or when the read failed (see notes). */
  backing: TokenBackingPart | null;
}

export interface SiteParts {
  detail: LaunchpadTokenDetail | null;
  burns: LaunchpadBurns | null;
  rewards: LaunchpadTokenRewards | null;
  airdrop: LaunchpadAirdrop | null;
  fees: LaunchpadFees | null;
  backing: LaunchpadBacking | null;
}

/** The site's answers shaped as the single tools shape them, `rows` of each list. */
export function reportParts(site: SiteParts, rows: number): ReportPartsData {
  const coin = site.detail ? coinRow(site.detail.token) : null;
  const market = coin ? { ...coin.market, peakSharePct: peakSharePct(coin.market) } : null;
  const burns = site.burns ? burnRows(site.burns.burns.slice(0, rows)) : null;
  const rewards = site.rewards;
  const fees = site.fees;
  return {
    token: coin ? withoutMarket(coin) : null,
    launch: site.detail?.token.launch ? launchRow(site.detail.token.launch) : null,
    market,
    burns: site.burns && burns ? { totals: burnTotals(site.burns.totals), listed: listedBurns(burns, site.burns.totals.burnCount), burns } : null,
    rewards: rewards
      ? {
          mode: rewards.mode,
          quote: rewards.quote,
          base: rewards.base,
          rewards: rewardFigures(rewards.rewards, rewards.quote.decimals),
          payouts: payoutRows(rewards.payouts.slice(0, rows), rewards.quote.decimals),
        }
      : null,
    airdrop: site.airdrop ? { airdrop: airdropFigures(site.airdrop.airdrop, rows), message: site.airdrop.message } : null,
    fees: fees
      ? {
          creator: fees.creator,
          claimable: claimableFees(fees.claimable),
          reason: fees.reason,
          claimableShareOfVolumePct: claimableShareOfVolumePct(fees.claimable?.valueUsd ?? null, market?.volume24hUsd ?? null),
        }
      : null,
    backing: site.backing ? { launchpad: site.backing.launchpad, ...backingFigures(site.backing, market?.marketCapUsd ?? null) } : null,
  };
}

function withoutMarket(coin: CoinRow): Omit<CoinRow, 'market'> {
  const { market: _market, ...rest } = coin;
  return rest;
}
