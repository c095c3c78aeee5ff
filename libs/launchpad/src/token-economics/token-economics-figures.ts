import type { LaunchMode, LaunchpadAirdrop, LaunchpadBacking, LaunchpadBurns, LaunchpadFees, LaunchpadTokenRewards } from '@scout/upstream';
import { sharePct, sumKnown, sumRaw, tokenAmount, type TokenAmount } from '../token-amount';
import type { QuoteTokenRef } from '../quote-token';

/*
 * The figures of the per-coin launchpad tools, from the site's answers. Raw u64 amounts are the
 * truth and become whole tokens through BigInt; a figure the site left out stays null.
 */

export interface BurnTotals {
  /** Ticker of the burned coin; null when the site does not say. */
  symbol: string | null;
  /** Everything burned, raw token amount as a decimal string. */
  amountRaw: string;
  /** Everything burned, in whole tokens. */
  amountTokens: number;
  /** USD value of all burns at burn time; null when the site does not say (unknown, not zero). */
  valueUsdAtBurn: number | null;
  /** Number of burns. */
  burnCount: number;
  /** Time of the newest burn, ISO 8601 UTC; null when nothing burned or the site does not say. */
  lastBurnAt: string | null;
  /** USD per token paid at burn on average: valueUsdAtBurn / amountTokens; null when either is missing or nothing burned. */
  avgPriceUsdAtBurn: number | null;
}

export interface BurnRow {
  /** The burn's transaction signature (base58). */
  signature: string;
  /** Tokens burned, whole tokens. */
  amountTokens: number;
  /** USD value at burn time; null when the site does not say. */
  valueUsdAtBurn: number | null;
  /** What burned them, e.g. flywheel (buyback and burn). */
  source: string;
  /** When they were burned, ISO 8601 UTC. */
  burnedAt: string;
}

/** What the listed burns add up to, and whether they are all of them (then they equal the totals). */
export interface ListedBurns {
  /** Number of burns listed. */
  count: number;
  /** Tokens the listed burns burned, whole tokens. */
  amountTokens: number;
  /** Null when a listed burn has no USD value. */
  valueUsdAtBurn: number | null;
  /** True when the list holds every burn (its count is the totals' burnCount). */
  complete: boolean;
}

export function burnTotals(totals: LaunchpadBurns['totals']): BurnTotals {
  const { symbol, amountRaw, amountTokens, valueUsdAtBurn, burnCount, lastBurnAt } = totals;
  const avgPriceUsdAtBurn = valueUsdAtBurn === null || amountTokens === 0 ? null : valueUsdAtBurn / amountTokens;
  return { symbol, amountRaw, amountTokens, valueUsdAtBurn, burnCount, lastBurnAt, avgPriceUsdAtBurn };
}

export function burnRows(burns: LaunchpadBurns['burns']): BurnRow[] {
  return burns.map(({ signature, amountTokens, valueUsdAtBurn, source, burnedAt }) => ({ signature, amountTokens, valueUsdAtBurn, source, burnedAt }));
}

export function listedBurns(rows: readonly BurnRow[], burnCount: number): ListedBurns {
  return {
    count: rows.length,
    amountTokens: rows.reduce((sum, r) => sum + r.amountTokens, 0),
    valueUsdAtBurn: sumKnown(rows.map((r) => r.valueUsdAtBurn)),
    complete: rows.length === burnCount,
  };
}

