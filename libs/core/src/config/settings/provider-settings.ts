import { Transform } from 'class-transformer';
import { IsIn, IsInt, IsOptional, IsString, IsUrl, Matches, Max, Min } from 'class-validator';
import { ServiceSettings } from './service-settings';
import { toNumber } from './env-values';

/** The settings of the data providers Scout calls (upstreams), and of the cache of their answers. */
export class ProviderSettings extends ServiceSettings {
  // Data providers

  /**
   * Where data comes from: `sandbox` starts the synthetic upstream in-process and points every
   * provider at it; `live` uses the provider URLs below. Defaults to sandbox with the embedded
   * database (the newcomer's `npm start`), live otherwise.
   */
  @IsOptional()
  @IsIn(['sandbox', 'live'])
  UPSTREAM_MODE?: 'sandbox' | 'live';

  /** Seed of the sandbox's synthetic market. */
  @Transform(toNumber)
  @IsInt()
  @Min(0)
  @Max(2 ** 31 - 1)
  SANDBOX_SEED = 42;

  /** DefiLlama's main API host (chains, protocols and the like); keyless. */
  @IsUrl({ require_tld: false }) DEFILLAMA_API_URL = 'https://api.llama.fi';
  /** DefiLlama's coins API host (token prices with their confidence); keyless. */
  @IsUrl({ require_tld: false }) DEFILLAMA_COINS_URL = 'https://coins.llama.fi';
  /** DefiLlama's stablecoins API host; keyless. */
  @IsUrl({ require_tld: false }) DEFILLAMA_STABLECOINS_URL = 'https://stablecoins.llama.fi';
  /** DefiLlama's yields API host (pools); keyless. */
  @IsUrl({ require_tld: false }) DEFILLAMA_YIELDS_URL = 'https://yields.llama.fi';

  /**
   * Jupiter's API host (Solana prices and swap quotes), called with JUPITER_API_KEYS. Without keys,
   * point it at Jupiter's keyless tier, `https://lite-api.jup.ag`.
   */
  @IsUrl({ require_tld: false }) JUPITER_URL = 'https://api.jup.ag';
  /** Comma-separated Jupiter API keys (x-api-key); rotated, and skipped once refused. */
  @IsOptional() @IsString() JUPITER_API_KEYS?: string;

  /** Multichain token data API (Alchemy-style): prices host and per-network JSON-RPC template. */
  @IsUrl({ require_tld: false }) TOKEN_DATA_PRICES_URL = 'https://api.g.alchemy.com/prices/v1';
  @Matches(/^https?:\/\/.*\{network\}/, { message: 'TOKEN_DATA_RPC_URL must contain {network}' })
  TOKEN_DATA_RPC_URL = 'https://{network}.g.alchemy.com/v2';
  /** Its Portfolio API host (what a wallet holds, five networks per call); same keys, in the path. */
  @IsUrl({ require_tld: false }) TOKEN_DATA_PORTFOLIO_URL = 'https://api.g.alchemy.com/data/v1';
  /**
   * Comma-separated API keys of the token data API; they travel in the path. Without one its sources
   * show `unconfigured` in service_health, naming this setting.
   */
  @IsOptional() @IsString() TOKEN_DATA_API_KEYS?: string;

  /** The FOMO data API (traders, boards, theses); keys travel as `Authorization: Bearer <key>`. */
  @IsUrl({ require_tld: false }) FOMO_API_URL = 'https://api.fomoapi.io';
  /**
   * Comma-separated FOMO API keys, rotated: a key answered `402 credits_exhausted` rests while the
   * next one is used; one refused with 401/403 is dropped. Each key's remaining credits (FOMO's
   * `x-credits-remaining`) show in GET /api/v1/admin/upstreams. Without a key, source `fomo` shows
   * `unconfigured` in service_health and the live feed is not ingested.
   */
  @IsOptional() @IsString() FOMO_API_KEYS?: string;

