import type { LaunchMode, LaunchPath, LaunchpadQuote, LaunchpadToken, LaunchRecord } from '@scout/upstream';

/*
 * The launchpad's coins and launch records as the tools answer them: the site's fields under the
 * same names, every optional one null (never 0, never absent), so rows compare across tools.
 */

export interface QuoteRow {
  mint: string;
  symbol: string | null;
  name: string | null;
  /** e.g. xstock, stablecoin. */
  category: string | null;
  categoryLabel: string | null;
  logoUrl: string | null;
}

export interface MarketRow {
  priceUsd: number | null;
  marketCapUsd: number | null;
  fdvUsd: number | null;
  volume24hUsd: number | null;
  liquidityUsd: number | null;
  /** Percent (the site's name, kept). */
  priceChange24h: number | null;
  peakMarketCapUsd: number | null;
}

export interface CoinRow {
  mint: string;
  pool: string | null;
  name: string | null;
  symbol: string | null;
  quote: QuoteRow;
  creator: string | null;
  launchpad: LaunchPath;
  mode: LaunchMode;
  quoteOnlyFees: boolean | null;
  /** Reward mode: the Token-2022 transfer tax paid to holders, in basis points; null in standard mode. */
  transferFee: { bps: number } | null;
  flywheel: { active: boolean } | null;
  imageUrl: string | null;
  metadataUri: string | null;
  /** The coin's links (site, socials) by name, as the site lists them (URLs; other values left out); null when it lists none. */
  links: { [name: string]: string } | null;
  market: MarketRow;
  /** e.g. bonding, graduated. */
  status: string;
  /** 0..1 of the way to graduation; null when the site does not say. */
  graduationProgress: number | null;
  graduatedAt: string | null;
  createdAt: string;
}

export interface LaunchRow {
  mint: string;
  pool: string | null;
  name: string | null;
  symbol: string | null;
  creator: string | null;
  quote: QuoteRow;
  launchpad: LaunchPath;
  mode: LaunchMode;
  transferFee: { bps: number } | null;
  startMarketCapUsd: number | null;
  targetMarketCapUsd: number | null;
  createdAt: string;
}

export function quoteRow(q: LaunchpadQuote): QuoteRow {
  return { mint: q.mint, symbol: q.symbol, name: q.name, category: q.category, categoryLabel: q.categoryLabel, logoUrl: q.logoUrl };
}

export function coinRow(t: LaunchpadToken): CoinRow {
  const m = t.market;
  return {
    mint: t.mint,
    pool: t.pool,
    name: t.name,
    symbol: t.symbol,
    quote: quoteRow(t.quote),
    creator: t.creator,
    launchpad: t.launchpad,
    mode: t.mode,
    quoteOnlyFees: t.quoteOnlyFees ?? null,
    transferFee: t.transferFee ? { bps: t.transferFee.bps } : null,
    flywheel: t.flywheel ? { active: t.flywheel.active } : null,
    imageUrl: t.imageUrl,
    metadataUri: t.metadataUri,
    links: t.links ? Object.fromEntries(Object.entries(t.links).filter((entry): entry is [string, string] => typeof entry[1] === 'string')) : null,
    market: {
      priceUsd: m.priceUsd,
      marketCapUsd: m.marketCapUsd,
      fdvUsd: m.fdvUsd,
      volume24hUsd: m.volume24hUsd,
      liquidityUsd: m.liquidityUsd,
      priceChange24h: m.priceChange24h,
      peakMarketCapUsd: m.peakMarketCapUsd,
    },
    status: t.status,
    graduationProgress: t.graduationProgress ?? null,
    graduatedAt: t.graduatedAt,
    createdAt: t.createdAt,
  };
}

export function launchRow(l: LaunchRecord): LaunchRow {
  return {
    mint: l.mint,
    pool: l.pool,
    name: l.name,
    symbol: l.symbol,
    creator: l.creator,
    quote: quoteRow(l.quote),
    launchpad: l.launchpad,
    mode: l.mode,
    transferFee: l.transferFee ? { bps: l.transferFee.bps } : null,
    startMarketCapUsd: l.startMarketCapUsd,
    targetMarketCapUsd: l.targetMarketCapUsd,
    createdAt: l.createdAt,
  };
}
