import { plainToInstance } from 'class-transformer';
import { validateSync } from 'class-validator';
import { originList } from './settings/env-values';
import { OperationsSettings } from './settings/operations-settings';

// The settings are declared by concern in ./settings, in a chain of base classes: ServiceSettings
// (server and HTTP, database, auth, credits, limits), ProviderSettings (data providers, cache and
// Redis) and OperationsSettings (worker and feed, alerts, logs, metrics and traces). This class adds
// what is derived from them and fromEnv; class-transformer and class-validator read the inherited
// decorators, and docs/configuration.md is generated from the doc comments of every file of the chain.

/**
 * Every setting Scout reads, validated once at boot. Nothing else reads process.env:
 * a bad value stops the process with a message naming the variable.
 */
export class AppConfig extends OperationsSettings {
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
