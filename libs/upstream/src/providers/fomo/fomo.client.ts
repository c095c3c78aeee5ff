import type { z } from 'zod';
import type { UpstreamCall, UpstreamSource } from '../../upstream.types';
import type { FomoSubject } from './fomo.errors';
import { fomoGet, required, segment } from './fomo-request';
import { walkPages, type FomoWalk, type FomoWalkBounds } from './fomo-pages';
import {
  accountSchema,
  balancesSchema,
  commentsSchema,
  leaderboardSchema,
  positionsPageSchema,
  profileSchema,
  searchSchema,
  socialListSchema,
  spotlightSchema,
  swapsPageSchema,
  thesesPageSchema,
  tradeSchema,
  type FomoAccount,
  type FomoBalances,
  type FomoComment,
  type FomoLeaderboard,
  type FomoPosition,
  type FomoPositionsPage,
  type FomoProfile,
  type FomoSearchResult,
  type FomoSocialList,
  type FomoSpotlight,
  type FomoSwap,
  type FomoSwapsPage,
  type FomoThesesPage,
  type FomoTrade,
  type FomoWindow,
} from './fomo.schemas';

/** How long each kind of answer stays in the response cache (ms). */
export const FOMO_CACHE_TTL_MS = {
  leaderboard: 5 * 60_000,
  profile: 15 * 60_000,
  /** Positions, swaps, balances, comments: they move with every trade. */
  activity: 60_000,
  social: 5 * 60_000,
  spotlight: 5 * 60_000,
  search: 2 * 60_000,
  theses: 5 * 60_000,
  trade: 2 * 60_000,
  tokenStats: 60_000,
  tokenHolders: 2 * 60_000,
  tokenDevs: 5 * 60_000,
  tokenBoard: 5 * 60_000,
  /** The forming candle moves with every trade. */
  candles: 30_000,
  tokenSearch: 2 * 60_000,
  alerts: 15_000,
} as const;

/** FOMO's full board per window: 150 rows, 100 on `all`. A smaller limit costs the same. */
export const FOMO_LEADERBOARD_SIZE: Record<FomoWindow, number> = { '24h': 150, '7d': 150, '30d': 150, all: 100 };

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Whether `ref` is a FOMO user id (a UUID) rather than a handle. */
export function isFomoUserId(ref: string): boolean {
  return UUID.test(ref.trim());
}

/** A handle as FOMO's routes take it: trimmed, without a leading @. */
export function normalizeFomoHandle(handle: string): string {
  return handle.trim().replace(/^@+/, '');
}

/** A walk over positions pages, with the totals FOMO states on the first page read (null when it does not say). */
export interface FomoPositionsWalk extends FomoWalk<FomoPosition> {
  /** Closed positions FOMO counts in all, beyond the pages read. */
  closedTotal: number | null;
  openTotal: number | null;
}

export interface FomoPositionsQuery {
  status?: 'open' | 'closed' | 'all';
  /** Rows per page asked of FOMO (it sends 25 closed rows per page at most). */
  limit?: number;
}

export interface FomoSwapsQuery {
  tokenAddress?: string;
  /** 'relay': the on-chain bridge across every chain, valued then and now. */
  source?: 'relay';
  limit?: number;
}

/**
 * The FOMO data API (api.fomoapi.io) on one data source built with `fomoSourceOptions`: every
 * route the trader tools read. Each method is one upstream call with a stable endpoint label (the
 * route template) and a cache TTL, except the page walks. A 404 on a route about one trader, trade
 * or token becomes FomoNotFoundError; every other failure is the source's UpstreamError.
 */
export class FomoClient {
  constructor(private readonly source: UpstreamSource) {}

  /** GET /v2/me: the key's plan and credits (free, never cached). */
  async me(): Promise<FomoAccount> {
    return this.get({ endpoint: 'fomo:/v2/me', path: '/v2/me' }, accountSchema);
  }

