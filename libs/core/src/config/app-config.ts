import { plainToInstance, Transform } from 'class-transformer';
import { IsBoolean, IsIn, IsInt, IsNumber, IsOptional, IsPositive, IsString, IsUrl, Matches, Max, Min, validateSync } from 'class-validator';

const toNumber = ({ value }: { value: unknown }) => (typeof value === 'string' && value.trim() !== '' ? Number(value) : value);
const toBool = ({ value }: { value: unknown }) => {
  if (typeof value !== 'string') return value;
  if (['true', '1', 'yes'].includes(value.toLowerCase())) return true;
  if (['false', '0', 'no'].includes(value.toLowerCase())) return false;
  return value;
};

/** One browser origin: scheme, host and optional port, no path. */
const ORIGIN = String.raw`https?://[A-Za-z0-9.-]+(?::\d{1,5})?`;
const ORIGINS = new RegExp(`^${ORIGIN}(?:\\s*,\\s*${ORIGIN})*$`);
const ORIGINS_OR_ANY = new RegExp(`^(?:\\*|${ORIGIN}(?:\\s*,\\s*${ORIGIN})*)$`);
/** An https origin, or http on a loopback host; an optional trailing slash, no path. */
const PUBLIC_URL_PATTERN = /^(?:https:\/\/[A-Za-z0-9.-]+(?::\d{1,5})?|http:\/\/(?:localhost|127\.0\.0\.1|\[::1\])(?::\d{1,5})?)\/?$/;
const originList = (text: string | undefined) =>
  (text ?? '')
    .split(',')
    .map((o) => o.trim())
    .filter((o) => o !== '');

/**
 * Every setting Scout reads, validated once at boot. Nothing else reads process.env:
 * a bad value stops the process with a message naming the variable.
 */
export class AppConfig {
  /** The HTTP port the API listens on (0 picks a free one; the banner says which). */
  @Transform(toNumber)
  @IsInt()
  @Min(0)
  @Max(65535)
  PORT = 3000;

  /** The address the API binds (0.0.0.0: every interface). */
  @IsString()
  HOST = '0.0.0.0';

  /**
   * On SIGTERM/SIGINT, how long calls already running may take to finish before the server closes
   * their connections (new calls get 503 at once). Keep it above TOOL_DEADLINE_MS so a call that
   * uses its whole budget still answers, and below the orchestrator's kill timeout.
   */
  @Transform(toNumber)
  @IsInt()
  @Min(0)
  @Max(600_000)
  SHUTDOWN_GRACE_MS = 25_000;

