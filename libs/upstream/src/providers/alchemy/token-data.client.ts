import { NotFoundError } from '@scout/core';
import { CHAIN_IDS, chainFromAlchemyNetwork, type Chain } from '../../chains';
import { UpstreamError, type UpstreamSource } from '../../upstream.types';
import { historicalPricesResponseSchema, tokenMetadataRpcResponseSchema, tokenPricesResponseSchema, type TokenPriceItem } from './token-data.schemas';

/** Base URL of the prices source; its key goes in the path (`/prices/v1/{key}/tokens/...`). */
export const TOKEN_DATA_PRICES_BASE_URL = 'https://api.g.alchemy.com/prices/v1';

export const TOKEN_DATA_RPC_URL_TEMPLATE = 'https://{network}.g.alchemy.com/v2';

/** Base URL of one network's JSON-RPC source (its key goes in the path: `/v2/{key}`). */
export function tokenDataRpcBaseUrl(network: string, template = TOKEN_DATA_RPC_URL_TEMPLATE): string {
  return template.replace('{network}', network);
}

/** The Prices API takes at most this many addresses or symbols per call. */
export const TOKEN_DATA_MAX_ITEMS = 25;
/** Networks one by-address call may name (prices.yaml: "limit 25 addresses, max 3 networks"). */
export const BY_ADDRESS_MAX_NETWORKS = 3;

export const PRICE_INTERVALS = ['5m', '1h', '1d'] as const;
export type PriceInterval = (typeof PRICE_INTERVALS)[number];

const PRICES_TTL_MS = 60_000;
const HISTORY_TTL_MS = 5 * 60_000;
const DAY_MS = 86_400_000;

/**
 * The longest range one historical call may cover, per interval: Alchemy's documented "Max
 * ranges: (5m, 7d), (1h, 30d), (1d, 1yr)" (alchemyplatform/docs prices.yaml). A longer range is
 * read in windows of this size (historicalWindows).
 */
export const HISTORY_WINDOW_MS: Record<PriceInterval, number> = { '5m': 7 * DAY_MS, '1h': 30 * DAY_MS, '1d': 365 * DAY_MS };

/** [start, end] cut into consecutive windows of at most `windowMs`, each ending where the next starts. */
export function historicalWindows(startTime: Date, endTime: Date, windowMs: number): Array<{ startTime: Date; endTime: Date }> {
  const windows: Array<{ startTime: Date; endTime: Date }> = [];
  for (let from = startTime.getTime(); from < endTime.getTime(); from += windowMs) {
    windows.push({ startTime: new Date(from), endTime: new Date(Math.min(from + windowMs, endTime.getTime())) });
  }
  return windows;
}
/**
 * Token metadata hardly changes, but the source caches whatever parses, JSON-RPC errors included,
 * so the TTL stays short enough for a passing error not to stick.
 */
const METADATA_TTL_MS = 10 * 60_000;

export interface TokenRef {
  chain: Chain;
  address: string;
}

export interface PriceQuote {
  /** USD price; null when the item failed or carried no USD price. */
  priceUsd: number | null;
  lastUpdatedAt: string | null;
  /** Why there is no price, as the upstream said (or 'not in the answer'); null when priced. */
  error: string | null;
}

export interface AddressPrice extends TokenRef, PriceQuote {}

export interface SymbolPrice extends PriceQuote {
  symbol: string;
}

export type HistoricalToken = { symbol: string } | TokenRef;

export interface HistoricalRequest {
  token: HistoricalToken;
  startTime: Date;
  endTime: Date;
  interval: PriceInterval;
}

export interface PricePoint {
  /** ISO 8601. */
  timestamp: string;
  value: number;
}

export interface HistoricalSeries {
  /** USD values, in the upstream's order. */
  points: PricePoint[];
}

export interface TokenMetadata {
  name: string | null;
  symbol: string | null;
  decimals: number | null;
  logo: string | null;
}

/** Builds the JSON-RPC source of one network (base URL `tokenDataRpcBaseUrl(network)`, key in the path). */
export type RpcSourceFactory = (network: string) => UpstreamSource;

/**
 * The factory's source of each network, built on first use and kept: hand the same result to every
 * client of the token data API so that a network has one source (one breaker, one health).
 */
export function rpcSourcePerNetwork(factory: RpcSourceFactory): RpcSourceFactory {
  const built = new Map<string, UpstreamSource>();
  return (network) => {
    let source = built.get(network);
    if (!source) built.set(network, (source = factory(network)));
    return source;
  };
}

