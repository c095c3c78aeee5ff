import pino, { type DestinationStream, type LogFn, type Logger, type LoggerOptions } from 'pino';
import type { MessageFormatFunc, PrettyOptions } from 'pino-pretty';
import { activeTraceFields, tracingActive } from './spans';

/** `json`: one JSON object a line, for collectors. `pretty`: one readable line per entry, for a person at a terminal. */
export type LogFormat = 'pretty' | 'json';

/**
 * Nest's start-up chatter (each module initialised, every route mapped, "starting", "started"):
 * debug, not info, so a start at the default level prints only what a person needs.
 */
const FRAMEWORK_CONTEXTS = new Set(['NestFactory', 'InstanceLoader', 'RoutesResolver', 'RouterExplorer', 'NestApplication']);

function isFrameworkLine(first: unknown): boolean {
  const context = (first as { context?: unknown } | null)?.context;
  return typeof context === 'string' && FRAMEWORK_CONTEXTS.has(context);
}

/** pino `hooks.logMethod`: an info line of Nest's own start-up is written at debug (or not at all). */
function demoteFrameworkLines(this: Logger, args: Parameters<LogFn>, method: LogFn, level: number): void {
  if (level === pino.levels.values.info && isFrameworkLine(args[0])) {
    if (this.isLevelEnabled('debug')) this.debug(...args);
    return;
  }
  method.apply(this, args);
}

/** pino `mixin` while tracing: the trace and span the line was written in (a line that names its own keeps them). */
function traceMixin(mergeObject: object): object {
  return (mergeObject as { traceId?: unknown }).traceId !== undefined ? {} : activeTraceFields();
}

/**
 * The pino options every Scout logger shares (the API's request logger, the standalone worker's):
 * its level, Nest's start-up lines at debug and, only while tracing, the trace id on every line
 * (tracing off, no mixin is installed: it costs nothing per line).
 */
export function scoutLoggerOptions(level: string): LoggerOptions {
  return {
    level,
    hooks: { logMethod: demoteFrameworkLines },
    ...(tracingActive() ? { mixin: traceMixin } : {}),
  };
}

/**
 * Where log lines go: standard output, JSON or pretty. Written in the background unless `sync`
 * (pino flushes what is buffered when the process exits). When something has replaced
 * process.stdout.write (a test reading the logs), lines go through it, as pino's own default does.
 */
export function logDestination(options: { format: LogFormat; sync: boolean; colorize?: boolean }): DestinationStream {
  const replaced = process.stdout.write !== (Object.getPrototypeOf(process.stdout) as NodeJS.WriteStream).write;
  const out: DestinationStream = replaced ? process.stdout : pino.destination({ dest: 1, sync: options.sync });
  if (options.format === 'json') return out;
  return prettyDestination(out, options.colorize ?? Boolean(process.stdout.isTTY));
}

/** Keys of the request line that the pretty line shows in its own words (or hides: pid, hostname). */
const REQUEST_KEYS = [
  'pid',
  'hostname',
  'name',
  'context',
  'requestId',
  'req',
  'res',
  'durationMs',
  'responseTime',
  'accountId',
  'credential',
  'channel',
  'tool',
  'outcome',
  'credits',
  'cacheHit',
  'upstreamCalls',
  'upstreamCachedCalls',
  'errorCode',
  'traceId',
  'spanId',
];
const OTHER_KEYS = ['pid', 'hostname', 'name', 'context', 'requestId', 'traceId', 'spanId'];

type Colors = Parameters<MessageFormatFunc>[3]['colors'];

/**
 * pino-pretty in this process (no worker thread), one line per entry: the request line as
 * `GET /api/v1/tools/x 200 12ms tool=x channel=rest credits=250 upstream=1 cached=0 account=1a2b3c4d auth=api_key req=<id>`,
 * any other line as `[Context] message`, its other fields after it on the same line.
 */
