import type { UpstreamSource } from '../../upstream.types';
import { FOMO_CACHE_TTL_MS } from './fomo.client';
import { fomoGet, required, segment } from './fomo-request';
import { thesesPageSchema, type FomoThesesPage } from './fomo.schemas';
import {
  FOMO_CANDLE_RESOLUTIONS,
  alertsSchema,
  candlesSchema,
  tokenSearchSchema,
  tokenBoardSchema,
  tokenDevsSchema,
  tokenHoldersSchema,
  tokenStatsSchema,
  type FomoAlerts,
  type FomoCandles,
  type FomoCandlesQuery,
  type FomoTokenSearchResult,
  type FomoTokenBoard,
  type FomoTokenBoardName,
  type FomoTokenDev,
  type FomoTokenHolder,
  type FomoTokenStats,
} from './fomo-token.schemas';

/** FOMO's token boards hold at most this many tokens; a smaller limit costs the same. */
export const FOMO_TOKEN_BOARD_SIZE = 100;

export interface FomoAlertsQuery {
  type?: 'buy' | 'sell';
  chain?: string;
  /** ISO 8601 or epoch seconds, as FOMO takes it. */
  since?: string;
  token?: string;
  userId?: string;
  cursor?: string;
  /** At most 100. */
  limit?: number;
}

/**
 * The FOMO data API's token routes (and the market-wide theses and alerts), on the same source as
 * FomoClient. A 404 about a token
 * becomes FomoNotFoundError('token', address).
 */
export class FomoTokenClient {
  constructor(private readonly source: UpstreamSource) {}

  /** GET /v2/token/{address}/stats: buy and sell flow over 5m, 1h, 4h and 24h. */
  async tokenStats(address: string, networkId?: number): Promise<FomoTokenStats> {
    const token = required(address, 'token address');
    return fomoGet(
      this.source,
      {
        endpoint: 'fomo:/v2/token/{address}/stats',
        path: `/v2/token/${segment(token)}/stats`,
        query: { networkId },
        cacheTtlMs: FOMO_CACHE_TTL_MS.tokenStats,
      },
      tokenStatsSchema,
      ['token', token],
    );
  }

  /** GET /v2/token/{address}/devs: deployer and insider positions. */
  async tokenDevs(address: string): Promise<FomoTokenDev[]> {
    const token = required(address, 'token address');
    const answer = await fomoGet(
      this.source,
      { endpoint: 'fomo:/v2/token/{address}/devs', path: `/v2/token/${segment(token)}/devs`, cacheTtlMs: FOMO_CACHE_TTL_MS.tokenDevs },
      tokenDevsSchema,
      ['token', token],
    );
    return answer.devs;
  }

  /**
   * GET /v2/token/{address}/candles: OHLCV buckets, oldest first, sparse (a bucket without trades
   * is left out). FOMO sells candles to Growth and Scale plans only: another plan's refusal is an
   * UpstreamError (402, rejected), not a not found. An unknown resolution is refused before any call.
   */
  async candles(address: string, query: FomoCandlesQuery): Promise<FomoCandles> {
    const token = required(address, 'token address');
    if (!(FOMO_CANDLE_RESOLUTIONS as readonly string[]).includes(query.resolution)) {
      throw new RangeError(`A FOMO candle resolution is one of ${FOMO_CANDLE_RESOLUTIONS.join(', ')}`);
    }
    const answer = await fomoGet(
      this.source,
      {
        endpoint: 'fomo:/v2/token/{address}/candles',
        path: `/v2/token/${segment(token)}/candles`,
        query: { resolution: query.resolution, countBack: query.countBack, from: query.from, to: query.to, networkId: query.networkId },
        cacheTtlMs: FOMO_CACHE_TTL_MS.candles,
      },
      candlesSchema,
      ['token', token],
    );
    return {
      address: answer.address ?? answer.token ?? token,
      networkId: answer.networkId,
      resolution: answer.resolution,
      source: answer.source,
      stale: answer.stale,
      candles: answer.candles,
    };
  }

  /** GET /v2/tokens/search: tokens by symbol, name or address, best match first (20 at most). */
  async searchTokens(q: string): Promise<FomoTokenSearchResult[]> {
    const answer = await fomoGet(
      this.source,
      { endpoint: 'fomo:/v2/tokens/search', path: '/v2/tokens/search', query: { q: required(q, 'search text') }, cacheTtlMs: FOMO_CACHE_TTL_MS.tokenSearch },
      tokenSearchSchema,
    );
    return answer.results;
  }

  /** GET /token/{address}/holders: tracked traders holding the token (captured balances). */
  async tokenHolders(address: string): Promise<{ holders: FomoTokenHolder[]; capturedAt: string | null }> {
    const token = required(address, 'token address');
    return fomoGet(
      this.source,
      { endpoint: 'fomo:/token/{address}/holders', path: `/token/${segment(token)}/holders`, cacheTtlMs: FOMO_CACHE_TTL_MS.tokenHolders },
      tokenHoldersSchema,
      ['token', token],
    );
  }

  /** GET /v2/leaderboard/tokens/{board}: always the full board. */
  async tokenBoard(board: FomoTokenBoardName): Promise<FomoTokenBoard> {
    return fomoGet(
      this.source,
      {
        endpoint: 'fomo:/v2/leaderboard/tokens/{board}',
        path: `/v2/leaderboard/tokens/${segment(board)}`,
        query: { limit: FOMO_TOKEN_BOARD_SIZE },
        cacheTtlMs: FOMO_CACHE_TTL_MS.tokenBoard,
      },
      tokenBoardSchema,
    );
  }

  /** GET /v2/thesis/token/{address}: one page of theses on a token. */
  async thesesForToken(address: string, options: { network?: string; sort?: string; cursor?: string } = {}): Promise<FomoThesesPage> {
    const token = required(address, 'token address');
    return fomoGet(
      this.source,
      {
        endpoint: 'fomo:/v2/thesis/token/{address}',
        path: `/v2/thesis/token/${segment(token)}`,
        query: { network: options.network, sort: options.sort, cursor: options.cursor },
        cacheTtlMs: FOMO_CACHE_TTL_MS.theses,
      },
      thesesPageSchema,
      ['token', token],
    );
  }

  /** GET /v2/thesis: one page of the newest theses across every token. */
  async recentTheses(options: { chain?: string; sort?: string; cursor?: string } = {}): Promise<FomoThesesPage> {
    return fomoGet(
      this.source,
      {
        endpoint: 'fomo:/v2/thesis',
        path: '/v2/thesis',
        query: { chain: options.chain, sort: options.sort, cursor: options.cursor },
        cacheTtlMs: FOMO_CACHE_TTL_MS.theses,
      },
      thesesPageSchema,
    );
  }

  /** GET /v2/alerts: the newest large buys and sells of tracked traders (100 at most). */
  async alerts(query: FomoAlertsQuery = {}, options: { fresh?: boolean } = {}): Promise<FomoAlerts> {
    return fomoGet(
      this.source,
      {
        endpoint: 'fomo:/v2/alerts',
        path: '/v2/alerts',
        query: { type: query.type, chain: query.chain, since: query.since, token: query.token, userId: query.userId, cursor: query.cursor, limit: query.limit },
        // A backfill must see what happened while it was disconnected, not a page cached before.
        cacheTtlMs: options.fresh ? 0 : FOMO_CACHE_TTL_MS.alerts,
      },
      alertsSchema,
    );
  }
}
