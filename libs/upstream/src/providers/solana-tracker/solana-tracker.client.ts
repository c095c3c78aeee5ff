import { NotFoundError } from '@scout/core';
import type { z } from 'zod';
import { UpstreamError, type UpstreamCall, type UpstreamSource } from '../../upstream.types';
import {
  bundlersSchema,
  chartResponseSchema,
  deployerTokensSchema,
  searchResponseSchema,
  tokenDetailSchema,
  traderRowsSchema,
  walletPnlSchema,
  type AnalyticsBundlers,
  type AnalyticsCandle,
  type AnalyticsDeployerTokens,
  type AnalyticsSearchPage,
  type AnalyticsToken,
  type AnalyticsTraderRow,
  type AnalyticsWalletPnl,
} from './solana-tracker.schemas';

/** The Solana token-analytics API's host (Solana Tracker's Data API); its key travels in `x-api-key`. */
export const SOLANA_TRACKER_BASE_URL = 'https://data.solanatracker.io';

/** A Solana address (base58, 32-44 characters): checked before any call, so a typo costs nothing. */
const SOLANA_ADDRESS = /^[1-9A-HJ-NP-Za-km-z]{32,44}$/;

/** The chart intervals the API takes. */
export const ANALYTICS_CHART_TYPES = ['1s', '5s', '15s', '1m', '3m', '5m', '15m', '30m', '1h', '2h', '4h', '6h', '8h', '12h', '1d', '3d', '1w'] as const;
export type AnalyticsChartType = (typeof ANALYTICS_CHART_TYPES)[number];

/** Most rows /search and /deployer serve per page. */
export const ANALYTICS_MAX_PAGE = 500;

// How long answers are reused: a token's figures move by the minute, a launch history hardly.
const TOKEN_TTL_MS = 30_000;
const HOLDERS_TTL_MS = 60_000;
const HISTORY_TTL_MS = 5 * 60_000;

export type AnalyticsSubject = 'token' | 'wallet';

/**
 * The analytics API answered 404: it knows no such token (or wallet). A NotFoundError, so a tool
 * that lets it through answers `404 not_found` naming it and charges nothing.
 */
export class TokenAnalyticsNotFoundError extends NotFoundError {
  constructor(
    readonly subject: AnalyticsSubject,
    /** The address the caller named. */
    readonly address: string,
  ) {
    super(`The token analytics source knows no ${subject} "${address}".`);
    this.name = 'TokenAnalyticsNotFoundError';
  }
}

export interface AnalyticsSearchParams {
  /** Text matched against name, symbol and mint. */
  query?: string;
  /** Launch window, ms since the epoch. */
  minCreatedAt?: number;
  maxCreatedAt?: number;
  /** Current market cap bounds, USD. */
  minMarketCap?: number;
  maxMarketCap?: number;
  minLiquidity?: number;
  deployer?: string;
  sortBy?: 'createdAt' | 'marketCapUsd' | 'liquidityUsd' | 'volume_24h' | 'holders';
  sortOrder?: 'asc' | 'desc';
  /** 1-based. */
  page?: number;
  /** 1-500. */
  limit?: number;
}

export interface AnalyticsChartRequest {
  type: AnalyticsChartType;
  /** Unix seconds. */
  timeFrom?: number;
  timeTo?: number;
  /** Candles in market cap (price × supply) rather than price. */
  marketCap?: boolean;
}

/**
 * The Solana token-analytics API (Solana Tracker format, upstreams.md §2.8): a token's on-chain
 * picture, its bundlers, its deployer's launches, its first buyers and top traders, a wallet's
 * PnL, a cohort search and market-cap candles. Every answer is validated (missing figures are
 * null, never 0); a 404 about a token or wallet is TokenAnalyticsNotFoundError, every other
 * failure the source's UpstreamError. A malformed address or option rejects with a RangeError before
 * any call.
 */
export class SolanaTrackerClient {
  constructor(private readonly source: UpstreamSource) {}

  /** GET /tokens/{mint}: pools, authorities, risk (snipers, insiders, top 10, dev), 12 price windows, holders. */
  async token(mint: string): Promise<AnalyticsToken> {
    const m = address(mint, 'token');
    return this.get({ endpoint: 'solana-tracker:/tokens/{mint}', path: `/tokens/${m}`, cacheTtlMs: TOKEN_TTL_MS }, tokenDetailSchema, ['token', m]);
  }

  /** GET /tokens/{mint}/bundlers: the launch bundle's wallets, at launch and now. */
  async bundlers(mint: string): Promise<AnalyticsBundlers> {
    const m = address(mint, 'token');
    return this.get({ endpoint: 'solana-tracker:/tokens/{mint}/bundlers', path: `/tokens/${m}/bundlers`, cacheTtlMs: HOLDERS_TTL_MS }, bundlersSchema, [
      'token',
      m,
    ]);
  }

  /** GET /deployer/{wallet}: the tokens a wallet launched, newest first, one page. */
  async deployerTokens(wallet: string, options: { page?: number; limit?: number } = {}): Promise<AnalyticsDeployerTokens> {
    const w = address(wallet, 'wallet');
    return this.get(
      {
        endpoint: 'solana-tracker:/deployer/{wallet}',
        path: `/deployer/${w}`,
        query: { page: positive(options.page, 'page'), limit: bounded(options.limit, 'limit', ANALYTICS_MAX_PAGE) },
        cacheTtlMs: HISTORY_TTL_MS,
      },
      deployerTokensSchema,
      ['wallet', w],
    );
  }

