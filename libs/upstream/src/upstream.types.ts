import { ToolError } from '@scout/core';

/** One upstream request, as a provider client describes it. */
export interface UpstreamCall {
  /** Stable label reported in the envelope's credits.endpoints, e.g. 'defillama:/v2/chains'. */
  endpoint: string;
  /** Path after the source's base URL (and after the key, for path-keyed sources), e.g. '/v2/chains'. */
  path: string;
  query?: Record<string, string | number | boolean | readonly string[] | undefined>;
  method?: 'GET' | 'POST';
  /** JSON body for POST. */
  body?: unknown;
  /** Cache the parsed answer this long (ms). 0 or absent: never cached. */
  cacheTtlMs?: number;
  /**
   * Whether sending it twice is harmless, so 5xx, timeouts and network errors may be retried.
   * Default true: Scout only reads upstream, with GET or with POST (batch lookups, JSON-RPC).
   */
  idempotent?: boolean;
}

/** How a source's API keys travel. */
export type KeyPlacement =
  | { kind: 'none' }
  /** `prefix` goes before the key, e.g. 'Bearer ' for `Authorization: Bearer <key>`. */
  | { kind: 'header'; header: string; prefix?: string }
  /** The key is the first path segment: `${baseUrl}/${key}${path}` (DefiLlama Pro, Alchemy). */
  | { kind: 'path' };

export interface UpstreamSourceOptions {
  /** Source name shown in service_health and service_usage, e.g. 'defillama'. */
  name: string;
  baseUrl: string;
  /** The key pool; empty when the source needs none. */
  keys: string[];
  keyPlacement: KeyPlacement;
  /**
   * The setting the keys come from (e.g. TOKEN_ANALYTICS_API_KEYS): a source that needs keys and
   * was given none is `unconfigured` in service_health, naming it.
   */
  keySetting?: string;
  /** Timeout of one attempt (ms), always cut to the caller's remaining deadline. */
  timeoutMs: number;
  /** Extra attempts for idempotent reads on 429, 5xx, timeouts and network errors. */
  retries: number;
  /** Headers sent on every call (besides the key), e.g. a user agent. */
  headers?: Record<string, string>;
  /** Consecutive failures (5xx, timeouts, network errors, malformed payloads) that open the breaker. Default 5. */
  breakerThreshold?: number;
  /**
   * How long an open breaker fails fast before letting one test call through (ms); each failed
   * test doubles the wait, up to halfOpenMaxMs. Half-jittered. Default 4,000.
   */
  halfOpenAfterMs?: number;
  /** The longest wait between test calls of an open breaker (ms), so a recovery is seen within it. Default 8,000. */
  halfOpenMaxMs?: number;
  /** An answer slower than this marks the source degraded (ms). Default 2,000. */
  slowCallMs?: number;
  /** First retry waits up to this long; each further retry doubles it, up to retryMaxDelayMs. Default 200. */
  retryBaseDelayMs?: number;
  /** Default 2,000. */
  retryMaxDelayMs?: number;
  /** Longest wait before a retry, Retry-After included; a longer one fails the call instead (ms). Default 10,000. */
  maxRetryWaitMs?: number;
  /** Keep-alive connections to the host. Default 32. */
  connections?: number;
  /** Entries kept in the response cache (least recently used go first). Default 5,000. */
  cacheMaxEntries?: number;
  /**
   * How long past its TTL a cached answer is kept to stand in for a failing upstream (ms); 0: never
   * served stale. Default 300,000.
   */
  cacheGraceMs?: number;
  /**
   * The provider's own reading of an error answer, consulted before the default rules (401/403
   * invalid key, 402/429 throttled key, 5xx retried, other 4xx terminal). Null: the defaults apply.
   */
  refusalRule?: (refusal: UpstreamRefusal) => RefusalVerdict | null;
  /** Response headers carrying the key's credit balance and the call's cost, read on every answer. */
  creditHeaders?: { cost: string; remaining: string };
}

/** An error answer as a refusal rule sees it. */
export interface UpstreamRefusal {
  status: number;
  /** The start of the body (a few KB at most); '' when the status carries no body worth reading. */
  body: string;
  headers: Record<string, string | string[] | undefined>;
}

/**
 * What a refusal means, when the provider says more than its status:
 * - `key_exhausted`: the key is out of credits; rotate to the next key. It rests until the
 *   announced reset (Retry-After, x-ratelimit-reset), else for `restMs`.
 * - `pending`: the answer is being prepared upstream; ask again after a pause, for as long as
 *   the caller's deadline allows. Not a failure of the source.
 * - `refused`: terminal for this call, the key stays healthy.
 */
export type RefusalVerdict = { kind: 'key_exhausted'; restMs: number } | { kind: 'pending'; reason: string } | { kind: 'refused' };
export type UpstreamFailure =
  | 'timeout'
  | 'network'
  | 'http'
  | 'malformed'
  | 'no_keys'
  | 'circuit_open'
  | 'rejected'
  /** The upstream kept answering "not ready yet" until the caller's deadline. */
  | 'pending'
  /** No host is configured for the source, so nothing was sent. */
  | 'unconfigured';

/**
 * An upstream that did not give a usable answer. It is a ToolError, so a tool that does not catch
 * it answers 502 tool_error (refunded) with this message as details.
 */
export class UpstreamError extends ToolError {
  constructor(
    readonly source: string,
    readonly failure: UpstreamFailure,
    /** What went wrong, without the source prefix; never contains an API key. */
    readonly detail: string,
    /** The upstream's HTTP status, when it answered at all. */
    readonly upstreamStatus: number | null = null,
    /** For a payload off Scout's schema (`malformed`): the JSON path of its first problem, '(root)' for the whole body. */
    readonly payloadPath: string | null = null,
  ) {
    super(`The ${source} data source failed.`, `${source}: ${detail}`);
    this.name = 'UpstreamError';
  }
}

/** A data source: one provider host with its keys, breaker, retries and cache. */
export interface UpstreamSource {
  readonly name: string;
  /**
   * Sends the call (or answers it from cache) and parses the JSON body with `parse`, which must
   * throw on a payload of the wrong shape (that becomes an UpstreamError 'malformed', never a
   * crash or a silent zero). Records the call or cache hit in the current request's meter.
   */
  request<T>(call: UpstreamCall, parse: (raw: unknown) => T): Promise<T>;
}
