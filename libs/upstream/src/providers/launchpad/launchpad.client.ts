import type { z } from 'zod';
import { UpstreamError, type UpstreamCall, type UpstreamSource } from '../../upstream.types';
import { LaunchpadNotFoundError, LaunchpadRefusedError, type LaunchpadSubject } from './launchpad.errors';
import { absoluteAssets } from './launchpad.assets';
import type { LaunchpadLaunchQuery, LaunchpadPairQuery, LaunchpadTokenQuery } from './launchpad.queries';
import {
  LAUNCH_MODES,
  LAUNCHPAD_TOKEN_STATUSES,
  launchpadLaunchLabPricingSchema,
  launchpadLaunchListSchema,
  launchpadLaunchStatusSchema,
  launchpadPairListSchema,
  launchpadPlatformRevenueSchema,
  launchpadPlatformRewardsSchema,
  launchpadPlatformStatsSchema,
  launchpadTokenAirdropSchema,
  launchpadTokenBackingSchema,
  launchpadTokenBurnsSchema,
  launchpadTokenDetailSchema,
  launchpadTokenFeesSchema,
  launchpadTokenListSchema,
  launchpadTokenRewardsSchema,
  type LaunchLabPricing,
  type LaunchList,
  type LaunchpadAirdrop,
  type LaunchpadBacking,
  type LaunchpadBurns,
  type LaunchpadFees,
  type LaunchpadPairs,
  type LaunchpadRevenue,
  type LaunchpadRewards,
  type LaunchpadStats,
  type LaunchpadTokenDetail,
  type LaunchpadTokenList,
  type LaunchpadTokenRewards,
  type LaunchStatus,
} from './launchpad.schemas';

/** A Solana mint (base58, 32-44 characters): checked before any call, so a typo costs nothing. */
const MINT = /^[1-9A-HJ-NP-Za-km-z]{32,44}$/;
/** A transaction signature (64 bytes in base58: 64-88 characters); the launchpad tools' input rule too. */
export const PAYMENT_SIGNATURE = /^[1-9A-HJ-NP-Za-km-z]{64,88}$/;
export const PAYMENT_SIGNATURE_RULE = 'a Solana transaction signature: base58, 64-88 characters';

/** Most rows a list or a per-token history serves per call. */
export const LAUNCHPAD_MAX_PAGE = 100;
export const LAUNCHPAD_TOKEN_SORTS = ['marketCap', 'newest', 'volume'] as const;

// How long answers are reused: a launch's status moves by the second, lists and token figures by
// the minute, a curve's parameters and the pair list hardly at all.
export const LAUNCHPAD_TTL_MS = {
  status: 5_000,
  list: 30_000,
  token: 60_000,
  pricing: 5 * 60_000,
  history: 10 * 60_000,
  pairs: 10 * 60_000,
} as const;

/** Which input a 400 about a token names, and Scout's words should the site give none. */
interface Refusal {
  field: string;
  fallback: string;
}

/**
 * The launchpad site (StonkFun format, upstreams.md "StonkFun"): its coins and their burns,
 * rewards, airdrop, fees and backing, its launches, pairs, LaunchLab pricing and platform totals.
 * Every answer is validated (missing figures are null, never 0) and its relative asset paths are
 * made absolute against `baseUrl`. A 404 about a token or launch is LaunchpadNotFoundError, a 400
 * the site gives about a token (backing, LaunchLab pricing) LaunchpadRefusedError; every other
 * failure is the source's UpstreamError. A malformed mint, signature or option rejects with a
 * RangeError before any call. It satisfies @scout/launchpad's LaunchpadPort.
 */
export class LaunchpadClient {
  constructor(
    private readonly source: UpstreamSource,
    /** The site's base URL (the source's); null leaves asset paths as the site gave them. */
    private readonly baseUrl: string | null,
  ) {}

  /** GET /api/tokens: one page of coins, filtered and sorted. */
  async tokens(query: LaunchpadTokenQuery = {}): Promise<LaunchpadTokenList> {
    const q: UpstreamCall['query'] = {
      q: query.q?.trim() || undefined,
      sort: oneOf(query.sort, 'sort', LAUNCHPAD_TOKEN_SORTS),
      mode: oneOf(query.mode, 'mode', LAUNCH_MODES),
      status: oneOf(query.status, 'status', LAUNCHPAD_TOKEN_STATUSES),
      quoteMint: query.quoteMint === undefined ? undefined : mint(query.quoteMint, 'quoteMint'),
      category: query.category?.trim() || undefined,
      page: positive(query.page, 'page'),
      pageSize: bounded(query.pageSize, 'pageSize'),
    };
    return this.get({ endpoint: 'launchpad:/api/tokens', path: '/api/tokens', query: q, cacheTtlMs: LAUNCHPAD_TTL_MS.list }, launchpadTokenListSchema);
  }

