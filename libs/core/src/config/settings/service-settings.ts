import { Transform } from 'class-transformer';
import { IsBoolean, IsInt, IsNumber, IsOptional, IsPositive, IsString, Matches, Max, Min } from 'class-validator';
import { ORIGINS, ORIGINS_OR_ANY, PUBLIC_URL_PATTERN, toBool, toNumber } from './env-values';

/**
 * The settings of the service itself: its HTTP server, its database, keys and OAuth, credits, and
 * the limits and deadlines of a call. The first of AppConfig's base classes (app-config.ts).
 */
export class ServiceSettings {
  // Server and HTTP

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
   * Scout's own address as clients reach it: the OAuth issuer, the protected resource and the MCP
   * endpoint's base. https, except on loopback (a local Scout). Unset: `http://localhost:<PORT>`.
   */
  @IsOptional()
  @Matches(PUBLIC_URL_PATTERN, { message: 'PUBLIC_URL must be an https origin such as https://scout.example.com (http only on localhost, 127.0.0.1 or [::1])' })
  PUBLIC_URL?: string;

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
   * On SIGTERM/SIGINT, how long calls already running may take to finish before the server closes
   * their connections (new calls get 503 at once). Keep it above TOOL_DEADLINE_MS so a call that
   * uses its whole budget still answers, and below the orchestrator's kill timeout.
   */
  @Transform(toNumber)
  @IsInt()
  @Min(0)
  @Max(600_000)
  SHUTDOWN_GRACE_MS = 25_000;

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

  // Database

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

  // Auth and keys

  /** Ensures an admin key with exactly this secret exists at boot. */
  @IsOptional()
  @Matches(/^sc_[A-Za-z0-9_-]{24,128}$/, {
    message: 'ADMIN_BOOTSTRAP_KEY must look like sc_ followed by 24-128 letters, digits, _ or -',
  })
  ADMIN_BOOTSTRAP_KEY?: string;

  /** How long a verified key is trusted without re-reading it; bounds how late a revocation bites. */
  @Transform(toNumber)
  @IsInt()
  @Min(0)
  @Max(5000)
  AUTH_CACHE_TTL_MS = 2000;

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

  // Credits

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

  // Limits and deadlines

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

  /** Largest accepted request body, in bytes. */
  @Transform(toNumber)
  @IsInt()
  @Min(1024)
  @Max(10 * 1024 * 1024)
  BODY_LIMIT_BYTES = 64 * 1024;

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
}
