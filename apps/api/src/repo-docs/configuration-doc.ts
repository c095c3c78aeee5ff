import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { plainToInstance } from 'class-transformer';
import { getMetadataStorage, type ValidationArguments } from 'class-validator';
import * as ts from 'typescript';
import { AppConfig } from '@scout/core';
import { code, inline, slug, table } from './markdown';

/**
 * Where the settings are declared, from the repository root: the file of each class of AppConfig's
 * chain, its first base class first and AppConfig's own file last (one class a file). Their doc
 * comments are read from them.
 */
export const APP_CONFIG_SOURCES: readonly string[] = [
  'libs/core/src/config/settings/service-settings.ts',
  'libs/core/src/config/settings/provider-settings.ts',
  'libs/core/src/config/settings/operations-settings.ts',
  'libs/core/src/config/app-config.ts',
];

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

/** AppConfig's class comment and each property's doc comment, as the files of its chain of classes declare them. */
export interface ConfigComments {
  intro: string;
  settings: Map<string, { meaning: string | null; sharesCommentOf?: string }>;
}

/** The text of a `/** ... *\/` comment: delimiters and leading `*` removed, whitespace made single spaces. */
function docText(comment: string): string {
  return comment
    .replace(/^\/\*\*/, '')
    .replace(/\*\/$/, '')
    .split('\n')
    .map((line) => line.replace(/^\s*\* ?/, ''))
    .join(' ')
    .replace(/\s+/g, ' ')
    .trim();
}

/** `a, b or c`: the items joined by commas, the last two by the word. */
const joinWords = (items: readonly string[], word: string) =>
  items.length > 1 ? `${items.slice(0, -1).join(', ')} ${word} ${items.at(-1)}` : (items[0] ?? '');

/** The last `/** ... *\/` comment right before a node (after any other comments), or null. */
function leadingDoc(text: string, node: ts.Node): string | null {
  const ranges = ts.getLeadingCommentRanges(text, node.getFullStart()) ?? [];
  const docs = ranges.filter((range) => range.kind === ts.SyntaxKind.MultiLineCommentTrivia && text.startsWith('/**', range.pos));
  const last = docs.at(-1);
  return last ? docText(text.slice(last.pos, last.end)) : null;
}

/** The names of AppConfig and the classes it extends, its first base class first. */
const classChain = (type: unknown): string[] =>
  typeof type === 'function' && type !== Function.prototype ? [...classChain(Object.getPrototypeOf(type)), type.name] : [];

/**
 * Reads the doc comments of AppConfig's properties from the files of its chain of classes
 * (APP_CONFIG_SOURCES), with the TypeScript compiler (syntax only, no type checking). A property
 * without a comment of its own, declared on the line right after a commented one (no blank line
 * between), shares that comment: the source writes one comment over such a pair
 * (`UPSTREAM_TIMEOUT_MS` and `UPSTREAM_RETRIES`). Stops unless each file declares one class of the
 * chain, in the chain's order.
 */
export function readConfigComments(root: string): ConfigComments {
  const chain = classChain(AppConfig);
  const declarations = APP_CONFIG_SOURCES.flatMap((path) => {
    const text = readFileSync(resolve(root, path), 'utf8');
    const source = ts.createSourceFile(path, text, ts.ScriptTarget.ES2022, true);
    const classes = source.statements.filter((node): node is ts.ClassDeclaration => ts.isClassDeclaration(node) && chain.includes(node.name?.text ?? ''));
    return classes.map((declaration) => ({ path, text, source, declaration, name: declaration.name!.text }));
  });
  const found = declarations.map((d) => `${d.name} in ${d.path}`);
  if (chain.length !== APP_CONFIG_SOURCES.length || found.join() !== APP_CONFIG_SOURCES.map((path, i) => `${chain[i]} in ${path}`).join()) {
    throw new Error(
      `APP_CONFIG_SOURCES must list the file of ${joinWords(chain, 'then')}, one class a file; it lists ${joinWords(found, 'and') || 'none of them'}`,
    );
  }
  const settings: ConfigComments['settings'] = new Map();
  for (const { path, text, source, declaration } of declarations) {
    let previous: { name: string; meaning: string | null; end: number } | null = null;
    for (const member of declaration.members) {
      if (!ts.isPropertyDeclaration(member) || !ts.isIdentifier(member.name)) {
        previous = null;
        continue;
      }
      const name = member.name.text;
      if (settings.has(name)) throw new Error(`${name} is declared again in ${path}: a setting is declared once in AppConfig's chain`);
      const own = leadingDoc(text, member);
      const adjacent = previous !== null && !/\n[ \t]*\r?\n/.test(text.slice(previous.end, member.getStart(source)));
      if (own === null && adjacent && previous?.meaning) {
        settings.set(name, { meaning: previous.meaning, sharesCommentOf: previous.name });
      } else {
        settings.set(name, { meaning: own });
      }
      previous = { name, meaning: settings.get(name)!.meaning, end: member.getEnd() };
    }
  }
  const appConfig = declarations.at(-1)!;
  return { intro: leadingDoc(appConfig.text, appConfig.declaration) ?? '', settings };
}