  /**
   * DexScreener (keyless): token markets on every chain (price, market cap, FDV, liquidity, 24 h
   * volume and change); its answers are cached 60 s.
   */
  @IsUrl({ require_tld: false }) DEXSCREENER_API_URL = 'https://api.dexscreener.com';

  /**
   * The Solana token-analytics API (Solana Tracker format): a token's holders, authorities, LP burn,
   * risk, snipers and insiders, its deployer's launches, first buyers, top traders, a wallet's PnL,
   * cohort search and market-cap charts. Shown as source `token-analytics` in service_health.
   */
  @IsUrl({ require_tld: false }) TOKEN_ANALYTICS_URL = 'https://data.solanatracker.io';
  /**
   * Comma-separated token-analytics API keys (x-api-key); rotated, and skipped once refused. Without
   * one, source `token-analytics` shows `unconfigured`, naming this setting.
   */
  @IsOptional() @IsString() TOKEN_ANALYTICS_API_KEYS?: string;

  /**
   * The launchpad site (StonkFun format): its coins, their burns, holder rewards, airdrops, fees and
   * backing, its launches, pairs, LaunchLab pricing and platform totals. No default:
   * no public host is known, so unset in live mode the launchpad source shows unconfigured (naming this
   * setting; Scout's overall status is not down for it) and its tools answer 502, uncharged, naming it.
   */
  @IsOptional() @IsUrl({ require_tld: false }) LAUNCHPAD_API_URL?: string;
  /** Comma-separated launchpad API keys (x-api-key); optional, the site answers without one. */
  @IsOptional() @IsString() LAUNCHPAD_API_KEYS?: string;

  /** Timeout of one upstream attempt, and how many times a failed read is retried. */
  @Transform(toNumber)
  @IsInt()
  @Min(50)
  @Max(120_000)
  UPSTREAM_TIMEOUT_MS = 8000;
  @Transform(toNumber)
  @IsInt()
  @Min(0)
  @Max(5)
  UPSTREAM_RETRIES = 2;

  /**
   * An upstream answer slower than this marks its source degraded in service_health (any of the
   * last 20 calls of the last 5 minutes, until three healthy calls in a row); the default of every
   * source built by UpstreamSources.
   */
  @Transform(toNumber)
  @IsInt()
  @Min(1)
  @Max(600_000)
  UPSTREAM_SLOW_CALL_MS = 2000;

  // Cache and Redis

  /**
   * Redis: shared rate-limit counters across instances, the job queues (unset: the queues live in
   * PostgreSQL), and the upstream response cache every API process shares, with single-flight across
   * processes (unset: each process caches on its own). While it is set and does not answer PING
   * within 1 s, GET /readyz answers 503.
   */
  @IsOptional()
  @Matches(/^rediss?:\/\//, { message: 'REDIS_URL must be a redis:// URL' })
  REDIS_URL?: string;

  /**
   * How long past its TTL a cached upstream answer is kept to stand in for its failing source
   * (serve-stale: a 5xx, timeout, network error, malformed payload, open breaker or no usable key;
   * never a 4xx refusal, never for a caller who cleared their cache since). It is metered as a
   * cached call, charged as any answer, with a note naming the endpoint and when the copy was
   * fetched; 0 turns serving stale answers off.
   */
  @Transform(toNumber)
  @IsInt()
  @Min(0)
  @Max(86_400_000)
  UPSTREAM_CACHE_GRACE_MS = 300_000;

  /**
   * Where the shared upstream response cache keeps its keys in Redis (with REDIS_URL): deployments
   * or test runs sharing one Redis each take their own.
   */
  @IsString()
  @Matches(/^[\w:.-]{1,64}$/, { message: 'UPSTREAM_CACHE_PREFIX must be 1-64 letters, digits, _ : . or -' })
  UPSTREAM_CACHE_PREFIX = 'scout:cache:';
}
