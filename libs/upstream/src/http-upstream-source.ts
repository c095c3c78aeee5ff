import { setTimeout as delay } from 'node:timers/promises';
import { Pool } from 'undici';
import {
  BrokenCircuitError,
  CircuitState,
  ConsecutiveBreaker,
  circuitBreaker,
  handleWhen,
  type CircuitBreakerPolicy,
} from 'cockatiel';
import { z } from 'zod';
import {
  RequestContext,
  type SessionUsageTracker,
  type SourceHealth,
  type SourceStatusReporter,
  type ToolContext,
  type UpstreamKeyState,
} from '@scout/core';
import { KeyPool, type PooledKey } from './key-pool';
import { RecentCalls } from './recent-calls';
import { ResponseCache, DEFAULT_CACHE_MAX_ENTRIES } from './response-cache';
import { backoffDelay, keyResetAt, parseRetryAfter, type ResponseHeaders } from './retry-timing';
import {
  UpstreamError,
  type RefusalVerdict,
  type UpstreamCall,
  type UpstreamSource,
  type UpstreamSourceOptions,
} from './upstream.types';

export const UPSTREAM_DEFAULTS = {
  breakerThreshold: 5,
  halfOpenAfterMs: 30_000,
  slowCallMs: 2_000,
  retryBaseDelayMs: 200,
  retryMaxDelayMs: 2_000,
  maxRetryWaitMs: 10_000,
  connections: 32,
  cacheMaxEntries: DEFAULT_CACHE_MAX_ENTRIES,
} as const;

/** An attempt with less time than this cannot usefully run, so we do not wait for one. */
const MIN_ATTEMPT_MS = 100;
const RESET_MARGIN_MS = 10;
/** First pause before asking again for an answer the upstream is still preparing (409-style). */
const PENDING_BASE_DELAY_MS = 250;
/** How much of an error body a refusal rule gets to read. */
const REFUSAL_BODY_CHARS = 4_000;

/** Counters of one source since the process started, for service_usage and the admin API. */
export interface UpstreamSourceStats {
  source: string;
  /** Tool-level requests that went upstream (retries not counted again). */
  calls: number;
  /** Requests answered from cache, including those that joined an identical in-flight call. */
  cacheHits: number;
  /** Requests that ended in an UpstreamError (fail-fast ones included). */
  failures: number;
  /** HTTP requests sent, retries and key rotations included. */
  attempts: number;
}

export interface HttpUpstreamSourceDeps {
  /** Where a caller's "clear my cache" moment is read; without it every caller shares the cache as is. */
  usage?: Pick<SessionUsageTracker, 'cacheClearedAt'>;
  /** Injectable for tests that assert on waits without waiting. */
  sleep?: (ms: number) => Promise<void>;
  random?: () => number;
}

/**
 * How one attempt went wrong, and what the retry loop should do about it. Thrown inside the
 * breaker so that `tripsBreaker` decides whether it counts as a failure of the source.
 */
class AttemptFailure extends Error {
  constructor(
    readonly action: 'fail' | 'retry' | 'rotate_invalid' | 'rotate_exhausted' | 'pending',
    readonly error: UpstreamError,
    readonly tripsBreaker: boolean,
    /** For 'retry' and 'pending': the upstream's Retry-After. For 'rotate_exhausted': when the key is usable again. */
    readonly waitMs: number | null = null,
    readonly keyReset: { resetAt: number; announced: boolean } | null = null,
  ) {
    super(error.message);
  }
}

type Query = NonNullable<UpstreamCall['query']>;

function buildQuery(query: Query | undefined): string {
  if (!query) return '';
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(query)) {
    if (value === undefined) continue;
    if (Array.isArray(value)) for (const v of value) params.append(name, String(v));
    else params.append(name, String(value));
  }
  const text = params.toString();
  return text ? `?${text}` : '';
}

/** The first problem of a parse failure, readable: a zod issue with its path, or the error's message. */
function firstProblem(err: unknown): string {
  if (err instanceof z.core.$ZodError && err.issues.length > 0) {
    const issue = err.issues[0];
    const path = issue.path.length > 0 ? issue.path.map(String).join('.') : '(root)';
    const more = err.issues.length > 1 ? ` (and ${err.issues.length - 1} more)` : '';
    return `at ${path}: ${issue.message}${more}`;
  }
  return err instanceof Error ? err.message : String(err);
}