/** A custom message without the setting's name it opens with (`PORT must be...` → `must be...`). */
function messageOf(message: ValidationMetadataLike['message'], name: string): string | null {
  if (typeof message !== 'string' || message === '') return null;
  return message.startsWith(`${name} `) ? message.slice(name.length + 1) : message;
}

type ValidationMetadataLike = { name?: string; type: string; constraints?: unknown[]; message?: string | ((args: ValidationArguments) => string) };

/** The words a boolean setting accepts: what its transform turns into true or false (probed, so the document follows the code). */
function booleanWords(name: string): string {
  const probe = (word: string) => (plainToInstance(AppConfig, { [name]: word }) as unknown as Record<string, unknown>)[name];
  const pairs = [
    ['true', 'false'],
    ['1', '0'],
    ['yes', 'no'],
    ['on', 'off'],
  ].filter(([yes, no]) => probe(yes) === true && probe(no) === false);
  const anyCase = pairs.flat().every((word) => probe(word.toUpperCase()) === probe(word));
  const words = pairs.map(([yes, no]) => `${code(yes)}/${code(no)}`);
  return `boolean: ${joinWords(words, 'or')}${anyCase ? ' (any case)' : ''}`;
}

/**
 * What a setting's validation accepts, in words, from its class-validator metadata. A decorator
 * with no wording here stops the generator, so a new kind of rule gets one before it is documented.
 */
export function acceptsOf(name: string, metadata: ValidationMetadataLike[]): string {
  const rules = new Map(metadata.filter((m) => m.type === 'customValidation').map((m) => [m.name ?? '', m]));
  const kind: string[] = [];
  const limits: string[] = [];
  for (const [rule, meta] of rules) {
    const [constraint] = meta.constraints ?? [];
    switch (rule) {
      case 'isInt':
        kind.push('integer');
        break;
      case 'isNumber':
        kind.push('number');
        break;
      case 'isString':
        if (!rules.has('matches')) kind.push('text');
        break;
      case 'isBoolean':
        kind.push(booleanWords(name));
        break;
      case 'isUrl': {
        const options = (constraint ?? {}) as { protocols?: string[] };
        kind.push(options.protocols ? `${options.protocols.join(' or ')} URL` : 'URL');
        break;
      }
      case 'isPositive':
        limits.push('> 0');
        break;
      case 'min':
      case 'max':
        break;
      case 'isIn':
        kind.push(`one of ${(constraint as unknown[]).map((value) => code(String(value))).join(', ')}`);
        break;
      case 'matches':
        kind.push(`text that ${messageOf(meta.message, name) ?? `matches ${code(String(constraint))}`}`);
        break;
      default:
        throw new Error(`${name}: no wording for the validation rule "${rule}" (add one to acceptsOf in configuration-doc.ts)`);
    }
  }
  const min = rules.get('min')?.constraints?.[0] as number | undefined;
  const max = rules.get('max')?.constraints?.[0] as number | undefined;
  if (min !== undefined && max !== undefined) limits.unshift(`${min}-${max}`);
  else if (min !== undefined) limits.unshift(`≥ ${min}`);
  else if (max !== undefined) limits.push(`≤ ${max}`);
  return [kind.join(', '), ...limits].filter((part) => part !== '').join(', ');
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