/** A reward coin's payouts, in the token holders are paid in, from the site's raw amounts. */
export interface RewardFigures {
  /** Paid out to holders so far (raw and whole tokens of the quote). */
  distributed: TokenAmount;
  /** Collected from the transfer tax, not yet paid out. */
  undistributed: TokenAmount;
  /** Queued for the next payout (raw and whole tokens of the quote). */
  queued: TokenAmount;
  /** In payouts being sent now (raw and whole tokens of the quote). */
  inFlight: TokenAmount;
  /**
   * The amount the site reports as stranded (its strandedRaw), raw and in whole tokens of the quote.
   * The site does not document what makes an amount stranded; it is passed on as given and is not
   * part of accrued.
   */
  stranded: TokenAmount;
  /** distributed + undistributed: everything the tax has collected so far. */
  accrued: TokenAmount;
  /** distributed / accrued, percent; null when nothing has accrued. */
  distributedPct: number | null;
  /** Number of payouts made. */
  payoutCount: number;
  /** Holders the rewards are paid to. */
  holderCount: number;
  /** Time of the newest payout, ISO 8601 UTC; null when none yet or the site does not say. */
  lastPayoutAt: string | null;
}

export interface PayoutRow {
  /** The payout's transaction signature (base58). */
  signature: string;
  /** Paid in this payout (raw and whole tokens of the quote). */
  amount: TokenAmount;
  /** Holders paid in this payout. */
  holderCount: number;
  /** When it was paid, ISO 8601 UTC. */
  paidAt: string;
}

/** Null in standard mode (the site's rewards null): a standard coin pays holders nothing. */
export function rewardFigures(rewards: LaunchpadTokenRewards['rewards'], decimals: number): RewardFigures | null {
  if (rewards === null) return null;
  const distributed = tokenAmount(rewards.distributedRaw, decimals);
  const accrued = tokenAmount(sumRaw([rewards.distributedRaw, rewards.undistributedRaw]), decimals);
  return {
    distributed,
    undistributed: tokenAmount(rewards.undistributedRaw, decimals),
    queued: tokenAmount(rewards.queuedRaw, decimals),
    inFlight: tokenAmount(rewards.inFlightRaw, decimals),
    stranded: tokenAmount(rewards.strandedRaw, decimals),
    accrued,
    distributedPct: sharePct(distributed.tokens, accrued.tokens),
    payoutCount: rewards.payoutCount,
    holderCount: rewards.holderCount,
    lastPayoutAt: rewards.lastPayoutAt,
  };
}

export function payoutRows(payouts: LaunchpadTokenRewards['payouts'], decimals: number): PayoutRow[] {
  return payouts.map((p) => ({ signature: p.signature, amount: tokenAmount(p.amountRaw, decimals), holderCount: p.holderCount, paidAt: p.paidAt }));
}

export interface AirdropFigures {
  /** Percent of supply carved out for the airdrop. */
  supplySharePct: number;
  /** Wallets that received the airdrop. */
  walletCount: number;
  /** Where the recipient snapshot came from; null when the site does not say. */
  snapshotSource: string | null;
  /** The first `limit` recipients the site listed. */
  recipients: {
    /** The recipient's wallet address (base58). */
    wallet: string;
    /** Tokens of the coin it received, in whole tokens. */
    amountTokens: number;
  }[];
  /** Whether every recipient is listed. */
  recipientsComplete: boolean;
  /** Tokens the listed recipients received. */
  listedTokens: number;
}

/** Null when the coin launched without an airdrop. */
export function airdropFigures(airdrop: LaunchpadAirdrop['airdrop'], limit: number): AirdropFigures | null {
  if (airdrop === null) return null;
  const recipients = airdrop.recipients.slice(0, limit);
  return {
    supplySharePct: airdrop.supplySharePct,
    walletCount: airdrop.walletCount,
    snapshotSource: airdrop.snapshotSource,
    recipients,
    recipientsComplete: recipients.length === airdrop.walletCount,
    listedTokens: recipients.reduce((sum, r) => sum + r.amountTokens, 0),
  };
}

export interface ClaimableFees {
  /** Claimable in the coin itself. */
  base: TokenAmount;
  /** Claimable in the quote token. */
  quote: TokenAmount;
  /** USD value of both claimable amounts; null when the site does not say. */
  valueUsd: number | null;
}

