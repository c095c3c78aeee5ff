import { setTimeout as delay } from 'node:timers/promises';
import { Pool } from 'undici';
import { CircuitState, ConsecutiveBreaker, circuitBreaker, handleWhen, type CircuitBreakerPolicy } from 'cockatiel';
import { RequestContext, type SessionUsageTracker, type SourceHealth, type SourceStatusReporter, type ToolContext, type UpstreamKeyState } from '@scout/core';
import { KeyPool, type PooledKey } from './key-pool';
import { RecentCalls } from './recent-calls';
import { ResponseCache, DEFAULT_CACHE_MAX_ENTRIES } from './response-cache';
import type { ResponseHeaders } from './retry-timing';
import { AnswerReader, AttemptFailure, buildQuery, type AttemptRequest, type UpstreamRequest } from './upstream-request';
import { UpstreamRetries } from './upstream-retries';
import { UpstreamError, type UpstreamCall, type UpstreamSource, type UpstreamSourceOptions } from './upstream.types';

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
  private readonly retries: UpstreamRetries;
  private readonly answers: AnswerReader;
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
    this.retries = new UpstreamRetries({
      source: this.name,
      settings: this.settings,
      keys: this.keys,
      breaker: this.breaker,
      sleep: deps.sleep ?? ((ms) => delay(ms)),
      random: deps.random ?? Math.random,
      lastBreakerFailure: () => this.lastBreakerFailure,
    });
    this.answers = new AnswerReader((call, failure, detail, status) => this.fail(call, failure, detail, status), this.settings.refusalRule);
  }

  async request<T>(call: UpstreamCall, parse: (raw: unknown) => T): Promise<T> {
    const ctx = RequestContext.current();
    const method = call.method ?? 'GET';
    const pathAndQuery = `${call.path}${buildQuery(call.query)}`;
    const ttlMs = call.cacheTtlMs ?? 0;
    const fetch = () => this.fetchCounted(call, method, pathAndQuery, parse, ctx);
    // A cache-only run (CallMeter.fromCacheOnly) never calls the upstream: a miss is refused.
    if (ctx?.meter.fromCacheOnly && ttlMs <= 0) ctx.meter.refuseFetch(call.endpoint);
    if (ttlMs <= 0) return fetch();

    // The endpoint label is part of the key so two parsers of one URL never share an answer.
    const cacheKey = `${call.endpoint} ${method} ${this.origin}${this.basePath}${pathAndQuery} ${call.body === undefined ? '' : JSON.stringify(call.body)}`;
    const clearedAt = ctx?.caller ? (this.deps.usage?.cacheClearedAt(ctx.caller.accountId)?.getTime() ?? null) : null;
    const onHit = () => this.countCacheHit(call, ctx);
    if (ctx?.meter.fromCacheOnly) return this.cache.peek<T>(cacheKey, clearedAt, onHit) ?? ctx.meter.refuseFetch(call.endpoint);
    return this.cache.read(cacheKey, ttlMs, fetch, clearedAt, onHit);
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
    const request: UpstreamRequest<T> = { call, method, pathAndQuery, parse, onSend };
    try {
      return await this.retries.run(request, ctx?.deadlineAt ?? null, (attempt) => this.attempt(attempt));
    } catch (err) {
      if (err instanceof UpstreamError) this.counters.failures += 1;
      throw err;
    }
  }

  /** One HTTP exchange. Resolves with the parsed answer or throws an AttemptFailure. */
  private async attempt<T>(attempt: AttemptRequest<T>): Promise<T> {
    const startedAt = Date.now();
    try {
      const value = await this.exchange(attempt);
      this.recent.record(false, Date.now() - startedAt);
      return value;
    } catch (err) {
      const trips = err instanceof AttemptFailure && err.tripsBreaker;
      this.recent.record(trips, Date.now() - startedAt);
      if (trips) this.lastBreakerFailure = err.error.detail;
      throw err;
    }
  }

  private async exchange<T>(attempt: AttemptRequest<T>): Promise<T> {
    const { call, method, pathAndQuery, key, timeoutMs, fullTimeout, parse, onSend } = attempt;
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
        if (key) this.recordCredits(key, response.headers);
        if (response.statusCode < 200 || response.statusCode >= 300) {
          // A refusal's body says why (e.g. Jupiter's COULD_NOT_FIND_ANY_ROUTE): keep the start of it.
          const refusal = response.statusCode >= 400 && response.statusCode < 500;
          const said = refusal ? (await response.body.text().catch(() => '')).slice(0, REFUSAL_BODY_CHARS) : '';
          if (!refusal) await response.body.dump().catch(() => undefined);
          throw this.answers.statusFailure(call, response.statusCode, response.headers, key, said);
        }
        text = await response.body.text();
      } catch (err) {
        if (err instanceof AttemptFailure) throw err;
        throw transportFailure(err);
      }
      return this.answers.parseBody(call, text, parse);
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

  private fail(call: UpstreamCall, failure: UpstreamError['failure'], detail: string, status: number | null = null): UpstreamError {
    return new UpstreamError(this.name, failure, this.keys.redact(`${call.endpoint}: ${detail}`), status);
  }
}
