import { DEFAULT_CACHE_MAX_ENTRIES } from './response-cache';
import type { UpstreamSourceOptions } from './upstream.types';

/** What a source gets for each option it leaves unset (see UpstreamSourceOptions). */
export const UPSTREAM_DEFAULTS = {
  breakerThreshold: 5,
  halfOpenAfterMs: 4_000,
  halfOpenMaxMs: 8_000,
  slowCallMs: 2_000,
  retryBaseDelayMs: 200,
  retryMaxDelayMs: 2_000,
  maxRetryWaitMs: 10_000,
  connections: 32,
  cacheMaxEntries: DEFAULT_CACHE_MAX_ENTRIES,
  cacheGraceMs: 300_000,
} as const;

/** A source's options with every default filled in. */
export type SourceSettings = Required<Omit<UpstreamSourceOptions, 'headers' | 'refusalRule' | 'creditHeaders' | 'keySetting'>> &
  Pick<UpstreamSourceOptions, 'refusalRule' | 'creditHeaders' | 'keySetting'> & { headers: Record<string, string> };

/** The settings of a source, defaults filled in, and its base URL; throws naming the source on a bad option. */
export function resolveSettings(options: UpstreamSourceOptions): { settings: SourceSettings; base: URL } {
  // Options left undefined (an unset setting) take the default rather than erasing it.
  const given = Object.fromEntries(Object.entries(options).filter(([, v]) => v !== undefined)) as UpstreamSourceOptions;
  const settings: SourceSettings = { ...UPSTREAM_DEFAULTS, ...given, headers: options.headers ?? {} };
  return { settings, base: validate(options, settings) };
}

function validate(options: UpstreamSourceOptions, settings: SourceSettings): URL {
  const problem = (what: string) => new Error(`Upstream source "${options.name}": ${what}`);
  let base: URL;
  try {
    base = new URL(options.baseUrl);
  } catch {
    throw problem(`baseUrl "${options.baseUrl}" is not a URL`);
  }
  if (base.protocol !== 'http:' && base.protocol !== 'https:') throw problem('baseUrl must be http(s)');
  if (base.search || base.hash) throw problem('baseUrl must not carry a query or fragment');
  for (const name of [
    'timeoutMs',
    'breakerThreshold',
    'halfOpenAfterMs',
    'halfOpenMaxMs',
    'slowCallMs',
    'retryMaxDelayMs',
    'connections',
    'cacheMaxEntries',
  ] as const) {
    if (!(settings[name] > 0)) throw problem(`${name} must be positive`);
  }
  if (!(settings.retryBaseDelayMs >= 0) || !(settings.maxRetryWaitMs >= 0)) throw problem('retry delays must be >= 0');
  if (!(settings.cacheGraceMs >= 0)) throw problem('cacheGraceMs must be >= 0');
  if (!Number.isInteger(options.retries) || options.retries < 0) throw problem('retries must be a whole number >= 0');
  if (options.keyPlacement.kind === 'none' && options.keys.length > 0) throw problem('keys are configured but keyPlacement is none');
  if (options.keyPlacement.kind === 'header' && !options.keyPlacement.header) throw problem('keyPlacement header needs a header name');
  return base;
}
