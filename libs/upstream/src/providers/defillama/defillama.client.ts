import type { z } from 'zod';
import type { UpstreamCall, UpstreamSource } from '../../upstream.types';
import {
  chainsPayload,
  coinPricesPayload,
  hacksPayload,
  historicalChainTvlPayload,
  overviewPayload,
  protocolPayload,
  protocolsPayload,
  stablecoinChainsPayload,
  stablecoinChartsPayload,
  stablecoinsPayload,
  yieldPoolsPayload,
} from './defillama.schemas';
import type {
  CoinPrice,
  DailyPoint,
  LlamaChainTvl,
  LlamaHack,
  LlamaOverview,
  LlamaProtocol,
  LlamaProtocolDetail,
  LlamaStablecoin,
  LlamaStablecoinChain,
  LlamaYieldPool,
  OverviewKind,
  OverviewOptions,
  PegSupply,
} from './defillama.types';
import { auditCount, byDate, llamaSlug, mapCoinPrices, mapTotals, numbersOnly, seriesFromChainTvls, stablecoinUsd } from './defillama.mapping';

/** The four DefiLlama hosts Scout reads, each a configured UpstreamSource. */
export interface DefiLlamaSources {
  /** api.llama.fi: TVL, protocols, hacks, dimensions overviews. */
  api: UpstreamSource;
  /** coins.llama.fi: prices with confidence. */
  coins: UpstreamSource;
  /** stablecoins.llama.fi */
  stablecoins: UpstreamSource;
  /** yields.llama.fi */
  yields: UpstreamSource;
}

/** How long each kind of answer stays in the response cache. */
export const DEFILLAMA_CACHE_TTL_MS = {
  /** Lists and daily series: DefiLlama itself refreshes them every few minutes at most. */
  list: 5 * 60_000,
  currentPrices: 60_000,
  /** A price at a past moment does not change. */
  historicalPrices: 60 * 60_000,
} as const;

/** coins.llama.fi answers up to this many keys per call. */
export const DEFILLAMA_MAX_COIN_KEYS = 50;

function pathSegment(value: string): string {
  return encodeURIComponent(value);
}

/** A coin key in a path: encoded, but the `chain:address` colon kept readable. */
function coinKeySegment(key: string): string {
  return encodeURIComponent(key).replace(/%3A/gi, ':');
}

/** A parse function for UpstreamSource.request: validates with zod, then maps. */
function parser<S extends z.ZodType, T>(schema: S, map: (payload: z.output<S>) => T): (raw: unknown) => T {
  return (raw) => map(schema.parse(raw));
}

/**
 * DefiLlama over its four public hosts. Each method is one upstream call with a stable endpoint
 * label (the path template, never the variable parts) and a cache TTL; payloads are validated
 * at the boundary and mapped to Scout's camelCase types. Failures surface as UpstreamError from
 * the source.
 */
export class DefiLlamaClient {
  constructor(private readonly sources: DefiLlamaSources) {}

  /** GET /v2/chains: current TVL of every chain DefiLlama lists. */
  chains(): Promise<LlamaChainTvl[]> {
    return this.get(
      this.sources.api,
      { endpoint: 'defillama:/v2/chains', path: '/v2/chains', cacheTtlMs: DEFILLAMA_CACHE_TTL_MS.list },
      parser(chainsPayload, (rows) =>
        rows.map((c) => ({
          name: c.name,
          tvlUsd: c.tvl,
          tokenSymbol: c.tokenSymbol ?? null,
          chainId: c.chainId ?? null,
          geckoId: c.gecko_id ?? null,
        })),
      ),
    );
  }

  /** GET /v2/historicalChainTvl[/{chain}]: daily TVL of one chain (DefiLlama name) or of all DeFi. */
  historicalChainTvl(llamaChainName?: string): Promise<DailyPoint[]> {
    const call: UpstreamCall = llamaChainName
      ? {
          endpoint: 'defillama:/v2/historicalChainTvl/{chain}',
          path: `/v2/historicalChainTvl/${pathSegment(llamaChainName)}`,
          cacheTtlMs: DEFILLAMA_CACHE_TTL_MS.list,
        }
      : { endpoint: 'defillama:/v2/historicalChainTvl', path: '/v2/historicalChainTvl', cacheTtlMs: DEFILLAMA_CACHE_TTL_MS.list };
    return this.get(
      this.sources.api,
      call,
      parser(historicalChainTvlPayload, (rows) => rows.map((p) => ({ date: p.date, valueUsd: p.tvl })).sort(byDate)),
    );
  }