  /** GET /first-buyers/{mint}: the first (up to 100) buyers, each with its PnL on the token. */
  async firstBuyers(mint: string): Promise<AnalyticsTraderRow[]> {
    const m = address(mint, 'token');
    return this.get({ endpoint: 'solana-tracker:/first-buyers/{mint}', path: `/first-buyers/${m}`, cacheTtlMs: HOLDERS_TTL_MS }, traderRowsSchema, [
      'token',
      m,
    ]);
  }

  /** GET /top-traders/{mint}: the (up to 100) wallets with the largest PnL on the token. */
  async topTraders(mint: string): Promise<AnalyticsTraderRow[]> {
    const m = address(mint, 'token');
    return this.get({ endpoint: 'solana-tracker:/top-traders/{mint}', path: `/top-traders/${m}`, cacheTtlMs: HOLDERS_TTL_MS }, traderRowsSchema, ['token', m]);
  }

  /** GET /pnl/{wallet}: PnL per token and the summary; `hideDetails` leaves the tokens out. */
  async walletPnl(wallet: string, options: { hideDetails?: boolean } = {}): Promise<AnalyticsWalletPnl> {
    const w = address(wallet, 'wallet');
    return this.get(
      {
        endpoint: 'solana-tracker:/pnl/{wallet}',
        path: `/pnl/${w}`,
        query: options.hideDetails ? { hideDetails: 'true' } : undefined,
        cacheTtlMs: HOLDERS_TTL_MS,
      },
      walletPnlSchema,
      ['wallet', w],
    );
  }

  /** GET /search: tokens by launch window, market cap, liquidity, deployer or text; one page. */
  async search(params: AnalyticsSearchParams): Promise<AnalyticsSearchPage> {
    const query: UpstreamCall['query'] = {
      query: params.query?.trim() || undefined,
      minCreatedAt: finite(params.minCreatedAt, 'minCreatedAt'),
      maxCreatedAt: finite(params.maxCreatedAt, 'maxCreatedAt'),
      minMarketCap: finite(params.minMarketCap, 'minMarketCap'),
      maxMarketCap: finite(params.maxMarketCap, 'maxMarketCap'),
      minLiquidity: finite(params.minLiquidity, 'minLiquidity'),
      deployer: params.deployer === undefined ? undefined : address(params.deployer, 'wallet'),
      sortBy: params.sortBy,
      sortOrder: params.sortOrder,
      page: positive(params.page, 'page'),
      limit: bounded(params.limit, 'limit', ANALYTICS_MAX_PAGE),
    };
    return this.get({ endpoint: 'solana-tracker:/search', path: '/search', query, cacheTtlMs: HOLDERS_TTL_MS }, searchResponseSchema);
  }

  /** GET /chart/{mint}: OHLCV candles, oldest first (in market cap with `marketCap`). */
  async chart(mint: string, request: AnalyticsChartRequest): Promise<AnalyticsCandle[]> {
    const m = address(mint, 'token');
    if (!(ANALYTICS_CHART_TYPES as readonly string[]).includes(request.type)) throw new RangeError(`Unknown chart type "${request.type}"`);
    const answer = await this.get(
      {
        endpoint: 'solana-tracker:/chart/{mint}',
        path: `/chart/${m}`,
        query: {
          type: request.type,
          time_from: whole(request.timeFrom, 'timeFrom'),
          time_to: whole(request.timeTo, 'timeTo'),
          marketCap: request.marketCap ? 'true' : undefined,
        },
        cacheTtlMs: HOLDERS_TTL_MS,
      },
      chartResponseSchema,
      ['token', m],
    );
    return [...answer.oclhv].sort((a, b) => a.time - b.time);
  }

  private async get<S extends z.ZodType>(call: UpstreamCall, schema: S, subject?: [AnalyticsSubject, string]): Promise<z.output<S>> {
    try {
      return await this.source.request(call, (raw) => schema.parse(raw));
    } catch (error) {
      if (subject && error instanceof UpstreamError && error.upstreamStatus === 404) throw new TokenAnalyticsNotFoundError(subject[0], subject[1]);
      throw error;
    }
  }
}

function address(value: string, what: AnalyticsSubject): string {
  const trimmed = value.trim();
  if (!SOLANA_ADDRESS.test(trimmed)) throw new RangeError(`A Solana ${what} address is base58 of 32-44 characters, got "${value}"`);
  return trimmed;
}

function positive(v: number | undefined, name: string): number | undefined {
  if (v !== undefined && (!Number.isInteger(v) || v < 1)) throw new RangeError(`${name} is a positive integer, got ${v}`);
  return v;
}

function bounded(v: number | undefined, name: string, max: number): number | undefined {
  if (positive(v, name) !== undefined && v! > max) throw new RangeError(`${name} is at most ${max}, got ${v}`);
  return v;
}

function finite(v: number | undefined, name: string): number | undefined {
  if (v !== undefined && !Number.isFinite(v)) throw new RangeError(`${name} is a finite number, got ${v}`);
  return v;
}

function whole(v: number | undefined, name: string): number | undefined {
  if (v !== undefined && (!Number.isInteger(v) || v < 0)) throw new RangeError(`${name} is a non-negative integer (unix seconds), got ${v}`);
  return v;
}
