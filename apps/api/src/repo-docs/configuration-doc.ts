import { getMetadataStorage } from 'class-validator';
import { AppConfig } from '@scout/core';
import { acceptsOf } from './configuration-doc-accepts';
import { APP_CONFIG_SOURCES, joinWords, readConfigComments } from './configuration-doc-comments';
import { code, inline, slug, table } from './markdown';

// The document's parts by concern: where the settings' comments come from, and how a rule is worded.
export { acceptsOf } from './configuration-doc-accepts';
export { APP_CONFIG_SOURCES, type ConfigComments, readConfigComments } from './configuration-doc-comments';

/** The document, from the repository root. */
export const CONFIGURATION_DOC = 'docs/configuration.md';

/**
 * The sections of the document, in order. Each setting belongs to exactly one: a setting AppConfig
 * declares and no section lists (or one listed that AppConfig does not declare) stops the
 * generator, naming it, so a new setting cannot be left out of the document.
 */
export const SETTING_GROUPS: ReadonlyArray<{ title: string; settings: readonly string[] }> = [
  {
    title: 'Server and HTTP',
    settings: ['PORT', 'HOST', 'PUBLIC_URL', 'TRUST_PROXY', 'SHUTDOWN_GRACE_MS', 'CORS_ORIGINS', 'CORS_ADMIN_ORIGINS', 'MCP_ALLOWED_ORIGINS'],
  },
  { title: 'Database', settings: ['DATABASE_URL', 'DATABASE_SESSION_URL', 'DATA_DIR', 'EMBEDDED_DB_PORT', 'DB_MIGRATE_ON_START', 'DB_POOL_MAX'] },
  { title: 'Auth and keys', settings: ['ADMIN_BOOTSTRAP_KEY', 'AUTH_CACHE_TTL_MS', 'OAUTH_ACCESS_TOKEN_TTL_SECONDS', 'OAUTH_REFRESH_TOKEN_TTL_DAYS'] },
  { title: 'Credits', settings: ['FREE_GRANT_USD', 'PAYG_USD_PER_CALL', 'TOPUP_EXPIRY_MONTHS'] },
  {
    title: 'Limits and deadlines',
    settings: ['RATE_LIMIT_UNAUTHENTICATED_PER_MINUTE', 'RATE_LIMIT_IPV6_PREFIX', 'BODY_LIMIT_BYTES', 'TOOL_DEADLINE_MS', 'HOLD_GRACE_MS'],
  },
  {
    title: 'Data providers',
    settings: [
      'UPSTREAM_MODE',
      'SANDBOX_SEED',
      'DEFILLAMA_API_URL',
      'DEFILLAMA_COINS_URL',
      'DEFILLAMA_STABLECOINS_URL',
      'DEFILLAMA_YIELDS_URL',
      'JUPITER_URL',
      'JUPITER_API_KEYS',
      'TOKEN_DATA_PRICES_URL',
      'TOKEN_DATA_RPC_URL',
      'TOKEN_DATA_PORTFOLIO_URL',
      'TOKEN_DATA_API_KEYS',
      'FOMO_API_URL',
      'FOMO_API_KEYS',
      'DEXSCREENER_API_URL',
      'TOKEN_ANALYTICS_URL',
      'TOKEN_ANALYTICS_API_KEYS',
      'LAUNCHPAD_API_URL',
      'LAUNCHPAD_API_KEYS',
      'UPSTREAM_TIMEOUT_MS',
      'UPSTREAM_RETRIES',
      'UPSTREAM_SLOW_CALL_MS',
    ],
  },
  { title: 'Cache and Redis', settings: ['REDIS_URL', 'UPSTREAM_CACHE_GRACE_MS', 'UPSTREAM_CACHE_PREFIX'] },
  { title: 'Worker and live feed', settings: ['WORKER_IN_PROCESS', 'FEED_INGESTION', 'FEED_RETENTION_DAYS'] },
  { title: 'Alerts', settings: ['ALERT_EVAL_INTERVAL_SECONDS', 'WEBHOOK_ALLOW_PRIVATE_TARGETS', 'SMTP_URL', 'SMTP_FROM'] },
  {
    title: 'Logs, metrics and traces',
    settings: [
      'LOG_LEVEL',
      'LOG_SYNC',
      'LOG_FORMAT',
      'METRICS_PORT',
      'WORKER_METRICS_PORT',
      'METRICS_HOST',
      'OTEL_EXPORTER_OTLP_ENDPOINT',
      'OTEL_EXPORTER_OTLP_TRACES_ENDPOINT',
      'OTEL_SERVICE_NAME',
      'ANSWER_CHECK_EVERY',
    ],
  },
];