function prettyDestination(out: DestinationStream, colorize: boolean): DestinationStream {
  const shared: PrettyOptions = { colorize, translateTime: 'SYS:HH:MM:ss.l', singleLine: true };
  // eslint-disable-next-line @typescript-eslint/no-require-imports -- pino-pretty is loaded only for the pretty format
  const { prettyFactory } = require('pino-pretty') as typeof import('pino-pretty');
  const requestLine = prettyFactory({
    ...shared,
    ignore: REQUEST_KEYS.join(','),
    messageFormat: (log, _key, _label, { colors }) => formatRequestLine(log, colors),
  });
  const otherLine = prettyFactory({
    ...shared,
    ignore: OTHER_KEYS.join(','),
    messageFormat: (log, key, _label, { colors }) => formatOtherLine(log, key, colors),
  });
  return {
    write(line: string) {
      let entry: Record<string, unknown>;
      try {
        entry = JSON.parse(line) as Record<string, unknown>;
      } catch {
        out.write(line);
        return;
      }
      out.write(isRequestLine(entry) ? requestLine(entry) : otherLine(entry));
    },
  };
}

function isRequestLine(entry: Record<string, unknown>): boolean {
  return typeof entry.req === 'object' && entry.req !== null && typeof entry.res === 'object' && entry.res !== null;
}

/** A field's value as the pretty line shows it: text and numbers as they are, anything else as JSON. */
const text = (value: unknown): string =>
  typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean' ? String(value) : (JSON.stringify(value) ?? '');

/** The first 8 characters of an id (a UUID's first group): enough to tell entries apart on a screen. */
const short = (id: unknown) => (typeof id === 'string' && id.length > 12 ? `${id.slice(0, 8)}…` : text(id));

export function formatRequestLine(log: Record<string, unknown>, colors: Colors): string {
  const req = log.req as { method?: string; path?: string };
  const status = (log.res as { statusCode?: number }).statusCode ?? 0;
  const statusText = status >= 500 ? colors.red(String(status)) : status >= 400 ? colors.yellow(String(status)) : colors.green(String(status));
  const parts = [`${req.method ?? '?'} ${req.path ?? '?'} ${statusText} ${text(log.durationMs ?? log.responseTime ?? '?')}ms`];
  const field = (name: string, value: unknown) => `${colors.gray(`${name}=`)}${text(value)}`;
  if (log.tool !== undefined) parts.push(field('tool', colors.cyan(text(log.tool))));
  if (log.channel !== undefined) parts.push(field('channel', log.channel));
  if (log.credits !== undefined) parts.push(field('credits', log.credits));
  if (log.upstreamCalls !== undefined) parts.push(field('upstream', log.upstreamCalls), field('cached', log.upstreamCachedCalls ?? 0));
  if (log.cacheHit === true) parts.push(colors.green('cache-hit'));
  if (log.outcome !== undefined && log.outcome !== 'answered') parts.push(field('outcome', log.outcome));
  if (log.errorCode !== undefined) parts.push(field('error', log.errorCode));
  if (log.accountId !== undefined) parts.push(field('account', short(log.accountId)));
  if (log.credential !== undefined && log.credential !== 'none') parts.push(field('auth', log.credential));
  parts.push(colors.gray(`req=${text(log.requestId ?? '')}`));
  if (log.traceId !== undefined) parts.push(colors.gray(`trace=${text(log.traceId)}`));
  return parts.join(' ');
}

function formatOtherLine(log: Record<string, unknown>, messageKey: string, colors: Colors): string {
  const parts: string[] = [];
  if (typeof log.context === 'string') parts.push(colors.magenta(`[${log.context}]`));
  parts.push(text(log[messageKey] ?? ''));
  if (typeof log.requestId === 'string' && log.requestId !== '') parts.push(colors.gray(`req=${log.requestId}`));
  if (log.traceId !== undefined) parts.push(colors.gray(`trace=${text(log.traceId)}`));
  return parts.join(' ');
}