  /** GET /protocols: every protocol with current TVL and 1h/1d/7d change. */
  protocols(): Promise<LlamaProtocol[]> {
    return this.get(
      this.sources.api,
      { endpoint: 'defillama:/protocols', path: '/protocols', cacheTtlMs: DEFILLAMA_CACHE_TTL_MS.list },
      parser(protocolsPayload, (rows) =>
        rows.map((p) => ({
          id: p.id ?? null,
          name: p.name,
          slug: p.slug ?? llamaSlug(p.name),
          symbol: p.symbol ?? null,
          url: p.url ?? null,
          category: p.category ?? null,
          chains: p.chains ?? null,
          tvlUsd: p.tvl ?? null,
          chainTvlsUsd: numbersOnly(p.chainTvls),
          change1hPct: p.change_1h ?? null,
          change1dPct: p.change_1d ?? null,
          change7dPct: p.change_7d ?? null,
          audits: auditCount(p.audits),
          auditNote: p.audit_note ?? null,
          auditLinks: p.audit_links ?? [],
          parentProtocol: p.parentProtocol ?? null,
          listedAt: p.listedAt ?? null,
          mcapUsd: p.mcap ?? null,
        })),
      ),
    );
  }

  /** GET /protocol/{slug}: one protocol (or parent protocol) with its TVL history. */
  protocol(slug: string): Promise<LlamaProtocolDetail> {
    return this.get(
      this.sources.api,
      { endpoint: 'defillama:/protocol/{slug}', path: `/protocol/${pathSegment(slug)}`, cacheTtlMs: DEFILLAMA_CACHE_TTL_MS.list },
      parser(protocolPayload, (p) => ({
        id: p.id ?? null,
        name: p.name,
        slug: p.slug ?? slug,
        symbol: p.symbol ?? null,
        url: p.url ?? null,
        category: p.category ?? null,
        chains: p.chains ?? null,
        tvlSeries: p.tvl ? p.tvl.map((t) => ({ date: t.date, valueUsd: t.totalLiquidityUSD })).sort(byDate) : seriesFromChainTvls(p.chainTvls),
        currentChainTvlsUsd: numbersOnly(p.currentChainTvls),
        audits: auditCount(p.audits),
        auditNote: p.audit_note ?? null,
        auditLinks: p.audit_links ?? [],
        isParentProtocol: p.isParentProtocol ?? false,
        otherProtocols: p.otherProtocols ?? [],
        mcapUsd: p.mcap ?? null,
      })),
    );
  }

  /** GET /hacks: every exploit and rug pull DefiLlama records. */
  hacks(): Promise<LlamaHack[]> {
    return this.get(
      this.sources.api,
      { endpoint: 'defillama:/hacks', path: '/hacks', cacheTtlMs: DEFILLAMA_CACHE_TTL_MS.list },
      parser(hacksPayload, (rows) =>
        rows.map((h) => ({
          date: h.date,
          name: h.name,
          classification: h.classification ?? null,
          technique: h.technique ?? null,
          amountUsd: h.amount ?? null,
          chains: h.chain,
          bridgeHack: h.bridgeHack ?? null,
          targetType: h.targetType ?? null,
          sourceUrl: h.source ?? null,
          returnedFundsUsd: h.returnedFunds ?? null,
          defillamaId: h.defillamaId == null ? null : String(h.defillamaId),
          parentProtocolId: h.parentProtocolId ?? null,
          language: h.language ?? null,
        })),
      ),
    );
  }