  /** GET /api/tokens/{mint}: the listing plus its launch record. */
  async token(address: string): Promise<LaunchpadTokenDetail> {
    const m = mint(address, 'mint');
    return this.get({ endpoint: 'launchpad:/api/tokens/{mint}', path: `/api/tokens/${m}`, cacheTtlMs: LAUNCHPAD_TTL_MS.token }, launchpadTokenDetailSchema, [
      'token',
      m,
    ]);
  }

  /** GET /api/tokens/{mint}/burns: burn totals and the newest burns. */
  async burns(address: string, limit?: number): Promise<LaunchpadBurns> {
    return this.perToken(address, 'burns', launchpadTokenBurnsSchema, limit);
  }

  /** GET /api/tokens/{mint}/rewards: what a reward-mode coin paid its holders (null rewards in standard mode). */
  async tokenRewards(address: string, limit?: number): Promise<LaunchpadTokenRewards> {
    return this.perToken(address, 'rewards', launchpadTokenRewardsSchema, limit);
  }

  /** GET /api/tokens/{mint}/airdrop: the launch's airdrop, null when there was none. */
  async airdrop(address: string, limit?: number): Promise<LaunchpadAirdrop> {
    return this.perToken(address, 'airdrop', launchpadTokenAirdropSchema, limit);
  }

  /** GET /api/tokens/{mint}/fees: the creator's claimable fees (null, with a reason, where none accrue). */
  async fees(address: string): Promise<LaunchpadFees> {
    return this.perToken(address, 'fees', launchpadTokenFeesSchema);
  }

  /** GET /api/tokens/{mint}/backing: the quote locked in a pump launch's curve. */
  async backing(address: string): Promise<LaunchpadBacking> {
    return this.perToken(address, 'backing', launchpadTokenBackingSchema, undefined, {
      field: 'mint',
      fallback: 'The launchpad reports backing only for coins launched on pump.',
    });
  }

  /** GET /api/launches: launch records, newest first, one page. */
  async launches(query: LaunchpadLaunchQuery = {}): Promise<LaunchList> {
    if (query.since !== undefined && Number.isNaN(query.since.getTime())) throw new RangeError('since is a valid date');
    const q: UpstreamCall['query'] = {
      creator: query.creator === undefined ? undefined : mint(query.creator, 'creator'),
      mode: oneOf(query.mode, 'mode', LAUNCH_MODES),
      since: query.since?.toISOString(),
      page: positive(query.page, 'page'),
      pageSize: bounded(query.pageSize, 'pageSize'),
    };
    return this.get({ endpoint: 'launchpad:/api/launches', path: '/api/launches', query: q, cacheTtlMs: LAUNCHPAD_TTL_MS.list }, launchpadLaunchListSchema);
  }

  /** GET /api/launches/status/{paymentSignature}: processing, or completed with its mint. */
  async launchStatus(paymentSignature: string): Promise<LaunchStatus> {
    const sig = paymentSignature.trim();
    if (!PAYMENT_SIGNATURE.test(sig)) throw new RangeError(`A payment signature is base58 of 64-88 characters, got "${paymentSignature}"`);
    return this.get(
      { endpoint: 'launchpad:/api/launches/status/{paymentSignature}', path: `/api/launches/status/${sig}`, cacheTtlMs: LAUNCHPAD_TTL_MS.status },
      launchpadLaunchStatusSchema,
      ['launch', sig],
    );
  }

  /** GET /api/pairs: the quote tokens a launch can pair against. */
  async pairs(query: LaunchpadPairQuery = {}): Promise<LaunchpadPairs> {
    const q: UpstreamCall['query'] = { category: query.category?.trim() || undefined, launchable: query.launchable, launchLabReady: query.launchLabReady };
    return this.get({ endpoint: 'launchpad:/api/pairs', path: '/api/pairs', query: q, cacheTtlMs: LAUNCHPAD_TTL_MS.pairs }, launchpadPairListSchema);
  }