/**
 * The base client every provider client uses: one host, its key pool, a circuit breaker, retries
 * inside the caller's deadline, and a TTL response cache with single-flight. Cached answers are
 * shared between callers, so treat what `request` returns as read-only.
 */
export class HttpUpstreamSource implements UpstreamSource, SourceStatusReporter {
  readonly name: string;
  private readonly settings: Required<Omit<UpstreamSourceOptions, 'headers' | 'refusalRule' | 'creditHeaders'>> &
    Pick<UpstreamSourceOptions, 'refusalRule' | 'creditHeaders'> & { headers: Record<string, string> };
  private readonly origin: string;
  private readonly basePath: string;
  private readonly pool: Pool;
  private readonly keys: KeyPool;
  private readonly breaker: CircuitBreakerPolicy;
  private readonly cache: ResponseCache;
  private readonly recent: RecentCalls;
  private readonly sleep: (ms: number) => Promise<void>;
  private readonly random: () => number;
  private openedAt: number | null = null;
  private lastBreakerFailure = '';
  private readonly counters = { calls: 0, cacheHits: 0, failures: 0, attempts: 0 };

  constructor(
    options: UpstreamSourceOptions,
    private readonly deps: HttpUpstreamSourceDeps = {},
  ) {
    // Options left undefined (an unset setting) take the default rather than erasing it.
    const given = Object.fromEntries(Object.entries(options).filter(([, v]) => v !== undefined)) as UpstreamSourceOptions;
    this.settings = { ...UPSTREAM_DEFAULTS, ...given, headers: options.headers ?? {} };
    this.name = options.name;
    const base = this.validate(options);
    this.origin = base.origin;
    this.basePath = base.pathname.replace(/\/+$/, '');
    this.pool = new Pool(this.origin, {
      connections: this.settings.connections,
      keepAliveTimeout: 30_000,
      keepAliveMaxTimeout: 60_000,
    });
    this.keys = new KeyPool(this.name, options.keyPlacement.kind === 'none' ? [] : options.keys);
    this.breaker = circuitBreaker(
      handleWhen((err) => err instanceof AttemptFailure && err.tripsBreaker),
      { halfOpenAfter: this.settings.halfOpenAfterMs, breaker: new ConsecutiveBreaker(this.settings.breakerThreshold) },
    );
    this.breaker.onBreak(() => {
      this.openedAt = Date.now();
    });
    this.cache = new ResponseCache(this.settings.cacheMaxEntries);
    this.recent = new RecentCalls(this.settings.slowCallMs);
    this.sleep = deps.sleep ?? ((ms) => delay(ms));
    this.random = deps.random ?? Math.random;
  }

  async request<T>(call: UpstreamCall, parse: (raw: unknown) => T): Promise<T> {
    const ctx = RequestContext.current();
    const method = call.method ?? 'GET';
    const pathAndQuery = `${call.path}${buildQuery(call.query)}`;
    const ttlMs = call.cacheTtlMs ?? 0;
    const fetch = () => this.fetchCounted(call, method, pathAndQuery, parse, ctx);
    if (ttlMs <= 0) return fetch();

    // The endpoint label is part of the key so two parsers of one URL never share an answer.
    const cacheKey = `${call.endpoint} ${method} ${this.origin}${this.basePath}${pathAndQuery} ${call.body === undefined ? '' : JSON.stringify(call.body)}`;
    const clearedAt = ctx?.caller ? (this.deps.usage?.cacheClearedAt(ctx.caller.accountId)?.getTime() ?? null) : null;
    const freshEnough = (since: number) => clearedAt === null || since >= clearedAt;

    const hit = this.cache.get<T>(cacheKey);
    if (hit && freshEnough(hit.storedAt)) {
      this.countCacheHit(call, ctx);
      return hit.value;
    }
    const flight = this.cache.inFlight<T>(cacheKey);
    if (flight && freshEnough(flight.startedAt)) {
      const value = await flight.promise;
      this.countCacheHit(call, ctx);
      return value;
    }
    return this.cache.load(cacheKey, ttlMs, fetch);
  }