  /** GET /stablecoins?includePrices=true: every stablecoin with supply now and 1 day/week/month ago. */
  stablecoins(): Promise<LlamaStablecoin[]> {
    return this.get(
      this.sources.stablecoins,
      {
        endpoint: 'defillama:/stablecoins',
        path: '/stablecoins',
        query: { includePrices: true },
        cacheTtlMs: DEFILLAMA_CACHE_TTL_MS.list,
      },
      parser(stablecoinsPayload, (payload) =>
        payload.peggedAssets.map((s) => {
          const peg = (amounts: Record<string, number | null> | null | undefined): number | null => amounts?.[s.pegType] ?? null;
          const chainCirculating: Record<string, PegSupply> = {};
          for (const [chain, c] of Object.entries(s.chainCirculating ?? {})) {
            chainCirculating[chain] = {
              current: peg(c.current),
              prevDay: peg(c.circulatingPrevDay),
              prevWeek: peg(c.circulatingPrevWeek),
              prevMonth: peg(c.circulatingPrevMonth),
            };
          }
          return {
            id: s.id ?? null,
            name: s.name ?? null,
            symbol: s.symbol ?? null,
            geckoId: s.gecko_id ?? null,
            pegType: s.pegType,
            pegMechanism: s.pegMechanism ?? null,
            circulating: {
              current: peg(s.circulating),
              prevDay: peg(s.circulatingPrevDay),
              prevWeek: peg(s.circulatingPrevWeek),
              prevMonth: peg(s.circulatingPrevMonth),
            },
            chainCirculating,
            chains: s.chains ?? Object.keys(chainCirculating),
            priceUsd: s.price ?? null,
            priceSource: s.priceSource ?? null,
          };
        }),
      ),
    );
  }

  /** GET /stablecoinchains: total stablecoin supply per chain, in USD. */
  stablecoinChains(): Promise<LlamaStablecoinChain[]> {
    return this.get(
      this.sources.stablecoins,
      { endpoint: 'defillama:/stablecoinchains', path: '/stablecoinchains', cacheTtlMs: DEFILLAMA_CACHE_TTL_MS.list },
      parser(stablecoinChainsPayload, (rows) =>
        rows.map((c) => ({
          name: c.name,
          circulatingUsd: stablecoinUsd(c.totalCirculatingUSD, c.totalCirculating),
          tokenSymbol: c.tokenSymbol ?? null,
          geckoId: c.gecko_id ?? null,
        })),
      ),
    );
  }

  /** GET /stablecoincharts/all or /stablecoincharts/{chain}: daily total stablecoin supply in USD. */
  stablecoinCharts(llamaChainName?: string): Promise<DailyPoint[]> {
    const call: UpstreamCall = llamaChainName
      ? {
          endpoint: 'defillama:/stablecoincharts/{chain}',
          path: `/stablecoincharts/${pathSegment(llamaChainName)}`,
          cacheTtlMs: DEFILLAMA_CACHE_TTL_MS.list,
        }
      : { endpoint: 'defillama:/stablecoincharts/all', path: '/stablecoincharts/all', cacheTtlMs: DEFILLAMA_CACHE_TTL_MS.list };
    return this.get(
      this.sources.stablecoins,
      call,
      parser(stablecoinChartsPayload, (rows) =>
        rows
          .map((p) => ({ date: p.date, valueUsd: stablecoinUsd(p.totalCirculatingUSD, p.totalCirculating) }))
          .filter((p): p is DailyPoint => p.valueUsd !== null)
          .sort(byDate),
      ),
    );
  }

  /** GET /pools on yields.llama.fi: every yield pool with APY split and 1d/7d/30d APY movement. */
  yieldPools(): Promise<LlamaYieldPool[]> {
    return this.get(
      this.sources.yields,
      { endpoint: 'defillama:/pools', path: '/pools', cacheTtlMs: DEFILLAMA_CACHE_TTL_MS.list },
      parser(yieldPoolsPayload, (payload) =>
        payload.data.map((p) => ({
          poolId: p.pool ?? null,
          chain: p.chain,
          project: p.project ?? null,
          symbol: p.symbol,
          tvlUsd: p.tvlUsd,
          apy: p.apy ?? null,
          apyBase: p.apyBase ?? null,
          apyReward: p.apyReward ?? null,
          apyPct1D: p.apyPct1D ?? null,
          apyPct7D: p.apyPct7D ?? null,
          apyPct30D: p.apyPct30D ?? null,
          apyMean30d: p.apyMean30d ?? null,
          stablecoin: p.stablecoin ?? null,
          ilRisk: p.ilRisk ?? null,
          exposure: p.exposure ?? null,
          poolMeta: p.poolMeta ?? null,
          il7d: p.il7d ?? null,
          volumeUsd1d: p.volumeUsd1d ?? null,
          volumeUsd7d: p.volumeUsd7d ?? null,
          rewardTokens: (p.rewardTokens ?? []).filter((t): t is string => t !== null),
          underlyingTokens: (p.underlyingTokens ?? []).filter((t): t is string => t !== null),
        })),
      ),
    );
  }