  /** GET /api/launchlab/pricing/{quoteMint}: the LaunchLab curve's raw parameters for a quote. */
  async launchLabPricing(quoteMint: string): Promise<LaunchLabPricing> {
    const m = mint(quoteMint, 'quoteMint');
    return this.get(
      { endpoint: 'launchpad:/api/launchlab/pricing/{quoteMint}', path: `/api/launchlab/pricing/${m}`, cacheTtlMs: LAUNCHPAD_TTL_MS.pricing },
      launchpadLaunchLabPricingSchema,
      ['token', m],
      { field: 'quoteMint', fallback: 'The quote is not LaunchLab-ready, so the launchpad prices no LaunchLab curve for it.' },
    );
  }

  /** GET /api/stats: platform totals and configuration. */
  async stats(): Promise<LaunchpadStats> {
    return this.get({ endpoint: 'launchpad:/api/stats', path: '/api/stats', cacheTtlMs: LAUNCHPAD_TTL_MS.token }, launchpadPlatformStatsSchema);
  }

  /** GET /api/revenue: platform revenue, buybacks, burns by source, the newest events; daily history on request. */
  async revenue(options: { limit?: number; history?: boolean } = {}): Promise<LaunchpadRevenue> {
    const query = { limit: bounded(options.limit, 'limit'), history: options.history ? 'true' : undefined };
    const cacheTtlMs = options.history ? LAUNCHPAD_TTL_MS.history : LAUNCHPAD_TTL_MS.token;
    return this.get({ endpoint: 'launchpad:/api/revenue', path: '/api/revenue', query, cacheTtlMs }, launchpadPlatformRevenueSchema);
  }

  /** GET /api/rewards: what reward-mode coins paid their holders, per coin and the newest payouts. */
  async rewards(options: { limit?: number } = {}): Promise<LaunchpadRewards> {
    return this.get(
      { endpoint: 'launchpad:/api/rewards', path: '/api/rewards', query: { limit: bounded(options.limit, 'limit') }, cacheTtlMs: LAUNCHPAD_TTL_MS.token },
      launchpadPlatformRewardsSchema,
    );
  }

  private perToken<S extends z.ZodType>(address: string, route: string, schema: S, limit?: number, refusal?: Refusal): Promise<z.output<S>> {
    const m = mint(address, 'mint');
    return this.get(
      {
        endpoint: `launchpad:/api/tokens/{mint}/${route}`,
        path: `/api/tokens/${m}/${route}`,
        query: { limit: bounded(limit, 'limit') },
        cacheTtlMs: LAUNCHPAD_TTL_MS.token,
      },
      schema,
      ['token', m],
      refusal,
    );
  }

  private async get<S extends z.ZodType>(call: UpstreamCall, schema: S, subject?: [LaunchpadSubject, string], refusal?: Refusal): Promise<z.output<S>> {
    try {
      // Made absolute inside the parse, so the cached answer is the absolute one.
      return await this.source.request(call, (raw) => absoluteAssets(schema.parse(raw), this.baseUrl));
    } catch (error) {
      if (!(error instanceof UpstreamError)) throw error;
      if (subject && error.upstreamStatus === 404) throw new LaunchpadNotFoundError(subject[0], subject[1]);
      if (refusal && error.upstreamStatus === 400) throw new LaunchpadRefusedError(refusal.field, siteMessage(error.detail) ?? refusal.fallback);
      throw error;
    }
  }
}

/** The `error` of the site's `{ "error": "<message>" }`, from the start of the body an UpstreamError keeps. */
function siteMessage(detail: string): string | null {
  const found = /"error"\s*:\s*"((?:[^"\\]|\\.)*)"/.exec(detail);
  if (!found) return null;
  try {
    const message = JSON.parse(`"${found[1]}"`) as string;
    return message.trim() || null;
  } catch {
    return null;
  }
}

function mint(value: string, name: string): string {
  const trimmed = value.trim();
  if (!MINT.test(trimmed)) throw new RangeError(`${name} is a Solana address (base58 of 32-44 characters), got "${value}"`);
  return trimmed;
}

function oneOf<T extends string>(value: T | undefined, name: string, allowed: readonly T[]): T | undefined {
  if (value !== undefined && !allowed.includes(value)) throw new RangeError(`${name} is one of ${allowed.join(', ')}, got "${value}"`);
  return value;
}

function positive(v: number | undefined, name: string): number | undefined {
  if (v !== undefined && (!Number.isInteger(v) || v < 1)) throw new RangeError(`${name} is a positive integer, got ${v}`);
  return v;
}

function bounded(v: number | undefined, name: string): number | undefined {
  if (positive(v, name) !== undefined && v! > LAUNCHPAD_MAX_PAGE) throw new RangeError(`${name} is at most ${LAUNCHPAD_MAX_PAGE}, got ${v}`);
  return v;
}