  /** PostgreSQL 15+ connection string. Unset: Scout runs its own embedded PostgreSQL (PGlite). */
  @IsOptional()
  @Matches(/^postgres(ql)?:\/\//, { message: 'DATABASE_URL must be a postgres:// URL' })
  DATABASE_URL?: string;

  /**
   * The connection string for what needs a session of its own (LISTEN/NOTIFY for the feed hub and
   * the PostgreSQL queue backend, session advisory locks): point it at PostgreSQL directly (or a
   * PgBouncer pool in session mode) when DATABASE_URL goes through a transaction-mode pooler.
   * Unset: DATABASE_URL. Refused without DATABASE_URL (the embedded database's one URL serves both).
   */
  @IsOptional()
  @Matches(/^postgres(ql)?:\/\//, { message: 'DATABASE_SESSION_URL must be a postgres:// URL' })
  DATABASE_SESSION_URL?: string;

  /** Where the embedded PostgreSQL keeps its files. */
  @IsString()
  DATA_DIR = './.data';

  /** Loopback port the embedded PostgreSQL listens on (psql can connect); 0 picks a free one. */
  @Transform(toNumber)
  @IsInt()
  @Min(0)
  @Max(65535)
  EMBEDDED_DB_PORT = 0;

  /**
   * Port of this process's Prometheus endpoint (`GET /metrics`, a small server of its own, not the
   * API's port). Unset: no endpoint (the default). The API process serves it, and with the worker
   * in the API process (`npm start`) one endpoint serves both; a standalone worker reads
   * WORKER_METRICS_PORT instead, so an API and a worker on one host never claim the same port.
   */
  @IsOptional()
  @Transform(toNumber)
  @IsInt()
  @Min(1)
  @Max(65535)
  METRICS_PORT?: number;

  /** Port of a standalone worker's (`npm run start:worker`) Prometheus endpoint. Unset: none. */
  @IsOptional()
  @Transform(toNumber)
  @IsInt()
  @Min(1)
  @Max(65535)
  WORKER_METRICS_PORT?: number;

  /**
   * Address the metrics endpoints bind to: loopback unless told otherwise, since `/metrics` has no
   * credential check; set `0.0.0.0` (or a private interface) for a scraper on another host.
   */
  @IsString()
  METRICS_HOST = '127.0.0.1';

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
   * Runs the BullMQ worker (apps/worker) inside the API process. Defaults to on with the embedded
   * database, whose PostgreSQL lives in the API process so no separate worker can reach it, and
   * off otherwise (run `npm run start:worker` processes instead).
   */
  @IsOptional()
  @Transform(toBool)
  @IsBoolean()
  WORKER_IN_PROCESS?: boolean;

  /** Ensures an admin key with exactly this secret exists at boot. */
  @IsOptional()
  @Matches(/^sc_[A-Za-z0-9_-]{24,128}$/, {
    message: 'ADMIN_BOOTSTRAP_KEY must look like sc_ followed by 24-128 letters, digits, _ or -',
  })
  ADMIN_BOOTSTRAP_KEY?: string;

  /** Applies pending migrations at boot. Defaults to on for the embedded database, off otherwise. */
  @IsOptional()
  @Transform(toBool)
  @IsBoolean()
  DB_MIGRATE_ON_START?: boolean;

  /** PostgreSQL connections per process (the API's pool; the worker has its own). */
  @Transform(toNumber)
  @IsInt()
  @Min(1)
  @Max(500)
  DB_POOL_MAX = 20;

  /** Value of the free starting grant in USD. */
  @Transform(toNumber)
  @IsNumber()
  @Min(0)
  @Max(1_000_000)
  FREE_GRANT_USD = 5;

  /** Pay-as-you-go price of one 250-credit call in USD; converts USD grants to credits. */
  @Transform(toNumber)
  @IsNumber()
  @IsPositive()
  @Max(1000)
  PAYG_USD_PER_CALL = 0.02;

  /** Default lifetime of a prepaid top-up. */
  @Transform(toNumber)
  @IsInt()
  @Min(1)
  @Max(120)
  TOPUP_EXPIRY_MONTHS = 12;

  /** Unauthenticated requests allowed per client IP per minute. */
  @Transform(toNumber)
  @IsInt()
  @Min(1)
  @Max(1_000_000)
  RATE_LIMIT_UNAUTHENTICATED_PER_MINUTE = 60;

  /**
   * IPv6 clients share that budget by network: one client is commonly given a whole /64, so keying
   * on the exact address would hand it unlimited budgets. IPv4 (also IPv4-mapped) is per address.
   */
  @Transform(toNumber)
  @IsInt()
  @Min(1)
  @Max(128)
  RATE_LIMIT_IPV6_PREFIX = 64;

  /** How long a verified key is trusted without re-reading it; bounds how late a revocation bites. */
  @Transform(toNumber)
  @IsInt()
  @Min(0)
  @Max(5000)
  AUTH_CACHE_TTL_MS = 2000;

  /**
   * Scout's own address as clients reach it: the OAuth issuer, the protected resource and the MCP
   * endpoint's base. https, except on loopback (a local Scout). Unset: `http://localhost:<PORT>`.
   */
  @IsOptional()
  @Matches(PUBLIC_URL_PATTERN, { message: 'PUBLIC_URL must be an https origin such as https://scout.example.com (http only on localhost, 127.0.0.1 or [::1])' })
  PUBLIC_URL?: string;

  /** Lifetime of an OAuth access token. */
  @Transform(toNumber)
  @IsInt()
  @Min(60)
  @Max(86_400)
  OAUTH_ACCESS_TOKEN_TTL_SECONDS = 3600;

  /** Lifetime of an OAuth refresh token; each use replaces it with a new one of the same lifetime, and a reused one revokes its grant. */
  @Transform(toNumber)
  @IsInt()
  @Min(1)
  @Max(365)
  OAUTH_REFRESH_TOKEN_TTL_DAYS = 30;

  /** Largest accepted request body, in bytes. */
  @Transform(toNumber)
  @IsInt()
  @Min(1024)
  @Max(10 * 1024 * 1024)
  BODY_LIMIT_BYTES = 64 * 1024;

  /**
   * Origins whose browser pages may call the tool routes and the catalog: `*` for any (bearer keys,
   * never cookies) or a comma-separated list such as `https://app.example.com,http://localhost:5173`.
   */
  @Matches(ORIGINS_OR_ANY, { message: 'CORS_ORIGINS must be * or comma-separated origins such as https://app.example.com' })
  CORS_ORIGINS = '*';

  /** Origins allowed to call /api/v1/me and /api/v1/admin from a browser (comma-separated); unset: none. */
  @IsOptional()
  @Matches(ORIGINS, { message: 'CORS_ADMIN_ORIGINS must be comma-separated origins such as https://admin.example.com' })
  CORS_ADMIN_ORIGINS?: string;

  /**
   * Browser origins, besides PUBLIC_URL's own, whose pages may call /mcp (comma-separated); unset:
   * none. A request with any other Origin header (`null` included) is 403: the MCP transport
   * requires the check against DNS rebinding. Clients that send no Origin (every non-browser MCP
   * client) are not affected. CORS_ORIGINS does not apply to /mcp.
   */
  @IsOptional()
  @Matches(ORIGINS, { message: 'MCP_ALLOWED_ORIGINS must be comma-separated origins such as https://app.example.com' })
  MCP_ALLOWED_ORIGINS?: string;

  /**
   * Set when Scout runs behind proxies that set X-Forwarded-For, so the client address (the key of
   * the unauthenticated rate limit) is read from it: a hop count (`1` for one load balancer), `true`
   * to trust every hop, or addresses, subnets and Express's names (`loopback`, `linklocal`,
   * `uniquelocal`), comma-separated. Unset: the address is the connection's.
   */
  @IsOptional()
  @Matches(/^\s*(true|false|\d+|[\w.:/-]+(\s*,\s*[\w.:/-]+)*)\s*$/i, {
    message: 'TRUST_PROXY must be a hop count, true, or comma-separated addresses, subnets or loopback/linklocal/uniquelocal',
  })
  TRUST_PROXY?: string;

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

  /** Days of the stored trade feed kept; older events are deleted every hour by the worker. */
  @Transform(toNumber)
  @IsInt()
  @Min(1)
  @Max(365)
  FEED_RETENTION_DAYS = 7;

  /**
   * Whether this worker takes part in ingesting the live trade feed (one process at a time ingests,
   * by a lease in PostgreSQL; the others stand by). Needs a FOMO key. Off for a worker that must never
   * open the feed.
   */
  @Transform(toBool)
  @IsBoolean()
  FEED_INGESTION = true;

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

  /** Overall time budget of one tool call; upstream timeouts are cut to fit inside it. */
  @Transform(toNumber)
  @IsInt()
  @Min(100)
  @Max(300_000)
  TOOL_DEADLINE_MS = 20_000;

  /**
   * How long past the tool deadline a call's hold on its credits lasts, so its answer can still be
   * posted; a hold nobody posts by then charges nothing, and an Idempotency-Key claim of a crashed
   * call is free again from then on.
   */
  @Transform(toNumber)
  @IsInt()
  @Min(1000)
  @Max(120_000)
  HOLD_GRACE_MS = 10_000;

  /** How often the worker evaluates every active alert (price and smart-money), in seconds. */
  @Transform(toNumber)
  @IsInt()
  @Min(5)
  @Max(86_400)
  ALERT_EVAL_INTERVAL_SECONDS = 60;

  /**
   * Lets alert webhooks and OAuth client metadata documents target loopback and private addresses
   * (http on loopback; local development and tests only); link-local (cloud metadata), CGNAT,
   * unspecified and reserved addresses stay refused.
   */
  @Transform(toBool)
  @IsBoolean()
  WEBHOOK_ALLOW_PRIVATE_TARGETS = false;

  /** SMTP server email alerts are sent through (smtp:// or smtps://, credentials in the URL). Unset: email alerts are refused. */
  @IsOptional()
  @Matches(/^smtps?:\/\//, { message: 'SMTP_URL must be an smtp:// or smtps:// URL' })
  SMTP_URL?: string;

  /** The From address of alert emails. */
  @IsString()
  SMTP_FROM = 'Scout alerts <alerts@scout.invalid>';

  /** The lowest level logged (Nest's route table is at debug). */
  @IsIn(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'])
  LOG_LEVEL = 'info';

  /**
   * Writes each log line before the request goes on (true), instead of in the background, lines
   * that come while a write is under way going out together (false, the default: a request does
   * not wait on its log line; lines not yet written when the process is killed outright are lost).
   */
  @Transform(toBool)
  @IsBoolean()
  LOG_SYNC = false;

  /**
   * How log lines look: `pretty` (one readable line per entry, by pino-pretty) or `json` (one JSON
   * object per line, for a collector). Unset: pretty when standard output is a terminal, JSON
   * otherwise (logFormatFor).
   */
  @IsOptional()
  @IsIn(['pretty', 'json'], { message: 'LOG_FORMAT must be pretty or json' })
  LOG_FORMAT?: 'pretty' | 'json';

  /**
   * OpenTelemetry: where traces go (OTLP over HTTP), the standard variables. Either one set turns
   * tracing on; the SDK reads them (and the other OTEL_* variables) itself, at the entry points'
   * tracing preload, which runs before this config: they are declared here so a malformed value
   * stops the boot like any other. The traces endpoint is the full URL (`.../v1/traces`); the
   * general one is a base URL the exporter appends `/v1/traces` to.
   */
  @IsOptional()
  @IsUrl({ require_tld: false, require_protocol: true, protocols: ['http', 'https'] }, { message: 'OTEL_EXPORTER_OTLP_ENDPOINT must be an http(s) URL' })
  OTEL_EXPORTER_OTLP_ENDPOINT?: string;

  /** The OTLP/HTTP traces endpoint as a full URL (`.../v1/traces`), the standard variable; either it or OTEL_EXPORTER_OTLP_ENDPOINT turns tracing on. */
  @IsOptional()
  @IsUrl({ require_tld: false, require_protocol: true, protocols: ['http', 'https'] }, { message: 'OTEL_EXPORTER_OTLP_TRACES_ENDPOINT must be an http(s) URL' })
  OTEL_EXPORTER_OTLP_TRACES_ENDPOINT?: string;

  /** `service.name` of this process's spans; unset: `scout-api` (the API, and a worker inside it) or `scout-worker`. */
  @IsOptional()
  @Matches(/^[\w.:/-]{1,128}$/, { message: 'OTEL_SERVICE_NAME must be 1-128 letters, digits, _ . : / or -' })
  OTEL_SERVICE_NAME?: string;

  get upstreamMode(): 'sandbox' | 'live' {
    return this.UPSTREAM_MODE ?? (this.embeddedDatabase ? 'sandbox' : 'live');
  }

  /** The log format in force: LOG_FORMAT, or pretty on a terminal and JSON otherwise. */
  logFormatFor(stdoutIsTty: boolean): 'pretty' | 'json' {
    return this.LOG_FORMAT ?? (stdoutIsTty ? 'pretty' : 'json');
  }

  /** Whether traces are exported (an OTLP endpoint is set; the entry points' preload started the SDK). */
  get tracingConfigured(): boolean {
    return (this.OTEL_EXPORTER_OTLP_ENDPOINT ?? this.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT) !== undefined;
  }

  get embeddedDatabase(): boolean {
    return !this.DATABASE_URL;
  }

  /**
   * The connection string in force for what needs a session of its own: DATABASE_SESSION_URL, else
   * DATABASE_URL. Undefined with the embedded database, whose one URL (known once it runs) serves both.
   */
  get databaseSessionUrl(): string | undefined {
    return this.DATABASE_SESSION_URL ?? this.DATABASE_URL;
  }

  /** TRUST_PROXY as Express's `trust proxy` reads it: a hop count must be a number (the text `1` would be the address 0.0.0.1), `true` a boolean. */
  get trustProxy(): boolean | number | string | undefined {
    const value = this.TRUST_PROXY?.trim();
    if (!value) return undefined;
    if (/^(true|false)$/i.test(value)) return value.toLowerCase() === 'true';
    if (/^\d+$/.test(value)) return Number(value);
    return value;
  }

  get workerInProcess(): boolean {
    return this.WORKER_IN_PROCESS ?? this.embeddedDatabase;
  }

  /** Lifetime of a call's hold: the tool deadline plus the grace to post its answer. */
  get holdTtlMs(): number {
    return this.TOOL_DEADLINE_MS + this.HOLD_GRACE_MS;
  }

  /** Browser origins allowed on the tool routes and the catalog ('*': any). */
  get corsOrigins(): '*' | string[] {
    return this.CORS_ORIGINS.trim() === '*' ? '*' : originList(this.CORS_ORIGINS);
  }

  /** Browser origins allowed on /me and /admin (none unless configured). */
  get corsAdminOrigins(): string[] {
    return originList(this.CORS_ADMIN_ORIGINS);
  }

  /** Browser origins allowed on /mcp: PUBLIC_URL's origin and MCP_ALLOWED_ORIGINS. */
  get mcpAllowedOrigins(): string[] {
    // As a browser writes an Origin header: lower-case host, no default port.
    return [...new Set([this.publicUrl, ...originList(this.MCP_ALLOWED_ORIGINS)].map((url) => new URL(url).origin))];
  }

  /** PUBLIC_URL without a trailing slash (a local Scout on PORT when unset): `${publicUrl}/mcp` is the MCP endpoint. */
  get publicUrl(): string {
    return (this.PUBLIC_URL ?? `http://localhost:${this.PORT}`).replace(/\/$/, '');
  }

  get migrateOnStart(): boolean {
    return this.DB_MIGRATE_ON_START ?? this.embeddedDatabase;
  }

  /** The free grant in credits: $5 at $0.02 per 250-credit call is 62,500 credits. */
  get freeGrantCredits(): number {
    return Math.round((this.FREE_GRANT_USD / this.PAYG_USD_PER_CALL) * 250);
  }

  static fromEnv(env: Record<string, string | undefined>): AppConfig {
    const known = Object.keys(new AppConfig()).concat([
      'DATABASE_URL',
      'DATABASE_SESSION_URL',
      'REDIS_URL',
      'ADMIN_BOOTSTRAP_KEY',
      'DB_MIGRATE_ON_START',
      'TRUST_PROXY',
      'UPSTREAM_MODE',
      'JUPITER_API_KEYS',
      'TOKEN_DATA_API_KEYS',
      'WORKER_IN_PROCESS',
      'CORS_ADMIN_ORIGINS',
      'MCP_ALLOWED_ORIGINS',
      'FOMO_API_KEYS',
      'SMTP_URL',
      'PUBLIC_URL',
      'TOKEN_ANALYTICS_API_KEYS',
      'LAUNCHPAD_API_URL',
      'LAUNCHPAD_API_KEYS',
      'LOG_FORMAT',
      'OTEL_EXPORTER_OTLP_ENDPOINT',
      'OTEL_EXPORTER_OTLP_TRACES_ENDPOINT',
      'OTEL_SERVICE_NAME',
      'METRICS_PORT',
      'WORKER_METRICS_PORT',
    ]);
    const picked: Record<string, string> = {};
    for (const key of known) {
      const value = env[key];
      if (value !== undefined && value !== '') picked[key] = value;
    }
    const config = plainToInstance(AppConfig, picked);
    const lines = validateSync(config).flatMap((e) => Object.values(e.constraints ?? {}).map((m) => `  ${e.property}: ${m}`));
    if (config.DATABASE_SESSION_URL !== undefined && config.DATABASE_URL === undefined) {
      // The embedded database has one URL for everything; a session URL beside it would point elsewhere.
      lines.push('  DATABASE_SESSION_URL: DATABASE_SESSION_URL needs DATABASE_URL (the embedded database takes neither)');
    }
    if (lines.length > 0) throw new Error(`Invalid configuration:\n${lines.join('\n')}`);
    return config;
  }
}