/** The site states whole tokens beside the raw amounts of fees (no decimals): both are passed on. */
export function claimableFees(claimable: LaunchpadFees['claimable']): ClaimableFees | null {
  if (claimable === null) return null;
  return {
    base: { raw: claimable.baseRaw, tokens: claimable.baseTokens },
    quote: { raw: claimable.quoteRaw, tokens: claimable.quoteTokens },
    valueUsd: claimable.valueUsd,
  };
}

export interface BackingFigures {
  /** The quote token locked: mint, symbol (null when the site does not say) and decimals. */
  quote: QuoteTokenRef;
  /** Quote tokens locked for good behind the coin. */
  locked: TokenAmount;
  /** USD value of the locked quote tokens; null when the site does not say. */
  lockedUsd: number | null;
  /** The coin's market cap now, from its listing; null when that read failed or the site has none. */
  marketCapUsd: number | null;
  /** lockedUsd / marketCapUsd, percent: how much of the market cap is backed by locked value. */
  backedPctOfMarketCap: number | null;
}

export function backingFigures(backing: LaunchpadBacking, marketCapUsd: number | null): BackingFigures {
  return {
    quote: backing.quote,
    locked: tokenAmount(backing.lockedRaw, backing.quote.decimals),
    lockedUsd: backing.lockedUsd,
    marketCapUsd,
    backedPctOfMarketCap: sharePct(backing.lockedUsd, marketCapUsd),
  };
}

/** How a coin launched, in words, for refusals that name the path. */
export function launchPathLabel(launchpad: string): string {
  switch (launchpad) {
    case 'raydium':
      return 'a Raydium pool';
    case 'launchlab':
      return "Raydium LaunchLab's bonding curve";
    case 'pump':
      return "pump's curve";
    default:
      return launchpad;
  }
}

/*
 * A coin's parts as its single tools answer them without the mint (launchpad_token_burns, _rewards,
 * _airdrop, _fees, _backing): launchpad_token_report carries the same parts, so each is declared once.
 */

/** A coin's burns: every burn added up, the newest burns listed, and what the listed ones add up to. */
export interface TokenBurnsPart {
  /** Every burn of the coin added up: raw and whole tokens, USD at burn, count, last burn. */
  totals: BurnTotals;
  /** What the listed (newest) burns add up to; with `complete` they are every burn and equal the totals. */
  listed: ListedBurns;
  /** The newest burns, up to `limit`, newest first. */
  burns: BurnRow[];
}

/** What a coin pays its holders from its transfer tax (reward mode). */
export interface TokenRewardsPart {
  /** Fee model: standard (no rewards), or reward (a transfer tax paid to holders). */
  mode: LaunchMode;
  /** The token holders are paid in (the coin's quote); every amount below is in it. */
  quote: QuoteTokenRef;
  /** The coin itself (mint, symbol, decimals); null when the site does not say. */
  base: QuoteTokenRef | null;
  /** Null in standard mode: no transfer tax, no holder rewards. */
  rewards: RewardFigures | null;
  /** The newest payouts, up to `limit`. */
  payouts: PayoutRow[];
}

/** The airdrop a coin launched with, if any. */
export interface TokenAirdropPart {
  /** Null when the coin launched without an airdrop (most do). */
  airdrop: AirdropFigures | null;
  /** The site's words, e.g. why there is none; null when it gives none. */
  message: string | null;
}

/** The trading fees a coin's creator can claim. */
export interface TokenFeesPart {
  /** Wallet that can claim the fees; null when the site names no creator. */
  creator: string | null;
  /** Trading fees the creator can claim now; null, with a reason, for reward coins and pump or LaunchLab launches. */
  claimable: ClaimableFees | null;
  /** The site's reason when claimable is null; else null. */
  reason: string | null;
}

/** The USD locked for good behind a pump launch. */
export interface TokenBackingPart extends BackingFigures {
  /** Launch path; always pump (only pump launches have backing). */
  launchpad: 'pump';
}
