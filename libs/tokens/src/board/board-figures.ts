import { chainFromFomo, type Chain, type FomoTokenBoard, type FomoTokenBoardName } from '@scout/upstream';
import type { TokenMarket } from '../tokens.ports';
import { round } from '../token-ref';

type ProviderRow = FomoTokenBoard['tokens'][number];

export type MarketCapBasis = 'circulating' | 'fully_diluted';

/** One row of a token board (spec "Token board item"), its prices from live market data where there is any. */
export interface BoardItem {
  /** Position on the provider's board, 1 first. */
  rank: number;
  /** The token's name and symbol (null when the provider does not say) and address. */
  token: {
    /** The token's name; null when the provider does not say. */
    name: string | null;
    /** The token's ticker symbol; null when the provider does not say. */
    symbol: string | null;
    /** The token's contract address (mint on Solana). */
    address: string;
  };
  /** Holders as the provider counts them; null on the most-held board, which does not say. */
  holders: number | null;
  /** The provider's network name; null when it does not say. */
  network: string | null;
  /** Scout's chain for the token; null when the provider's network is not one Scout knows. */
  chain: Chain | null;
  /** Price in USD, live market data else the provider's; null when neither has one. */
  priceUsd: number | null;
  /** Price change over 24 h, in percent points (5 is +5 %); live when live-priced, else the provider's; null when unknown. */
  change24h: number | null;
  /** Market cap in USD (live circulating, else live FDV, else the provider's); null when none is known. */
  marketCapUsd: number | null;
  /** circulating or fully_diluted; null when there is no market cap. */
  marketCapBasis: MarketCapBasis | null;
  /** Where the market cap came from: the market data source, or the provider's own figure. */
  marketCapSource: string | null;
  /** Where priceUsd came from. */
  priceSource: string | null;
  /** Fully diluted value in USD from live market data; null without it. */
  fdvUsd: number | null;
  /** Liquidity in USD from live market data; null without it. */
  liquidityUsd: number | null;
  /** USD traded over 24 h, live else the provider's; null when neither says. */
  volume24hUsd: number | null;
  /** Tracked traders who bought it in the last day, per the provider. */
  trackedBuyers: number | null;
}

/**
 * The provider's row with live market data laid over it. Price, change and volume come from the
 * market source when it priced the token. The market cap is the source's circulating figure, else
 * its fully diluted one; without either, the provider's own market cap is rescaled to the live
 * price (supply does not move with price), and without a live price it is the provider's as is.
 */
export function boardItem(row: ProviderRow, board: FomoTokenBoardName, market: TokenMarket | null, marketSource: string): BoardItem {
  const livePrice = market?.priceUsd ?? null;
  const cap = marketCap(row, market, marketSource);
  return {
    rank: row.rank,
    token: { name: row.token.name, symbol: row.token.symbol, address: row.token.address },
    holders: board === 'most-held' ? null : row.holders,
    network: row.network,
    chain: chainFromFomo(row.network, row.token.networkId),
    priceUsd: livePrice ?? row.priceUsd,
    change24h: round(livePrice !== null ? (market?.change24hPct ?? row.change24h) : row.change24h),
    marketCapUsd: cap.value,
    marketCapBasis: cap.basis,
    marketCapSource: cap.source,
    priceSource: livePrice !== null ? marketSource : row.priceUsd !== null ? 'fomo' : null,
    fdvUsd: round(market?.fdvUsd ?? null),
    liquidityUsd: round(market?.liquidityUsd ?? null),
    volume24hUsd: round(market?.volume24hUsd ?? row.volume24hUsd),
    trackedBuyers: row.fomoBuyers,
  };
}

function marketCap(
  row: ProviderRow,
  market: TokenMarket | null,
  marketSource: string,
): { value: number | null; basis: MarketCapBasis | null; source: string | null } {
  if (market?.marketCapUsd != null) return { value: round(market.marketCapUsd), basis: 'circulating', source: marketSource };
  if (market?.fdvUsd != null) return { value: round(market.fdvUsd), basis: 'fully_diluted', source: marketSource };
  if (row.marketCapUsd === null) return { value: null, basis: null, source: null };
  const live = market?.priceUsd ?? null;
  if (live !== null && row.priceUsd !== null && row.priceUsd > 0) {
    return { value: round((row.marketCapUsd * live) / row.priceUsd), basis: 'circulating', source: `fomo, rescaled to the ${marketSource} price` };
  }
  return { value: round(row.marketCapUsd), basis: 'circulating', source: 'fomo' };
}
