/**
 * The listing answers: `GET /deployer/{wallet}` (every coin a wallet launched) and `GET /search`
 * (coins by launch window, market cap, liquidity, volume, holders, text, deployer, market,
 * status), one row per coin in Solana Tracker's list shape, with the same figures `/tokens/{mint}`
 * shows at that instant. A coin without a price (no pool) is never a search result.
 */
import { DAY_MS, FIXTURES } from '../../market';
import { coinFacts, type Ctx } from './token-view';
import type { Launch } from './launches';

/** How far back a search without `minCreatedAt` looks among the coins the market does not trade. */
export const SEARCH_DAYS = 400;
export const SEARCH_MAX_LIMIT = 500;
export const DEPLOYER_MAX_LIMIT = 500;

const SORTS = ['createdAt', 'marketCapUsd', 'liquidityUsd', 'volume_24h', 'holders'] as const;
export type SearchSort = (typeof SORTS)[number];

export function isSearchSort(v: string): v is SearchSort {
  return (SORTS as readonly string[]).includes(v);
}

/** One coin in a list, at t. */
export function coinRow(ctx: Ctx, l: Launch, t: number) {
  const f = coinFacts(ctx, l, t);
  const tk = l.token;
  return {
    name: l.name,
    symbol: l.symbol,
    mint: l.mint,
    image: tk?.logo ?? `https://static.sandbox.example/launches/${l.mint}.png`,
    decimals: l.decimals,
    hasSocials: tk ? tk.twitter !== null || tk.website !== null || tk.telegram !== null : false,
    poolAddress: f.poolId,
    liquidityUsd: f.liquidity,
    marketCapUsd: f.mcap,
    priceUsd: f.price,
    lpBurn: f.lpBurn,
    market: f.market,
    freezeAuthority: f.freezeAuthority,
    mintAuthority: f.mintAuthority,
    createdAt: l.createdAt,
    lastUpdated: t,
    buys: f.buys,
    sells: f.sells,
    totalTransactions: f.buys + f.sells,
    // Kept beside the row for search filters and sorts.
    facts: f,
  };
}

export function deployerAnswer(ctx: Ctx, wallet: string, page: number, limit: number, t: number) {
  const all = ctx.catalog.byDeployer(wallet, t);
  const tokens = all.slice((page - 1) * limit, page * limit).map((l) => {
    const { facts: _facts, ...row } = coinRow(ctx, l, t);
    return row;
  });
  return { total: all.length, tokens };
}

export interface SearchQuery {
  text: string | null;
  minCreatedAt: number | null;
  maxCreatedAt: number | null;
  ranges: Partial<Record<'MarketCap' | 'Liquidity' | 'Volume' | 'Holders', { min: number | null; max: number | null }>>;
  deployer: string | null;
  markets: string[];
  status: string | null;
  sortBy: SearchSort;
  sortOrder: 'asc' | 'desc';
  page: number;
  limit: number;
}

export function searchAnswer(ctx: Ctx, q: SearchQuery, t: number) {
  const from = q.minCreatedAt ?? t - SEARCH_DAYS * DAY_MS;
  const to = q.maxCreatedAt ?? t;
  const candidates = ctx.catalog.inRange(from, to, t);
  if (q.minCreatedAt === null) {
    // Market coins are known whatever their age.
    for (const token of ctx.market.solanaTokens()) {
      const l = ctx.catalog.ofToken(token);
      if (l.createdAt < from && l.createdAt <= to) candidates.push(l);
    }
  }
  const text = q.text?.toLowerCase() ?? null;
  const rows: SearchRow[] = [];
  for (const l of candidates) {
    if (text !== null && l.mint !== q.text && !l.name.toLowerCase().includes(text) && !l.symbol.toLowerCase().includes(text)) continue;
    if (q.deployer !== null && l.deployer !== q.deployer) continue;
    const row = searchRow(ctx, l, t);
    if (!row) continue;
    if (q.markets.length && !q.markets.includes(row.market)) continue;
    if (q.status !== null && q.status !== row.status) continue;
    const values = { MarketCap: row.marketCapUsd, Liquidity: row.liquidityUsd, Volume: row.volume_24h, Holders: row.holders };
    const inRanges = Object.entries(q.ranges).every(([k, r]) => {
      const v = values[k as keyof typeof values];
      return (r.min === null || v >= r.min) && (r.max === null || v <= r.max);
    });
    if (inRanges) rows.push(row);
  }
  const key = (r: SearchRow): number =>
    q.sortBy === 'createdAt'
      ? r.createdAt
      : q.sortBy === 'marketCapUsd'
        ? r.marketCapUsd
        : q.sortBy === 'liquidityUsd'
          ? r.liquidityUsd
          : q.sortBy === 'volume_24h'
            ? r.volume_24h
            : r.holders;
  const sign = q.sortOrder === 'asc' ? 1 : -1;
  rows.sort((a, b) => sign * (key(a) - key(b)) || (a.mint < b.mint ? -1 : 1));
  const data = rows.slice((q.page - 1) * q.limit, q.page * q.limit);
  return { status: 'success', data, total: rows.length, pages: Math.max(1, Math.ceil(rows.length / q.limit)), page: q.page };
}

type SearchRow = NonNullable<ReturnType<typeof searchRow>>;

/** A coin as a search result at t; null for a coin without a price. */
function searchRow(ctx: Ctx, l: Launch, t: number) {
  const { facts: f, ...rest } = coinRow(ctx, l, t);
  if (f.price === null || f.mcap === null) return null;
  return {
    id: l.mint,
    ...rest,
    marketCapUsd: f.mcap,
    priceUsd: f.price,
    quoteToken: FIXTURES.solMint,
    deployer: l.deployer,
    status: f.market === 'pumpfun' ? 'default' : 'graduated',
    holders: f.holders,
    volume: f.volume24h,
    volume_24h: f.volume24h,
    top10: f.top10,
    jupiter: l.token !== null,
    verified: f.verified,
    ...(l.deployer ? { tokenDetails: { creator: l.deployer, time: l.createdAt } } : {}),
  };
}