  /** GET /v2/leaderboard/{window}: always the full board; filter locally. */
  async leaderboard(window: FomoWindow): Promise<FomoLeaderboard> {
    return this.get(
      {
        endpoint: 'fomo:/v2/leaderboard/{window}',
        path: `/v2/leaderboard/${segment(window)}`,
        query: { limit: FOMO_LEADERBOARD_SIZE[window] },
        cacheTtlMs: FOMO_CACHE_TTL_MS.leaderboard,
      },
      leaderboardSchema,
    );
  }

  /** GET /v2/users/{handle}: the full profile. */
  async userByHandle(handle: string): Promise<FomoProfile> {
    const clean = required(normalizeFomoHandle(handle), 'handle');
    return this.get({ endpoint: 'fomo:/v2/users/{handle}', path: `/v2/users/${segment(clean)}`, cacheTtlMs: FOMO_CACHE_TTL_MS.profile }, profileSchema, [
      'trader',
      clean,
    ]);
  }

  /** GET /v2/users/id/{userId}: the full profile. */
  async userById(userId: string): Promise<FomoProfile> {
    const id = required(userId, 'user id');
    return this.get({ endpoint: 'fomo:/v2/users/id/{userId}', path: `/v2/users/id/${segment(id)}`, cacheTtlMs: FOMO_CACHE_TTL_MS.profile }, profileSchema, [
      'trader',
      id,
    ]);
  }

  /** GET /v2/users/{userId}/positions: one page; the first page is cursor 'start'. */
  async positionsPage(userId: string, query: FomoPositionsQuery = {}, cursor = 'start'): Promise<FomoPositionsPage> {
    const id = required(userId, 'user id');
    return this.get(
      {
        endpoint: 'fomo:/v2/users/{userId}/positions',
        path: `/v2/users/${segment(id)}/positions`,
        query: { status: query.status, limit: query.limit, cursor },
        cacheTtlMs: FOMO_CACHE_TTL_MS.activity,
      },
      positionsPageSchema,
      ['trader', id],
    );
  }

  /** Positions over several pages, within the bounds and the call's deadline (see walkPages), with the counts the first page read gives. */
  async positions(userId: string, query: FomoPositionsQuery, bounds: FomoWalkBounds, cursor = 'start'): Promise<FomoPositionsWalk> {
    const totals: Pick<FomoPositionsWalk, 'closedTotal' | 'openTotal'> = { closedTotal: null, openTotal: null };
    let firstPage = true;
    const walk = await walkPages(
      bounds,
      cursor,
      (c) => this.positionsPage(userId, query, c),
      (p) => {
        if (firstPage) Object.assign(totals, { closedTotal: p.closedTotal, openTotal: p.openTotal });
        firstPage = false;
        return { items: p.trades, cursor: p.cursor };
      },
    );
    return { ...walk, ...totals };
  }

  /** GET /v2/users/{userId}/swaps: one page of fills, newest first (100 per page). */
  async swapsPage(userId: string, query: FomoSwapsQuery = {}, cursor?: string): Promise<FomoSwapsPage> {
    const id = required(userId, 'user id');
    return this.get(
      {
        endpoint: 'fomo:/v2/users/{userId}/swaps',
        path: `/v2/users/${segment(id)}/swaps`,
        query: { tokenAddress: query.tokenAddress, source: query.source, limit: query.limit, cursor },
        cacheTtlMs: FOMO_CACHE_TTL_MS.activity,
      },
      swapsPageSchema,
      ['trader', id],
    );
  }

  /** Swaps over several pages, within the bounds and the call's deadline (see walkPages). */
  async swaps(userId: string, query: FomoSwapsQuery, bounds: FomoWalkBounds, cursor?: string): Promise<FomoWalk<FomoSwap>> {
    return walkPages(
      bounds,
      cursor,
      (c) => this.swapsPage(userId, query, c),
      (p) => ({ items: p.swaps, cursor: p.cursor }),
    );
  }

  /** GET /v2/users/{userId}/balances: current holdings (FOMO caps them near 100). */
  async balances(userId: string, chain?: string): Promise<FomoBalances> {
    const id = required(userId, 'user id');
    return this.get(
      {
        endpoint: 'fomo:/v2/users/{userId}/balances',
        path: `/v2/users/${segment(id)}/balances`,
        query: { chain },
        cacheTtlMs: FOMO_CACHE_TTL_MS.activity,
      },
      balancesSchema,
      ['trader', id],
    );
  }