type RpcAnswer<R> = { result: R } | { error: { code: number; message: string } };

/**
 * One JSON-RPC call on a network's source; a JSON-RPC error answer throws an UpstreamError
 * 'rejected'. The source caches whatever parses, error answers included, so TTLs stay short.
 */
export async function rpcCall<R>(
  source: UpstreamSource,
  network: string,
  method: string,
  params: unknown[],
  parse: (raw: unknown) => RpcAnswer<R>,
  cacheTtlMs: number,
): Promise<R> {
  const answer = await source.request(
    { endpoint: `alchemy:${method}`, path: '', method: 'POST', body: { jsonrpc: '2.0', id: 1, method, params }, cacheTtlMs },
    parse,
  );
  if ('error' in answer) {
    throw new UpstreamError(source.name, 'rejected', `alchemy:${method} on ${network}: JSON-RPC error ${answer.error.code} (${answer.error.message})`);
  }
  return answer.result;
}

const NOT_IN_ANSWER = 'not in the answer';

interface PriceEntry {
  currency: string;
  value: number;
  lastUpdatedAt?: string | null;
}

/** EVM addresses are case-insensitive: lowercase them so cache keys and matching agree. */
function normaliseAddress(chain: Chain, address: string): string {
  return CHAIN_IDS[chain].evmChainId === null ? address : address.toLowerCase();
}

/** The USD quote of an answer item (a price item, or a wallet token with its prices). */
export function quoteOf(item: { prices?: PriceEntry[] | null; error?: string | null } | undefined): PriceQuote {
  if (!item) return { priceUsd: null, lastUpdatedAt: null, error: NOT_IN_ANSWER };
  if (item.error) return { priceUsd: null, lastUpdatedAt: null, error: item.error };
  const usd = (item.prices ?? []).find((p) => p.currency.toLowerCase() === 'usd');
  if (!usd) return { priceUsd: null, lastUpdatedAt: null, error: 'no USD price in the answer' };
  return { priceUsd: usd.value, lastUpdatedAt: usd.lastUpdatedAt ? new Date(usd.lastUpdatedAt).toISOString() : null, error: null };
}

/**
 * The multichain token data API (Alchemy style).
 *
 * Two kinds of source: one `prices` source for the REST Prices API, and one JSON-RPC source per
 * network for token metadata, because the network is part of the JSON-RPC host
 * (`https://{network}.g.alchemy.com/v2/{key}`). A source per network keeps each network's breaker
 * and health apart (one network failing does not fail the others) and needs nothing beyond what
 * UpstreamSource already offers. The client asks `rpcFor` once per network and keeps the source.
 * Scout chains become network ids only through CHAIN_IDS.
 */
export class TokenDataClient {
  private readonly rpc: RpcSourceFactory;

  constructor(
    private readonly prices: UpstreamSource,
    rpcFor: RpcSourceFactory,
  ) {
    this.rpc = rpcSourcePerNetwork(rpcFor);
  }

  /**
   * Current USD prices by chain and address, in the order asked. EVM addresses come back
   * lowercased. Tokens on more than BY_ADDRESS_MAX_NETWORKS networks are asked in several calls.
   */
  async pricesByAddress(tokens: readonly TokenRef[]): Promise<AddressPrice[]> {
    assertBatch(tokens.length, 'addresses');
    if (tokens.length === 0) return [];
    const asked = tokens.map((t) => ({ chain: t.chain, address: normaliseAddress(t.chain, t.address) }));
    // One call per BY_ADDRESS_MAX_NETWORKS networks, in parallel.
    const chains = [...new Set(asked.map((t) => t.chain))];
    const groups: TokenRef[][] = [];
    for (let i = 0; i < chains.length; i += BY_ADDRESS_MAX_NETWORKS) {
      const group = new Set(chains.slice(i, i + BY_ADDRESS_MAX_NETWORKS));
      groups.push(asked.filter((t) => group.has(t.chain)));
    }
    const answers = await Promise.all(
      groups.map((group) =>
        this.prices.request(
          {
            endpoint: 'alchemy:/tokens/by-address',
            path: '/tokens/by-address',
            method: 'POST',
            body: { addresses: group.map((t) => ({ network: CHAIN_IDS[t.chain].alchemyNetwork, address: t.address })) },
            cacheTtlMs: PRICES_TTL_MS,
          },
          (raw) => tokenPricesResponseSchema.parse(raw),
        ),
      ),
    );
    const byKey = new Map<string, TokenPriceItem>();
    for (const item of answers.flatMap((answer) => answer.data)) {
      const chain = item.network ? chainFromAlchemyNetwork(item.network) : null;
      if (chain && item.address) byKey.set(`${chain}|${normaliseAddress(chain, item.address)}`, item);
    }
    return asked.map((t) => ({ ...t, ...quoteOf(byKey.get(`${t.chain}|${t.address}`)) }));
  }

