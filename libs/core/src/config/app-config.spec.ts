import { getMetadataStorage } from 'class-validator';
import { AppConfig } from './app-config';
import { OperationsSettings } from './settings/operations-settings';
import { ProviderSettings } from './settings/provider-settings';
import { ServiceSettings } from './settings/service-settings';

describe('AppConfig', () => {
  it('uses the documented defaults', () => {
    const config = AppConfig.fromEnv({});
    expect(config.PORT).toBe(3000);
    expect(config.embeddedDatabase).toBe(true);
    expect(config.migrateOnStart).toBe(true);
    expect(config.RATE_LIMIT_UNAUTHENTICATED_PER_MINUTE).toBe(60);
    expect(config.freeGrantCredits).toBe(62_500);
    expect(config.UPSTREAM_SLOW_CALL_MS).toBe(2000);
  });

  it('groups IPv6 clients of the unauthenticated limit by a /64 unless told otherwise (1-128)', () => {
    expect(AppConfig.fromEnv({}).RATE_LIMIT_IPV6_PREFIX).toBe(64);
    expect(AppConfig.fromEnv({ RATE_LIMIT_IPV6_PREFIX: '48' }).RATE_LIMIT_IPV6_PREFIX).toBe(48);
    for (const bad of ['0', '129', '64.5', 'x']) expect(() => AppConfig.fromEnv({ RATE_LIMIT_IPV6_PREFIX: bad })).toThrow(/RATE_LIMIT_IPV6_PREFIX/);
  });

  it('reads the slow-call threshold of the upstream sources', () => {
    expect(AppConfig.fromEnv({ UPSTREAM_SLOW_CALL_MS: '30000' }).UPSTREAM_SLOW_CALL_MS).toBe(30_000);
    expect(() => AppConfig.fromEnv({ UPSTREAM_SLOW_CALL_MS: '0' })).toThrow(/UPSTREAM_SLOW_CALL_MS/);
  });

  it('reads the grace in which an expired cached answer stands in for a failing upstream', () => {
    expect(AppConfig.fromEnv({}).UPSTREAM_CACHE_GRACE_MS).toBe(300_000);
    expect(AppConfig.fromEnv({ UPSTREAM_CACHE_GRACE_MS: '0' }).UPSTREAM_CACHE_GRACE_MS).toBe(0);
    expect(() => AppConfig.fromEnv({ UPSTREAM_CACHE_GRACE_MS: '-1' })).toThrow(/UPSTREAM_CACHE_GRACE_MS/);
  });

  it("reads the shared cache's Redis key prefix", () => {
    expect(AppConfig.fromEnv({}).UPSTREAM_CACHE_PREFIX).toBe('scout:cache:');
    expect(AppConfig.fromEnv({ UPSTREAM_CACHE_PREFIX: 'staging:cache:' }).UPSTREAM_CACHE_PREFIX).toBe('staging:cache:');
    expect(() => AppConfig.fromEnv({ UPSTREAM_CACHE_PREFIX: 'has space' })).toThrow(/UPSTREAM_CACHE_PREFIX/);
  });

  it('takes an https public URL, or http only on a loopback host', () => {
    expect(AppConfig.fromEnv({}).publicUrl).toBe('http://localhost:3000');
    expect(AppConfig.fromEnv({ PORT: '3100' }).publicUrl).toBe('http://localhost:3100');
    expect(AppConfig.fromEnv({ PUBLIC_URL: 'https://scout.example.com/' }).publicUrl).toBe('https://scout.example.com');
    expect(AppConfig.fromEnv({ PUBLIC_URL: 'http://127.0.0.1:4100' }).publicUrl).toBe('http://127.0.0.1:4100');
    for (const bad of ['http://scout.example.com', 'https://scout.example.com/api', 'ftp://localhost', 'localhost:3000']) {
      expect(() => AppConfig.fromEnv({ PUBLIC_URL: bad })).toThrow(/PUBLIC_URL/);
    }
    expect(AppConfig.fromEnv({ OAUTH_ACCESS_TOKEN_TTL_SECONDS: '600' }).OAUTH_ACCESS_TOKEN_TTL_SECONDS).toBe(600);
    expect(() => AppConfig.fromEnv({ OAUTH_REFRESH_TOKEN_TTL_DAYS: '0' })).toThrow(/OAUTH_REFRESH_TOKEN_TTL_DAYS/);
  });

  it("reads TRUST_PROXY as Express's trust proxy takes it: a hop count as a number, true as a boolean, else addresses and names", () => {
    expect(AppConfig.fromEnv({}).trustProxy).toBeUndefined();
    expect(AppConfig.fromEnv({ TRUST_PROXY: '1' }).trustProxy).toBe(1);
    expect(AppConfig.fromEnv({ TRUST_PROXY: 'TRUE' }).trustProxy).toBe(true);
    expect(AppConfig.fromEnv({ TRUST_PROXY: 'false' }).trustProxy).toBe(false);
    expect(AppConfig.fromEnv({ TRUST_PROXY: 'loopback, 10.0.0.0/8, fc00::/7' }).trustProxy).toBe('loopback, 10.0.0.0/8, fc00::/7');
    for (const bad of ['1 hop', 'loopback;uniquelocal', '*']) expect(() => AppConfig.fromEnv({ TRUST_PROXY: bad })).toThrow(/TRUST_PROXY/);
  });

  it('turns migrations off by default for an external database', () => {
    const config = AppConfig.fromEnv({ DATABASE_URL: 'postgres://u@h:5432/d' });
    expect(config.embeddedDatabase).toBe(false);
    expect(config.migrateOnStart).toBe(false);
    expect(AppConfig.fromEnv({ DATABASE_URL: 'postgres://u@h/d', DB_MIGRATE_ON_START: 'true' }).migrateOnStart).toBe(true);
  });

  it('takes a session URL for LISTEN and session locks beside DATABASE_URL, which it defaults to, and refuses it alone', () => {
    expect(AppConfig.fromEnv({}).databaseSessionUrl).toBeUndefined();
    expect(AppConfig.fromEnv({ DATABASE_URL: 'postgres://u@pooler:6432/d' }).databaseSessionUrl).toBe('postgres://u@pooler:6432/d');
    const both = AppConfig.fromEnv({ DATABASE_URL: 'postgres://u@pooler:6432/d', DATABASE_SESSION_URL: 'postgresql://u@db:5432/d' });
    expect([both.DATABASE_URL, both.databaseSessionUrl]).toEqual(['postgres://u@pooler:6432/d', 'postgresql://u@db:5432/d']);
    expect(AppConfig.fromEnv({ DATABASE_URL: 'postgres://u@h/d', DATABASE_SESSION_URL: '' }).databaseSessionUrl).toBe('postgres://u@h/d');
    expect(() => AppConfig.fromEnv({ DATABASE_URL: 'postgres://u@h/d', DATABASE_SESSION_URL: 'mysql://x' })).toThrow(
      /DATABASE_SESSION_URL: DATABASE_SESSION_URL must be a postgres:\/\/ URL/,
    );
    expect(() => AppConfig.fromEnv({ DATABASE_SESSION_URL: 'postgres://u@db:5432/d' })).toThrow(
      /^Invalid configuration:\n {2}DATABASE_SESSION_URL: DATABASE_SESSION_URL needs DATABASE_URL/,
    );
  });

  it('runs the worker in the API process by default only with the embedded database', () => {
    expect(AppConfig.fromEnv({}).workerInProcess).toBe(true);
    expect(AppConfig.fromEnv({ WORKER_IN_PROCESS: 'false' }).workerInProcess).toBe(false);
    expect(AppConfig.fromEnv({ DATABASE_URL: 'postgres://u@h/d' }).workerInProcess).toBe(false);
    expect(AppConfig.fromEnv({ DATABASE_URL: 'postgres://u@h/d', WORKER_IN_PROCESS: 'true' }).workerInProcess).toBe(true);
  });

  it('converts the free grant from USD at the pay-as-you-go rate', () => {
    expect(AppConfig.fromEnv({ FREE_GRANT_USD: '10' }).freeGrantCredits).toBe(125_000);
    expect(AppConfig.fromEnv({ FREE_GRANT_USD: '5', PAYG_USD_PER_CALL: '0.04' }).freeGrantCredits).toBe(31_250);
    expect(AppConfig.fromEnv({ FREE_GRANT_USD: '0' }).freeGrantCredits).toBe(0);
  });

  it('allows any browser origin on the public API and none on /me and /admin by default', () => {
    const config = AppConfig.fromEnv({});
    expect(config.corsOrigins).toBe('*');
    expect(config.corsAdminOrigins).toEqual([]);
    const listed = AppConfig.fromEnv({ CORS_ORIGINS: 'https://app.example.com, http://localhost:5173', CORS_ADMIN_ORIGINS: 'https://admin.example.com' });
    expect(listed.corsOrigins).toEqual(['https://app.example.com', 'http://localhost:5173']);
    expect(listed.corsAdminOrigins).toEqual(['https://admin.example.com']);
  });

  it.each([
    [{ CORS_ORIGINS: 'app.example.com' }, 'CORS_ORIGINS'],
    [{ CORS_ORIGINS: 'https://app.example.com/path' }, 'CORS_ORIGINS'],
    [{ CORS_ADMIN_ORIGINS: '*' }, 'CORS_ADMIN_ORIGINS'],
    [{ CORS_ADMIN_ORIGINS: 'https://a.example.com,,' }, 'CORS_ADMIN_ORIGINS'],
  ])('refuses a malformed origin list %j', (env, name) => {
    expect(() => AppConfig.fromEnv(env)).toThrow(name);
  });

  it.each([
    [{ PORT: 'eighty' }, 'PORT'],
    [{ PORT: '70000' }, 'PORT'],
    [{ DATABASE_URL: 'mysql://x' }, 'DATABASE_URL'],
    [{ ADMIN_BOOTSTRAP_KEY: 'sk_live_123' }, 'ADMIN_BOOTSTRAP_KEY'],
    [{ AUTH_CACHE_TTL_MS: '60000' }, 'AUTH_CACHE_TTL_MS'],
    [{ DB_MIGRATE_ON_START: 'perhaps' }, 'DB_MIGRATE_ON_START'],
    [{ WORKER_IN_PROCESS: 'sometimes' }, 'WORKER_IN_PROCESS'],
    [{ LOG_LEVEL: 'loud' }, 'LOG_LEVEL'],
    [{ FOMO_API_URL: 'not a url' }, 'FOMO_API_URL'],
    [{ DEXSCREENER_API_URL: 'not a url' }, 'DEXSCREENER_API_URL'],
  ])('refuses %j and names the variable', (env, name) => {
    expect(() => AppConfig.fromEnv(env)).toThrow(new RegExp(`^Invalid configuration:[\\s\\S]*${name}:`));
  });

  it('reads the FOMO data API host and keys', () => {
    expect(AppConfig.fromEnv({}).FOMO_API_URL).toBe('https://api.fomoapi.io');
    const config = AppConfig.fromEnv({ FOMO_API_URL: 'http://localhost:4010/fomo', FOMO_API_KEYS: 'k1, k2' });
    expect(config.FOMO_API_URL).toBe('http://localhost:4010/fomo');
    expect(config.FOMO_API_KEYS).toBe('k1, k2');
  });

  it('reads the DexScreener host', () => {
    expect(AppConfig.fromEnv({}).DEXSCREENER_API_URL).toBe('https://api.dexscreener.com');
    expect(AppConfig.fromEnv({ DEXSCREENER_API_URL: 'http://localhost:4010/dexscreener' }).DEXSCREENER_API_URL).toBe('http://localhost:4010/dexscreener');
  });

  it('reads the launchpad host (no default: none is public) and its optional keys', () => {
    expect(AppConfig.fromEnv({})).toMatchObject({ LAUNCHPAD_API_URL: undefined, LAUNCHPAD_API_KEYS: undefined });
    const config = AppConfig.fromEnv({ LAUNCHPAD_API_URL: 'http://localhost:4010/launchpad', LAUNCHPAD_API_KEYS: 'k1' });
    expect(config).toMatchObject({ LAUNCHPAD_API_URL: 'http://localhost:4010/launchpad', LAUNCHPAD_API_KEYS: 'k1' });
    expect(() => AppConfig.fromEnv({ LAUNCHPAD_API_URL: 'not a url' })).toThrow('LAUNCHPAD_API_URL');
  });

  it('reads the alert settings: evaluation interval, private webhook targets, SMTP', () => {
    const defaults = AppConfig.fromEnv({});
    expect(defaults.ALERT_EVAL_INTERVAL_SECONDS).toBe(60);
    expect(defaults.WEBHOOK_ALLOW_PRIVATE_TARGETS).toBe(false);
    expect(defaults.SMTP_URL).toBeUndefined();
    const set = AppConfig.fromEnv({
      ALERT_EVAL_INTERVAL_SECONDS: '15',
      WEBHOOK_ALLOW_PRIVATE_TARGETS: 'true',
      SMTP_URL: 'smtp://u:p@127.0.0.1:2525',
      SMTP_FROM: 'a@b.example',
    });
    expect([set.ALERT_EVAL_INTERVAL_SECONDS, set.WEBHOOK_ALLOW_PRIVATE_TARGETS, set.SMTP_URL, set.SMTP_FROM]).toEqual([
      15,
      true,
      'smtp://u:p@127.0.0.1:2525',
      'a@b.example',
    ]);
    expect(() => AppConfig.fromEnv({ ALERT_EVAL_INTERVAL_SECONDS: '1' })).toThrow(/ALERT_EVAL_INTERVAL_SECONDS/);
    expect(() => AppConfig.fromEnv({ SMTP_URL: 'http://mail.example' })).toThrow(/SMTP_URL/);
    expect(() => AppConfig.fromEnv({ WEBHOOK_ALLOW_PRIVATE_TARGETS: 'maybe' })).toThrow(/WEBHOOK_ALLOW_PRIVATE_TARGETS/);
  });

  it('reads LOG_FORMAT: pretty or json; unset, pretty on a terminal and JSON otherwise', () => {
    const unset = AppConfig.fromEnv({});
    expect(unset.LOG_FORMAT).toBeUndefined();
    expect([unset.logFormatFor(true), unset.logFormatFor(false)]).toEqual(['pretty', 'json']);
    const json = AppConfig.fromEnv({ LOG_FORMAT: 'json' });
    expect([json.logFormatFor(true), json.logFormatFor(false)]).toEqual(['json', 'json']);
    const pretty = AppConfig.fromEnv({ LOG_FORMAT: 'pretty' });
    expect([pretty.logFormatFor(true), pretty.logFormatFor(false)]).toEqual(['pretty', 'pretty']);
    expect(AppConfig.fromEnv({ LOG_FORMAT: '' }).LOG_FORMAT).toBeUndefined();
    expect(() => AppConfig.fromEnv({ LOG_FORMAT: 'xml' })).toThrow(/LOG_FORMAT must be pretty or json/);
    expect(() => AppConfig.fromEnv({ LOG_FORMAT: 'JSON' })).toThrow(/LOG_FORMAT/);
  });

  it('reads the OpenTelemetry endpoint variables and service name, refusing a malformed one', () => {
    expect(AppConfig.fromEnv({}).tracingConfigured).toBe(false);
    const set = AppConfig.fromEnv({ OTEL_EXPORTER_OTLP_ENDPOINT: 'http://otel-collector:4318', OTEL_SERVICE_NAME: 'scout-api-eu' });
    expect([set.OTEL_EXPORTER_OTLP_ENDPOINT, set.OTEL_SERVICE_NAME, set.tracingConfigured]).toEqual(['http://otel-collector:4318', 'scout-api-eu', true]);
    expect(AppConfig.fromEnv({ OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: 'https://otlp.example.com/v1/traces' }).tracingConfigured).toBe(true);
    expect(() => AppConfig.fromEnv({ OTEL_EXPORTER_OTLP_ENDPOINT: 'otel-collector:4318' })).toThrow(/OTEL_EXPORTER_OTLP_ENDPOINT/);
    expect(() => AppConfig.fromEnv({ OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: 'ftp://x/v1/traces' })).toThrow(/OTEL_EXPORTER_OTLP_TRACES_ENDPOINT/);
    expect(() => AppConfig.fromEnv({ OTEL_SERVICE_NAME: 'scout api' })).toThrow(/OTEL_SERVICE_NAME/);
  });
});