/** What the document says about one setting. */
export interface SettingDoc {
  name: string;
  /** The initializer's value; undefined when the setting has none (unset). */
  default: unknown;
  /** What validation accepts, in words, from the class-validator decorators. */
  accepts: string;
  /** The property's doc comment, whitespace made single spaces; null when it has none. */
  meaning: string | null;
  /** The setting declared just above whose comment this one shares (declared with no blank line between, no comment of its own). */
  sharesCommentOf?: string;
}

/** Every setting AppConfig declares (a property with a validation rule), in declaration order, as the document states it. */
export function describeSettings(root: string): SettingDoc[] {
  const metadata = getMetadataStorage().getTargetValidationMetadatas(AppConfig, '', true, false);
  const comments = readConfigComments(root);
  const names = [...new Set(metadata.map((m) => m.propertyName))];
  const defaults = new AppConfig() as unknown as Record<string, unknown>;
  return names.map((name) => {
    const comment = comments.settings.get(name);
    if (!comment) throw new Error(`${name} has validation rules but no property declaration in ${joinWords(APP_CONFIG_SOURCES, 'or')}`);
    return {
      name,
      default: defaults[name],
      accepts: acceptsOf(
        name,
        metadata.filter((m) => m.propertyName === name),
      ),
      meaning: comment.meaning,
      ...(comment.sharesCommentOf ? { sharesCommentOf: comment.sharesCommentOf } : {}),
    };
  });
}

/** A default as the environment would spell it: settings' initializers are numbers, strings or booleans. */
function defaultCell(value: unknown): string {
  if (value === undefined) return 'unset';
  if (typeof value !== 'number' && typeof value !== 'string' && typeof value !== 'boolean')
    throw new Error(`a default of type ${typeof value} has no spelling`);
  return inline(code(String(value)), true);
}

/** The settings in their sections; throws naming a setting no section lists, or one listed that does not exist. */
export function groupSettings(settings: SettingDoc[]): Array<{ title: string; settings: SettingDoc[] }> {
  const byName = new Map(settings.map((setting) => [setting.name, setting]));
  const listed = SETTING_GROUPS.flatMap((group) => group.settings);
  const unknown = listed.filter((name) => !byName.has(name));
  const unlisted = settings.map((s) => s.name).filter((name) => !listed.includes(name));
  const twice = listed.filter((name, i) => listed.indexOf(name) !== i);
  const problems = [
    ...unlisted.map((name) => `${name} is in no section: add it to SETTING_GROUPS (apps/api/src/repo-docs/configuration-doc.ts)`),
    ...unknown.map((name) => `${name} is listed in SETTING_GROUPS but AppConfig declares no such setting`),
    ...twice.map((name) => `${name} is listed twice in SETTING_GROUPS`),
  ];
  if (problems.length) throw new Error(problems.join('\n'));
  return SETTING_GROUPS.map((group) => ({ title: group.title, settings: group.settings.map((name) => byName.get(name)!) }));
}

/** docs/configuration.md. */
export function buildConfigurationDoc(intro: string, settings: SettingDoc[]): string {
  const groups = groupSettings(settings);
  const sources = APP_CONFIG_SOURCES.map((path) => `[${code(path)}](../${path})`);
  const lines = [
    '# Configuration',
    '',
    `<!-- Generated by \`npm run docs\` from ${joinWords(APP_CONFIG_SOURCES, 'and')}: do not edit this file. Change a setting's doc comment or its validation there, then run \`npm run docs\`. -->`,
    '',
    inline(intro),
    '',
    `Each setting is an environment variable; an empty value counts as unset. **Default** is the value when it is unset ("unset": none, and the meaning says what applies). **Accepts** is what the validation at boot allows. **Meaning** is the setting's doc comment in the file declaring it: ${joinWords(sources, 'or')}.`,
    '',
    ...groups.map((group) => `- [${group.title}](#${slug(group.title)}): ${group.settings.map((s) => code(s.name)).join(', ')}`),
  ];
  for (const group of groups) {
    lines.push(
      '',
      `## ${group.title}`,
      '',
      ...table(
        ['variable', 'default', 'accepts', 'meaning'],
        group.settings.map((s) => [
          code(s.name),
          defaultCell(s.default),
          inline(s.accepts, true),
          s.meaning === null ? '_No doc comment in AppConfig yet._' : inline(s.meaning, true),
        ]),
      ),
    );
  }
  return `${lines.join('\n')}\n`;
}

/** docs/configuration.md as AppConfig declares the settings now. */
export function generateConfigurationDoc(root: string): string {
  return buildConfigurationDoc(readConfigComments(root).intro, describeSettings(root));
}
