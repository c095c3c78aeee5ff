/** One coin as the site answers it: its listing, launch record, burns and rewards. */
import { LAUNCHPAD_DECIMALS, type LaunchpadCoin, type LaunchpadQuoteInfo } from '../../market';
import { iso } from '../../util';
import { burnSignature, payoutSignature, tokensOf, type LaunchpadEconomics } from './economics';
import type { CoinState, LaunchpadWorld } from './world';

export function quoteView(q: LaunchpadQuoteInfo) {
  return {
    mint: q.mint,
    symbol: q.symbol,
    name: q.name,
    logoUrl: `/api/asset/quote-logo/${q.mint}?v=1`,
    category: q.category,
    categoryLabel: q.categoryLabel,
  };
}

export function tokenRef(mint: string, symbol: string, decimals: number) {
  return { mint, symbol, decimals };
}

/** A row of `/api/tokens`. */
export function tokenView(s: CoinState) {
  const c = s.coin;
  return {
    mint: c.mint,
    pool: s.token.ammKey,
    name: c.name,
    symbol: c.symbol,
    quote: quoteView(s.quote),
    creator: c.creator,
    launchpad: c.path,
    mode: c.mode,
    quoteOnlyFees: c.mode === 'reward',
    transferFee: c.transferFeeBps === null ? null : { bps: c.transferFeeBps },
    flywheel: { active: c.flywheel },
    imageUrl: `/api/asset/token-image/${c.mint}`,
    metadataUri: `https://metadata.sandbox.example/launchpad/${c.mint}.json`,
    links: { twitter: `https://x.com/${c.symbol.toLowerCase()}` },
    market: {
      priceUsd: s.price,
      marketCapUsd: s.marketCap,
      fdvUsd: s.fdv,
      volume24hUsd: s.volume24h,
      liquidityUsd: s.liquidity,
      priceChange24h: s.change24h,
      peakMarketCapUsd: s.peakMarketCap,
    },
    status: s.status,
    graduationProgress: s.graduationProgress,
    graduatedAt: s.graduatedAt === null ? null : iso(s.graduatedAt),
    createdAt: iso(c.at),
  };
}

/** A coin's launch record (`/api/launches`, and `launch` of `/api/tokens/{mint}`). */
export function launchView(world: LaunchpadWorld, c: LaunchpadCoin) {
  const tk = world.token(c.mint);
  const start = world.marketCapAt(c, c.at);
  return {
    mint: c.mint,
    pool: tk.ammKey,
    name: c.name,
    symbol: c.symbol,
    creator: c.creator,
    quote: quoteView(world.quote(c.quoteMint)!),
    launchpad: c.path,
    mode: c.mode,
    transferFee: c.transferFeeBps === null ? null : { bps: c.transferFeeBps },
    startMarketCapUsd: start === null ? null : Math.round(start * 100) / 100,
    targetMarketCapUsd: world.graduationThreshold(c),
    createdAt: iso(c.at),
  };
}

export function burnsView(econ: LaunchpadEconomics, s: CoinState, t: number, limit: number) {
  const burns = econ.burns(s.coin, t);
  let raw = 0n;
  let cents = 0;
  for (const b of burns) {
    raw += b.raw;
    cents += b.cents;
  }
  const last = burns[burns.length - 1];
  return {
    mint: s.coin.mint,
    totals: {
      symbol: s.coin.symbol,
      amountRaw: raw.toString(),
      amountTokens: tokensOf(raw, LAUNCHPAD_DECIMALS),
      valueUsdAtBurn: cents / 100,
      burnCount: burns.length,
      lastBurnAt: last ? iso(last.burnedAt) : null,
    },
    burns: burns
      .slice(-limit)
      .reverse()
      .map((b) => ({
        signature: burnSignature(b),
        symbol: s.coin.symbol,
        amountTokens: tokensOf(b.raw, LAUNCHPAD_DECIMALS),
        valueUsdAtBurn: b.cents / 100,
        source: 'flywheel',
        burnedAt: iso(b.burnedAt),
      })),
    _generatedAt: iso(t),
  };
}

export function rewardsView(world: LaunchpadWorld, econ: LaunchpadEconomics, s: CoinState, t: number, limit: number) {
  const c = s.coin;
  const q = s.quote;
  const quote = tokenRef(q.mint, q.symbol, q.decimals);
  if (c.mode !== 'reward')
    return { mint: c.mint, mode: c.mode, quote, rewards: null, base: tokenRef(c.mint, c.symbol, LAUNCHPAD_DECIMALS), payouts: [], _generatedAt: iso(t) };
  const payouts = econ.payouts(c, t);
  const paid = payouts.reduce((a, p) => a + p.raw, 0n);
  const qp = world.market.tokenPrice(s.quoteToken, t);
  const undistributed = qp ? BigInt(Math.round((econ.undistributedCents(c, t) / 100 / qp) * 10 ** q.decimals)) : 0n;
  const last = payouts[payouts.length - 1];
  return {
    mint: c.mint,
    mode: c.mode,
    quote,
    rewards: {
      distributedRaw: paid.toString(),
      distributedTokens: tokensOf(paid, q.decimals),
      undistributedRaw: undistributed.toString(),
      undistributedTokens: tokensOf(undistributed, q.decimals),
      queuedRaw: '0',
      queuedTokens: 0,
      inFlightRaw: '0',
      inFlightTokens: 0,
      strandedRaw: '0',
      strandedTokens: 0,
      payoutCount: payouts.length,
      holderCount: world.market.holderCount(s.token, t),
      lastPayoutAt: last ? iso(last.paidAt) : null,
    },
    base: tokenRef(c.mint, c.symbol, LAUNCHPAD_DECIMALS),
    payouts: payouts
      .slice(-limit)
      .reverse()
      .map((p) => ({
        signature: payoutSignature(p),
        amountRaw: p.raw.toString(),
        amountTokens: tokensOf(p.raw, q.decimals),
        holderCount: world.market.holderCount(s.token, p.paidAt),
        paidAt: iso(p.paidAt),
      })),
    _generatedAt: iso(t),
  };
}