describe('AppConfig: the settings its base classes declare by concern', () => {
  const BASES = [ServiceSettings, ProviderSettings, OperationsSettings];
  /** The settings a class declares itself (a property with a validation rule), not those it inherits. */
  const declaredBy = (type: new () => object) => [
    ...new Set(
      getMetadataStorage()
        .getTargetValidationMetadatas(type, '', true, false)
        .filter((m) => m.target === type)
        .map((m) => m.propertyName),
    ),
  ];
  const read = (config: AppConfig, name: string) => (config as unknown as Record<string, unknown>)[name];

  it('declares every setting in one of them, none in AppConfig itself', () => {
    const all = getMetadataStorage()
      .getTargetValidationMetadatas(AppConfig, '', true, false)
      .map((m) => m.propertyName);
    expect(declaredBy(AppConfig)).toEqual([]);
    for (const type of BASES) expect({ type: type.name, empty: declaredBy(type).length === 0 }).toEqual({ type: type.name, empty: false });
    expect(BASES.flatMap(declaredBy).sort()).toEqual([...new Set(all)].sort());
  });

  it.each([
    [ServiceSettings, 'PORT', 3000, 'eighty'],
    [ServiceSettings, 'FREE_GRANT_USD', 5, '-1'],
    [ProviderSettings, 'FOMO_API_URL', 'https://api.fomoapi.io', 'not a url'],
    [ProviderSettings, 'UPSTREAM_CACHE_PREFIX', 'scout:cache:', 'has space'],
    [OperationsSettings, 'LOG_LEVEL', 'info', 'loud'],
    [OperationsSettings, 'FEED_INGESTION', true, 'sometimes'],
  ])('%p: its default of %s applies, and a bad value is refused naming it', (type, name, fallback, bad) => {
    expect(declaredBy(type)).toContain(name);
    expect(read(AppConfig.fromEnv({}), name)).toBe(fallback);
    expect(() => AppConfig.fromEnv({ [name]: bad })).toThrow(new RegExp(`^Invalid configuration:\\n {2}${name}: `));
  });

  it('reads every setting of each from the environment: its default when unset; a value of the wrong kind is taken as text or refused naming it', () => {
    const defaults = AppConfig.fromEnv({});
    for (const type of BASES) {
      const own = new type() as unknown as Record<string, unknown>;
      for (const name of declaredBy(type)) {
        expect({ name, value: read(defaults, name) }).toEqual({ name, value: own[name] });
        let outcome: string;
        try {
          outcome = read(AppConfig.fromEnv({ [name]: '~x~' }), name) === '~x~' ? 'taken' : 'ignored';
        } catch (error) {
          outcome = (error as Error).message.includes(`\n  ${name}: `) ? 'refused' : (error as Error).message;
        }
        expect({ name, outcome }).toEqual({ name, outcome: expect.stringMatching(/^(taken|refused)$/) as unknown });
      }
    }
  });
});
