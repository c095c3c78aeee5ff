/**
 * The rest of a coin's record and the platform's quotes: pairs, LaunchLab's curve per quote, pump
 * backing, creator fees, airdrops and launch payments (the curve itself is curve.ts).
 */
import { DAY_MS, LAUNCHPAD_DECIMALS, LAUNCHPAD_SUPPLY, type LaunchpadCoin, type LaunchpadQuoteInfo } from '../../market';
import { hashString, round, unit } from '../../prng';
import { iso } from '../../util';
import { launchLabCurve, QUOTE_CURVES } from './curve';
import { tokensOf, type LaunchpadEconomics } from './economics';
import { paymentSignature, wallet } from './ids';
import { quoteView, tokenRef } from './views';
import type { CoinState, LaunchpadWorld } from './world';

const CREATOR_FEE_SHARE = 0.2;
const AIRDROP_KEY = hashString('launchpad:airdrop');
const FEES_KEY = hashString('launchpad:fees');
const SNAPSHOTS = ['holders-snapshot', 'fomo-leaderboard', 'creator-list'];

export function pairsView(world: LaunchpadWorld, f: { category?: string; launchable?: boolean; launchLabReady?: boolean }, t: number) {
  const pairs = world.quotes
    .filter((q) => (f.category === undefined || q.category === f.category) && (f.launchable === undefined || q.launchable === f.launchable))
    .filter((q) => f.launchLabReady === undefined || q.launchLabReady === f.launchLabReady)
    .map((q) => ({ ...quoteView(q), decimals: q.decimals, tokenProgram: q.tokenProgram, launchable: q.launchable, launchLabReady: q.launchLabReady }));
  return { pairs, _generatedAt: iso(t) };
}

export function launchLabPricingView(world: LaunchpadWorld, q: LaunchpadQuoteInfo, t: number) {
  const c = launchLabCurve(q);
  return {
    quoteMint: q.mint,
    quoteSymbol: q.symbol,
    quoteDecimals: q.decimals,
    quotePriceUsd: world.market.tokenPrice(world.token(q.mint), t),
    baseDecimals: LAUNCHPAD_DECIMALS,
    supply: c.supply.toString(),
    totalSellA: c.totalSellA.toString(),
    totalFundRaisingB: c.totalFundRaisingB.toString(),
    virtualA: c.virtualA.toString(),
    virtualB: c.virtualB.toString(),
    constants: {
      globalConfig: wallet('launchlab-global-config', hashString(q.mint)),
      platformConfig: wallet('launchlab-platform-config', 0),
      curveType: 0,
      migrateType: 1,
      shareFeeRate: 0,
      decimals: LAUNCHPAD_DECIMALS,
    },
    _generatedAt: iso(t),
  };
}

/** Quote locked behind a pump launch: the curve's raise so far (all of it once graduated). */
export function backingView(world: LaunchpadWorld, s: CoinState, t: number) {
  const q = s.quote;
  const locked = BigInt(Math.round(QUOTE_CURVES[q.symbol].raise * Math.min(1, s.graduationProgress) * 10 ** q.decimals));
  const qp = world.market.tokenPrice(s.quoteToken, t);
  const tokens = tokensOf(locked, q.decimals);
  return {
    mint: s.coin.mint,
    launchpad: 'pump' as const,
    quote: tokenRef(q.mint, q.symbol, q.decimals),
    lockedRaw: locked.toString(),
    lockedTokens: tokens,
    lockedUsd: qp === null ? null : round(tokens * qp, 2),
    _generatedAt: iso(t),
  };
}

const NO_FEES: Record<string, string> = {
  reward: 'Reward-mode launches route trading fees to holders and the flywheel: the creator has nothing to claim.',
  pump: 'Pump launches pay creator fees through pump itself: nothing to claim on the launchpad.',
  launchlab: 'LaunchLab launches collect creator fees in Raydium LaunchLab: nothing to claim on the launchpad.',
};

/**
 * Creator fees of a standard Raydium launch: CREATOR_FEE_SHARE of the platform fee since the
 * creator's last weekly claim (three in ten creators never claim), half in the coin, half in its quote.
 */
export function feesView(world: LaunchpadWorld, econ: LaunchpadEconomics, s: CoinState, t: number) {
  const c = s.coin;
  const reason = c.mode === 'reward' ? NO_FEES.reward : c.path !== 'raydium' ? NO_FEES[c.path] : null;
  if (reason) return { mint: c.mint, creator: c.creator, claimable: null, reason, _generatedAt: iso(t) };
  const neverClaims = unit(0, FEES_KEY, c.index) < 0.3;
  const since = neverClaims ? c.at : c.at + Math.floor((t - c.at) / (7 * DAY_MS)) * 7 * DAY_MS;
  let cents = 0;
  for (const { d, cents: day } of econ.coinDays(c, t)) if ((d + 1) * DAY_MS > since) cents += day.protocol * CREATOR_FEE_SHARE;
  const usd = Math.round(cents) / 100;
  const qp = world.market.tokenPrice(s.quoteToken, t);
  const baseRaw = s.price ? BigInt(Math.round((usd / 2 / s.price) * 10 ** LAUNCHPAD_DECIMALS)) : 0n;
  const quoteRaw = qp ? BigInt(Math.round((usd / 2 / qp) * 10 ** s.quote.decimals)) : 0n;
  return {
    mint: c.mint,
    creator: c.creator,
    claimable: {
      baseRaw: baseRaw.toString(),
      baseTokens: tokensOf(baseRaw, LAUNCHPAD_DECIMALS),
      quoteRaw: quoteRaw.toString(),
      quoteTokens: tokensOf(quoteRaw, s.quote.decimals),
      valueUsd: usd,
    },
    reason: null,
    _generatedAt: iso(t),
  };
}

export const NO_AIRDROP = 'This token launched without an airdrop.';

export function airdropView(c: LaunchpadCoin, t: number, limit: number) {
  if (!c.airdrop) return { mint: c.mint, airdrop: null, message: NO_AIRDROP, _generatedAt: iso(t) };
  const share = round(1 + unit(0, AIRDROP_KEY, c.index, 0) * 4, 2);
  const walletCount = 40 + Math.floor(unit(0, AIRDROP_KEY, c.index, 1) * 400);
  const each = (share / 100) * (LAUNCHPAD_SUPPLY / walletCount);
  const recipients = Array.from({ length: Math.min(limit, walletCount) }, (_, i) => ({
    wallet: wallet('airdrop', c.index, i),
    amountTokens: Math.round(each * (0.5 + unit(0, AIRDROP_KEY, c.index, 2, i))),
  }));
  return {
    mint: c.mint,
    airdrop: { supplySharePct: share, walletCount, snapshotSource: SNAPSHOTS[c.index % SNAPSHOTS.length], recipients },
    message: null,
    _generatedAt: iso(t),
  };
}

/** A launch payment: processing from payment until the coin goes live, then completed with its mint. */
export function launchStatusView(c: LaunchpadCoin, t: number) {
  const done = t >= c.at;
  return {
    paymentSignature: paymentSignature(c.index),
    status: done ? 'completed' : 'processing',
    mint: done ? c.mint : null,
    updatedAt: iso(done ? c.at : c.paidAt),
  };
}