  health(): SourceHealth {
    const now = Date.now();
    const state = this.breaker.state;
    if (state === CircuitState.Open || state === CircuitState.Isolated || state === CircuitState.HalfOpen) {
      const retryAt = (this.openedAt ?? now) + this.settings.halfOpenAfterMs;
      if (state !== CircuitState.HalfOpen && retryAt > now) {
        return {
          name: this.name,
          state: 'down',
          retryAt: new Date(retryAt).toISOString(),
          detail: `circuit open after repeated failures (last: ${this.lastBreakerFailure}); calls fail fast until retryAt`,
        };
      }
      return { name: this.name, state: 'degraded', retryAt: null, detail: 'recovering: the next call tests the source' };
    }
    if (this.keys.size > 0 && !this.keys.hasHealthy()) {
      const reset = this.keys.soonestReset();
      return { name: this.name, state: 'down', retryAt: reset === null ? null : new Date(reset).toISOString(), detail: this.keys.describeUnusable() };
    }
    if (this.settings.keyPlacement.kind !== 'none' && this.keys.size === 0) {
      return { name: this.name, state: 'down', retryAt: null, detail: this.keys.describeUnusable() };
    }
    const degradation = this.recent.degradation();
    if (degradation) return { name: this.name, state: 'degraded', retryAt: null, detail: degradation };
    return { name: this.name, state: 'ok', retryAt: null };
  }

  keyStates(): UpstreamKeyState[] {
    return this.keys.states();
  }

  stats(): UpstreamSourceStats {
    return { source: this.name, ...this.counters };
  }

  /** Closes the keep-alive connections; in-flight requests finish first. */
  async close(): Promise<void> {
    await this.pool.close();
  }

  private validate(options: UpstreamSourceOptions): URL {
    const problem = (what: string) => new Error(`Upstream source "${options.name}": ${what}`);
    let base: URL;
    try {
      base = new URL(options.baseUrl);
    } catch {
      throw problem(`baseUrl "${options.baseUrl}" is not a URL`);
    }
    if (base.protocol !== 'http:' && base.protocol !== 'https:') throw problem('baseUrl must be http(s)');
    if (base.search || base.hash) throw problem('baseUrl must not carry a query or fragment');
    for (const name of ['timeoutMs', 'breakerThreshold', 'halfOpenAfterMs', 'slowCallMs', 'retryMaxDelayMs', 'connections', 'cacheMaxEntries'] as const) {
      if (!(this.settings[name] > 0)) throw problem(`${name} must be positive`);
    }
    if (!(this.settings.retryBaseDelayMs >= 0) || !(this.settings.maxRetryWaitMs >= 0)) throw problem('retry delays must be >= 0');
    if (!Number.isInteger(options.retries) || options.retries < 0) throw problem('retries must be a whole number >= 0');
    if (options.keyPlacement.kind === 'none' && options.keys.length > 0) throw problem('keys are configured but keyPlacement is none');
    if (options.keyPlacement.kind === 'header' && !options.keyPlacement.header) throw problem('keyPlacement header needs a header name');
    return base;
  }

  private countCacheHit(call: UpstreamCall, ctx: ToolContext | undefined): void {
    this.counters.cacheHits += 1;
    ctx?.meter.recordCacheHit(call.endpoint);
  }

  private async fetchCounted<T>(
    call: UpstreamCall,
    method: 'GET' | 'POST',
    pathAndQuery: string,
    parse: (raw: unknown) => T,
    ctx: ToolContext | undefined,
  ): Promise<T> {
    let sent = false;
    const onSend = () => {
      this.counters.attempts += 1;
      if (sent) return;
      sent = true;
      this.counters.calls += 1;
      ctx?.meter.recordCall(call.endpoint);
    };
    try {
      return await this.fetchWithRetries(call, method, pathAndQuery, parse, ctx?.deadlineAt ?? null, onSend);
    } catch (err) {
      if (err instanceof UpstreamError) this.counters.failures += 1;
      throw err;
    }
  }