  /**
   * GET /overview/{kind}[/{chain}]: DEX volume, fees (or revenue with dataType) or open interest,
   * per protocol and in total, without the chart arrays.
   */
  overview(kind: OverviewKind, opts: OverviewOptions = {}): Promise<LlamaOverview> {
    const template = opts.chain ? `/overview/${kind}/{chain}` : `/overview/${kind}`;
    const path = opts.chain ? `/overview/${kind}/${pathSegment(opts.chain)}` : `/overview/${kind}`;
    return this.get(
      this.sources.api,
      {
        endpoint: `defillama:${template}${opts.dataType ? `?dataType=${opts.dataType}` : ''}`,
        path,
        query: {
          excludeTotalDataChart: true,
          excludeTotalDataChartBreakdown: true,
          dataType: opts.dataType,
        },
        cacheTtlMs: DEFILLAMA_CACHE_TTL_MS.list,
      },
      parser(overviewPayload, (payload) => ({
        ...mapTotals(payload),
        chain: payload.chain ?? null,
        allChains: payload.allChains ?? [],
        protocols: payload.protocols.map((p) => ({
          ...mapTotals(p),
          defillamaId: p.defillamaId == null ? null : String(p.defillamaId),
          name: p.name,
          displayName: p.displayName ?? null,
          slug: p.slug ?? null,
          category: p.category ?? null,
          protocolType: p.protocolType ?? null,
          parentProtocol: p.parentProtocol ?? null,
          chains: p.chains ?? [],
        })),
      })),
    );
  }

  /**
   * GET coins /prices/current/{keys}: price and confidence per coin key (`chain:address` or
   * `coingecko:id`). Keys DefiLlama cannot price are absent from the result.
   */
  pricesCurrent(keys: string[]): Promise<Record<string, CoinPrice>> {
    assertCoinKeys(keys);
    return this.get(
      this.sources.coins,
      {
        endpoint: 'defillama:/prices/current/{coins}',
        path: `/prices/current/${keys.map(coinKeySegment).join(',')}`,
        cacheTtlMs: DEFILLAMA_CACHE_TTL_MS.currentPrices,
      },
      parser(coinPricesPayload, mapCoinPrices),
    );
  }

  /** GET coins /prices/historical/{timestamp}/{keys}: the same at one past moment (unix seconds). */
  pricesHistorical(timestampSec: number, keys: string[]): Promise<Record<string, CoinPrice>> {
    assertCoinKeys(keys);
    if (!Number.isInteger(timestampSec) || timestampSec < 0) {
      throw new RangeError(`A historical price needs whole unix seconds, got ${timestampSec}`);
    }
    return this.get(
      this.sources.coins,
      {
        endpoint: 'defillama:/prices/historical/{timestamp}/{coins}',
        path: `/prices/historical/${timestampSec}/${keys.map(coinKeySegment).join(',')}`,
        cacheTtlMs: DEFILLAMA_CACHE_TTL_MS.historicalPrices,
      },
      parser(coinPricesPayload, mapCoinPrices),
    );
  }

  private get<T>(source: UpstreamSource, call: UpstreamCall, parse: (raw: unknown) => T): Promise<T> {
    return source.request({ method: 'GET', ...call }, parse);
  }
}

function assertCoinKeys(keys: string[]): void {
  if (keys.length === 0 || keys.length > DEFILLAMA_MAX_COIN_KEYS) {
    throw new RangeError(`DefiLlama prices take 1 to ${DEFILLAMA_MAX_COIN_KEYS} coin keys per call, got ${keys.length}`);
  }
}