  /** Current USD prices by ticker, in the order asked; tickers match case-insensitively. */
  async pricesBySymbol(symbols: readonly string[]): Promise<SymbolPrice[]> {
    assertBatch(symbols.length, 'symbols');
    if (symbols.length === 0) return [];
    const answer = await this.prices.request(
      {
        endpoint: 'alchemy:/tokens/by-symbol',
        path: '/tokens/by-symbol',
        query: { symbols: [...symbols] },
        cacheTtlMs: PRICES_TTL_MS,
      },
      (raw) => tokenPricesResponseSchema.parse(raw),
    );
    const bySymbol = new Map<string, TokenPriceItem>();
    for (const item of answer.data) if (item.symbol) bySymbol.set(item.symbol.toUpperCase(), item);
    return symbols.map((symbol) => ({ symbol, ...quoteOf(bySymbol.get(symbol.toUpperCase())) }));
  }

  /**
   * A USD price series for one token between two instants. A range longer than the provider
   * takes in one call (HISTORY_WINDOW_MS) is read in windows, in parallel, and joined in time
   * order (a point on a shared edge once). The API answers 404 for a token it does not know: that
   * is the caller's NotFoundError (404, not charged), not a failed source.
   */
  async historical(request: HistoricalRequest): Promise<HistoricalSeries> {
    const { startTime, endTime, interval } = request;
    if (!(endTime.getTime() > startTime.getTime())) throw new RangeError('endTime must be after startTime');
    const windows = historicalWindows(startTime, endTime, HISTORY_WINDOW_MS[interval]);
    const parts = await Promise.all(windows.map((window) => this.historicalWindow({ ...request, ...window })));
    const byTime = new Map<string, PricePoint>();
    for (const point of parts.flat()) if (!byTime.has(point.timestamp)) byTime.set(point.timestamp, point);
    return { points: [...byTime.values()] };
  }

  /** One historical call, for a range within HISTORY_WINDOW_MS. */
  private async historicalWindow(request: HistoricalRequest): Promise<PricePoint[]> {
    const { token, startTime, endTime, interval } = request;
    const identity =
      'symbol' in token ? { symbol: token.symbol } : { network: CHAIN_IDS[token.chain].alchemyNetwork, address: normaliseAddress(token.chain, token.address) };
    const answer = await this.prices
      .request(
        {
          endpoint: 'alchemy:/tokens/historical',
          path: '/tokens/historical',
          method: 'POST',
          body: { ...identity, startTime: startTime.toISOString(), endTime: endTime.toISOString(), interval },
          cacheTtlMs: HISTORY_TTL_MS,
        },
        (raw) => historicalPricesResponseSchema.parse(raw),
      )
      .catch((error: unknown) => {
        if (error instanceof UpstreamError && error.upstreamStatus === 404) {
          const what = 'symbol' in token ? `the symbol ${token.symbol}` : `${token.address} on ${token.chain}`;
          throw new NotFoundError(`The token data provider knows no token by ${what}.`);
        }
        throw error;
      });
    return answer.data.map((p) => ({ timestamp: new Date(p.timestamp).toISOString(), value: p.value }));
  }

  /**
   * Name, symbol, decimals and logo of a token contract (each null when the contract does not
   * say). A JSON-RPC error answer throws an UpstreamError 'rejected'.
   */
  async tokenMetadata(chain: Chain, address: string): Promise<TokenMetadata> {
    const network = CHAIN_IDS[chain].alchemyNetwork;
    const result = await rpcCall(
      this.rpc(network),
      network,
      'alchemy_getTokenMetadata',
      [normaliseAddress(chain, address)],
      (raw) => tokenMetadataRpcResponseSchema.parse(raw),
      METADATA_TTL_MS,
    );
    return {
      name: result?.name ?? null,
      symbol: result?.symbol ?? null,
      decimals: result?.decimals ?? null,
      logo: result?.logo ?? null,
    };
  }
}

function assertBatch(size: number, what: string): void {
  if (size > TOKEN_DATA_MAX_ITEMS) {
    throw new RangeError(`The prices API takes at most ${TOKEN_DATA_MAX_ITEMS} ${what} per call, got ${size}`);
  }
}