  /** Attempts until an answer, a final failure, no retry left, or no time left. */
  private async fetchWithRetries<T>(
    call: UpstreamCall,
    method: 'GET' | 'POST',
    pathAndQuery: string,
    parse: (raw: unknown) => T,
    deadlineAt: number | null,
    onSend: () => void,
  ): Promise<T> {
    const idempotent = call.idempotent ?? true;
    let retriesUsed = 0;
    let pendingWaits = 0;
    const canRetry = () => retriesUsed < this.settings.retries;

    for (;;) {
      const timeoutMs = deadlineAt === null ? this.settings.timeoutMs : Math.min(this.settings.timeoutMs, deadlineAt - Date.now());
      if (timeoutMs <= 0) {
        throw new UpstreamError(this.name, 'timeout', `${call.endpoint}: the request's deadline passed before the upstream answered`);
      }
      let key: PooledKey | null = null;
      if (this.settings.keyPlacement.kind !== 'none') {
        key = this.keys.pick();
        if (!key) throw new UpstreamError(this.name, 'no_keys', `${call.endpoint}: ${this.keys.describeUnusable()}`);
      }

      let failure: AttemptFailure;
      try {
        const fullTimeout = timeoutMs === this.settings.timeoutMs;
        return await this.breaker.execute(() => this.attempt(call, method, pathAndQuery, key, timeoutMs, fullTimeout, parse, onSend));
      } catch (err) {
        if (err instanceof BrokenCircuitError) {
          throw new UpstreamError(this.name, 'circuit_open', `${call.endpoint}: circuit open after repeated failures (last: ${this.lastBreakerFailure}); not called`);
        }
        if (!(err instanceof AttemptFailure)) throw err;
        failure = err;
      }

      switch (failure.action) {
        case 'fail':
          throw failure.error;
        case 'rotate_invalid':
          // Each rotation retires a key, so this loop ends when the pool does.
          this.keys.markInvalid(key as PooledKey);
          continue;
        case 'rotate_exhausted': {
          const reset = failure.keyReset as { resetAt: number; announced: boolean };
          this.keys.markExhausted(key as PooledKey, reset.resetAt);
          if (this.keys.hasHealthy()) continue;
          // The last key was throttled: honour its announced reset when a retry and the time allow.
          const waitMs = reset.resetAt - Date.now();
          if (reset.announced && canRetry() && this.fitsBeforeDeadline(waitMs, deadlineAt)) {
            retriesUsed += 1;
            // A timer may fire a hair early against the wall clock the reset was set by.
            await this.sleep(Math.max(0, waitMs) + RESET_MARGIN_MS);
            continue;
          }
          throw new UpstreamError(this.name, 'no_keys', `${call.endpoint}: ${this.keys.describeUnusable()}`, failure.error.upstreamStatus);
        }
        case 'pending': {
          // "Not ready yet" is asked again until the deadline, not within the retry budget; with
          // no deadline to bound it, each ask spends a retry like any other.
          if (deadlineAt === null && !canRetry()) throw failure.error;
          const waitMs = failure.waitMs ?? backoffDelay(pendingWaits, PENDING_BASE_DELAY_MS, this.settings.retryMaxDelayMs, () => 0.5 + this.random() / 2);
          if (!this.fitsBeforeDeadline(waitMs, deadlineAt)) {
            throw new UpstreamError(this.name, 'pending', `${failure.error.detail}; still not ready after ${pendingWaits + 1} tries within the deadline`, failure.error.upstreamStatus);
          }
          if (deadlineAt === null) retriesUsed += 1;
          pendingWaits += 1;
          await this.sleep(waitMs);
          continue;
        }
        case 'retry': {
          if (!idempotent || !canRetry()) throw failure.error;
          const waitMs = failure.waitMs ?? backoffDelay(retriesUsed, this.settings.retryBaseDelayMs, this.settings.retryMaxDelayMs, this.random);
          if (!this.fitsBeforeDeadline(waitMs, deadlineAt)) {
            if (failure.waitMs === null) throw failure.error;
            throw new UpstreamError(
              this.name,
              failure.error.failure,
              `${failure.error.detail}; its Retry-After (${Math.ceil(waitMs / 1000)} s) does not fit in the time left`,
              failure.error.upstreamStatus,
            );
          }
          retriesUsed += 1;
          await this.sleep(waitMs);
          continue;
        }
      }
    }
  }