  /** GET /v2/users/{userId}/following (FOMO serves up to 300). */
  async following(userId: string, limit?: number): Promise<FomoSocialList> {
    return this.social(userId, 'following', limit);
  }

  /** GET /v2/users/{userId}/followers (a sample: FOMO serves up to 200, no cursor). */
  async followers(userId: string, limit?: number): Promise<FomoSocialList> {
    return this.social(userId, 'followers', limit);
  }

  /** GET /v2/users/{userId}/spotlight: the platform's pick of best trades and theses. */
  async spotlight(userId: string): Promise<FomoSpotlight> {
    const id = required(userId, 'user id');
    return this.get(
      { endpoint: 'fomo:/v2/users/{userId}/spotlight', path: `/v2/users/${segment(id)}/spotlight`, cacheTtlMs: FOMO_CACHE_TTL_MS.spotlight },
      spotlightSchema,
      ['trader', id],
    );
  }

  /** GET /v2/search: traders by handle or name, tokens by symbol or name. */
  async search(q: string, options: { type?: 'traders' | 'tokens' | 'all'; limit?: number } = {}): Promise<FomoSearchResult> {
    return this.get(
      {
        endpoint: 'fomo:/v2/search',
        path: '/v2/search',
        query: { q: required(q, 'search text'), type: options.type, limit: options.limit },
        cacheTtlMs: FOMO_CACHE_TTL_MS.search,
      },
      searchSchema,
    );
  }

  /** GET /v2/thesis/user/{id}[/token/{address}]: one page of a trader's theses. */
  async thesesByUser(userId: string, options: { tokenAddress?: string; sort?: string; chain?: string; cursor?: string } = {}): Promise<FomoThesesPage> {
    const id = required(userId, 'user id');
    const token = options.tokenAddress?.trim();
    const call: UpstreamCall = token
      ? { endpoint: 'fomo:/v2/thesis/user/{id}/token/{address}', path: `/v2/thesis/user/${segment(id)}/token/${segment(token)}` }
      : { endpoint: 'fomo:/v2/thesis/user/{id}', path: `/v2/thesis/user/${segment(id)}` };
    return this.get(
      { ...call, query: { sort: options.sort, chain: options.chain, cursor: options.cursor }, cacheTtlMs: FOMO_CACHE_TTL_MS.theses },
      thesesPageSchema,
      ['trader', id],
    );
  }

  /** GET /v2/trades/{tradeId}: the swaps and transfers behind one position. */
  async trade(tradeId: string): Promise<FomoTrade> {
    const id = required(tradeId, 'trade id');
    return this.get({ endpoint: 'fomo:/v2/trades/{tradeId}', path: `/v2/trades/${segment(id)}`, cacheTtlMs: FOMO_CACHE_TTL_MS.trade }, tradeSchema, [
      'trade',
      id,
    ]);
  }

  /** GET /v2/trades/{tradeId}/comments (FOMO serves up to 200). */
  async tradeComments(tradeId: string, limit?: number): Promise<FomoComment[]> {
    const id = required(tradeId, 'trade id');
    const answer = await this.get(
      {
        endpoint: 'fomo:/v2/trades/{tradeId}/comments',
        path: `/v2/trades/${segment(id)}/comments`,
        query: { limit },
        cacheTtlMs: FOMO_CACHE_TTL_MS.activity,
      },
      commentsSchema,
      ['trade', id],
    );
    return answer.comments;
  }

  private social(userId: string, direction: 'following' | 'followers', limit?: number): Promise<FomoSocialList> {
    const id = required(userId, 'user id');
    return this.get(
      {
        endpoint: `fomo:/v2/users/{userId}/${direction}`,
        path: `/v2/users/${segment(id)}/${direction}`,
        query: { limit },
        cacheTtlMs: FOMO_CACHE_TTL_MS.social,
      },
      socialListSchema,
      ['trader', id],
    );
  }

  private get<S extends z.ZodType>(call: UpstreamCall, schema: S, subject?: [FomoSubject, string]): Promise<z.output<S>> {
    return fomoGet(this.source, call, schema, subject);
  }
}
