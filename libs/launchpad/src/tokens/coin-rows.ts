import type { LaunchMode, LaunchPath, LaunchpadQuote, LaunchpadToken, LaunchRecord } from '@scout/upstream';

/*
 * The launchpad's coins and launch records as the tools answer them: the site's fields under the
 * same names, every optional one null (never 0, never absent), so rows compare across tools.
 */

export interface QuoteRow {
  /** Solana mint of the quote token the coin is paired with (base58). */
  mint: string;
  /** Quote ticker, e.g. SPYX or USDC; null when the site does not say. */
  symbol: string | null;
  /** Quote token name; null when the site does not say. */
  name: string | null;
  /** e.g. xstock, stablecoin. */
  category: string | null;
  /** The category as the site displays it; null when the site does not say. */
  categoryLabel: string | null;
  /** Absolute URL of the quote's logo; null when the site has none. */
  logoUrl: string | null;
}

export interface MarketRow {
  /** Price of one whole coin, USD; null when the site does not say. */
  priceUsd: number | null;
  /** Market cap, USD; null when the site does not say. */
  marketCapUsd: number | null;
  /** Fully diluted valuation, USD; null when the site does not say. */
  fdvUsd: number | null;
  /** Trading volume over the last 24h, USD; null when the site does not say. */
  volume24hUsd: number | null;
  /** Pool liquidity, USD; null when the site does not say (unknown, not zero). */
  liquidityUsd: number | null;
  /** Price change over 24 hours, in percent points (-7.87 is -7.87 %; the site's name, kept); null when the site does not say. */
  priceChange24h: number | null;
  /** Highest market cap the site has seen, USD; null when the site does not say. */
  peakMarketCapUsd: number | null;
}

export interface CoinRow {
  /** Solana mint of the coin (base58). */
  mint: string;
  /** The coin's pool address; null when the site does not say. */
  pool: string | null;
  /** Coin name; null when the site does not say. */
  name: string | null;
  /** Coin ticker; null when the site does not say. */
  symbol: string | null;
  /** The quote token the coin is paired with. */
  quote: QuoteRow;
  /** Wallet that created the coin; null when the site names no creator. */
  creator: string | null;
  /** Launch path: raydium (pool), launchlab (Raydium LaunchLab curve) or pump (pump's curve). */
  launchpad: LaunchPath;
  /** Fee model: standard, or reward (a transfer tax paid to holders, buyback and burn). */
  mode: LaunchMode;
  /**
   * The site's quoteOnlyFees flag, passed on as given; null when the site does not say. The site
   * does not document it: by its name, true when the pool collects its trading fees in the quote
   * token only.
   */
  quoteOnlyFees: boolean | null;
  /** Reward mode: the Token-2022 transfer tax paid to holders, in basis points; null in standard mode. */
  transferFee: {
    /** The tax on each transfer, in basis points (100 is 1 %). */
    bps: number;
  } | null;
  /** Reward mode: whether the buyback-and-burn flywheel is active; null when the site does not say. */
  flywheel: {
    /** True while the flywheel buys the coin back and burns it. */
    active: boolean;
  } | null;
  /** URL of the coin's image; null when the site has none. */
  imageUrl: string | null;
  /** URI of the coin's token metadata; null when the site has none. */
  metadataUri: string | null;
  /** The coin's links (site, socials) by name, as the site lists them (URLs; other values left out); null when it lists none. */
  links: { [name: string]: string } | null;
  /** Live market data, every figure null when the site leaves it out (never 0). */
  market: MarketRow;
  /** e.g. bonding, graduated. */
  status: string;
  /** 0..1 of the way to graduation; null when the site does not say. */
  graduationProgress: number | null;
  /** When the coin graduated to a pool, ISO 8601 UTC; null while still bonding. */
  graduatedAt: string | null;
  /** When the coin was created, ISO 8601 UTC. */
  createdAt: string;
}

export interface LaunchRow {
  /** Solana mint of the launched coin (base58). */
  mint: string;
  /** The coin's pool address; null when the site does not say. */
  pool: string | null;
  /** Coin name; null when the site does not say. */
  name: string | null;
  /** Coin ticker; null when the site does not say. */
  symbol: string | null;
  /** Wallet that launched the coin; null when the site does not say. */
  creator: string | null;
  /** The quote token the coin was launched against. */
  quote: QuoteRow;
  /** Launch path: raydium (pool), launchlab (Raydium LaunchLab curve) or pump (pump's curve). */
  launchpad: LaunchPath;
  /** Fee model: standard, or reward (a transfer tax paid to holders, buyback and burn). */
  mode: LaunchMode;
  /** Reward mode: the Token-2022 transfer tax paid to holders, in basis points; null in standard mode. */
  transferFee: {
    /** The tax on each transfer, in basis points (100 is 1 %). */
    bps: number;
  } | null;
  /** Market cap the coin launched at, USD; null when the site does not say. */
  startMarketCapUsd: number | null;
  /** Market cap at which it graduates, USD; null when the site does not say. */
  targetMarketCapUsd: number | null;
  /** When the coin was launched, ISO 8601 UTC. */
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