  private fitsBeforeDeadline(waitMs: number, deadlineAt: number | null): boolean {
    if (waitMs > this.settings.maxRetryWaitMs) return false;
    return deadlineAt === null || Date.now() + waitMs + MIN_ATTEMPT_MS <= deadlineAt;
  }

  /** One HTTP exchange. Resolves with the parsed answer or throws an AttemptFailure. */
  private async attempt<T>(
    call: UpstreamCall,
    method: 'GET' | 'POST',
    pathAndQuery: string,
    key: PooledKey | null,
    timeoutMs: number,
    fullTimeout: boolean,
    parse: (raw: unknown) => T,
    onSend: () => void,
  ): Promise<T> {
    const startedAt = Date.now();
    try {
      const value = await this.exchange(call, method, pathAndQuery, key, timeoutMs, fullTimeout, parse, onSend);
      this.recent.record(false, Date.now() - startedAt);
      return value;
    } catch (err) {
      const trips = err instanceof AttemptFailure && err.tripsBreaker;
      this.recent.record(trips, Date.now() - startedAt);
      if (trips) this.lastBreakerFailure = (err as AttemptFailure).error.detail;
      throw err;
    }
  }

  private async exchange<T>(
    call: UpstreamCall,
    method: 'GET' | 'POST',
    pathAndQuery: string,
    key: PooledKey | null,
    timeoutMs: number,
    fullTimeout: boolean,
    parse: (raw: unknown) => T,
    onSend: () => void,
  ): Promise<T> {
    const placement = this.settings.keyPlacement;
    const keyPath = key && placement.kind === 'path' ? `/${encodeURIComponent(key.secret)}` : '';
    const headers: Record<string, string> = { accept: 'application/json', ...this.settings.headers };
    if (key && placement.kind === 'header') headers[placement.header.toLowerCase()] = `${placement.prefix ?? ''}${key.secret}`;
    const body = call.body === undefined ? undefined : JSON.stringify(call.body);
    if (body !== undefined) headers['content-type'] = 'application/json';

    const controller = new AbortController();
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      controller.abort();
    }, timeoutMs);
    // Only a timeout that had the source's full budget says the source is slow; one cut short by
    // the caller's deadline says nothing about the source, so it does not count against it.
    const transportFailure = (err: unknown) =>
      timedOut
        ? new AttemptFailure('retry', this.fail(call, 'timeout', `no answer within ${timeoutMs} ms`), fullTimeout)
        : new AttemptFailure('retry', this.fail(call, 'network', `network error (${(err as { code?: string }).code ?? (err as Error).message})`), true);

    try {
      onSend();
      let response: Awaited<ReturnType<Pool['request']>>;
      let text: string;
      try {
        response = await this.pool.request({ path: `${this.basePath}${keyPath}${pathAndQuery}`, method, headers, body, signal: controller.signal });
        if (key) this.recordCredits(key, response.headers as ResponseHeaders);
        if (response.statusCode < 200 || response.statusCode >= 300) {
          // A refusal's body says why (e.g. Jupiter's COULD_NOT_FIND_ANY_ROUTE): keep the start of it.
          const refusal = response.statusCode >= 400 && response.statusCode < 500;
          const said = refusal ? (await response.body.text().catch(() => '')).slice(0, REFUSAL_BODY_CHARS) : '';
          if (!refusal) await response.body.dump().catch(() => undefined);
          throw this.statusFailure(call, response.statusCode, response.headers as ResponseHeaders, key, said);
        }
        text = await response.body.text();
      } catch (err) {
        if (err instanceof AttemptFailure) throw err;
        throw transportFailure(err);
      }
      return this.parseBody(call, text, parse);
    } finally {
      clearTimeout(timer);
    }
  }

  /** Keeps what the answer said about its key's credits, for sources that report them. */
  private recordCredits(key: PooledKey, headers: ResponseHeaders): void {
    const names = this.settings.creditHeaders;
    if (!names) return;
    const read = (name: string): number | null => {
      const raw = headers[name.toLowerCase()];
      const text = (Array.isArray(raw) ? raw[0] : raw)?.trim();
      const value = text ? Number(text) : NaN;
      return Number.isFinite(value) ? value : null;
    };
    const remaining = read(names.remaining);
    const cost = read(names.cost);
    if (remaining !== null || cost !== null) this.keys.recordCredits(key, remaining, cost);
  }

  private statusFailure(
    call: UpstreamCall,
    status: number,
    headers: ResponseHeaders,
    key: PooledKey | null,
    body = '',
  ): AttemptFailure {
    const excerpt = body.slice(0, 300).trim();
    const said = excerpt ? `: ${excerpt}` : '';
    const now = Date.now();
    const answered = `answered HTTP ${status}`;
    const verdict = this.settings.refusalRule?.({ status, body, headers }) ?? null;
    if (verdict) return this.verdictFailure(call, status, headers, key, verdict, `${answered}${said}`);
    if ((status === 401 || status === 403) && key) {
      return new AttemptFailure('rotate_invalid', this.fail(call, 'rejected', `${answered}: ${key.label} refused`, status), false);
    }
    if ((status === 402 || status === 429) && key) {
      return new AttemptFailure('rotate_exhausted', this.fail(call, 'http', `${answered}: ${key.label} throttled`, status), false, null, keyResetAt(headers, now));
    }
    if (status === 429) {
      return new AttemptFailure('retry', this.fail(call, 'http', `${answered} (rate limited)`, status), false, parseRetryAfter(headers['retry-after'], now));
    }
    if (status >= 500) {
      return new AttemptFailure('retry', this.fail(call, 'http', answered, status), true, parseRetryAfter(headers['retry-after'], now));
    }
    if (status === 404) return new AttemptFailure('fail', this.fail(call, 'http', `${answered} (not found)${said}`, status), false);
    if (status >= 400) return new AttemptFailure('fail', this.fail(call, 'rejected', `${answered}: the upstream refused the request${said}`, status), false);
    return new AttemptFailure('fail', this.fail(call, 'http', `${answered} (unexpected)`, status), false);
  }

  /** A refusal as the provider's own rule reads it. */
  private verdictFailure(
    call: UpstreamCall,
    status: number,
    headers: ResponseHeaders,
    key: PooledKey | null,
    verdict: RefusalVerdict,
    answered: string,
  ): AttemptFailure {
    const now = Date.now();
    switch (verdict.kind) {
      case 'key_exhausted': {
        if (!key) return new AttemptFailure('fail', this.fail(call, 'rejected', answered, status), false);
        const announced = keyResetAt(headers, now);
        const reset = announced.announced ? announced : { resetAt: now + verdict.restMs, announced: false };
        return new AttemptFailure('rotate_exhausted', this.fail(call, 'http', `${answered}: ${key.label} out of credits`, status), false, null, reset);
      }
      case 'pending':
        return new AttemptFailure('pending', this.fail(call, 'pending', `${answered} (${verdict.reason})`, status), false, parseRetryAfter(headers['retry-after'], now));
      case 'refused':
        return new AttemptFailure('fail', this.fail(call, 'rejected', answered, status), false);
    }
  }

  /** A body that is not JSON or not of the expected shape is the source's failure, never a crash. */
  private parseBody<T>(call: UpstreamCall, text: string, parse: (raw: unknown) => T): T {
    let raw: unknown;
    try {
      raw = JSON.parse(text);
    } catch (err) {
      throw new AttemptFailure('fail', this.fail(call, 'malformed', `malformed payload: not JSON (${firstProblem(err)})`), true);
    }
    try {
      return parse(raw);
    } catch (err) {
      throw new AttemptFailure('fail', this.fail(call, 'malformed', `malformed payload: ${firstProblem(err)}`), true);
    }
  }

  private fail(call: UpstreamCall, failure: UpstreamError['failure'], detail: string, status: number | null = null): UpstreamError {
    return new UpstreamError(this.name, failure, this.keys.redact(`${call.endpoint}: ${detail}`), status);
  }
}
