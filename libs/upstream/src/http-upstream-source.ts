import { setTimeout as delay } from 'node:timers/promises';
import { Pool } from 'undici';
import { RequestContext, type SessionUsageTracker, type SourceHealth, type SourceStatusReporter, type ToolContext, type UpstreamKeyState } from '@scout/core';
import { KeyPool, type PooledKey } from './key-pool';
import { RecentCalls } from './recent-calls';
import { ResponseCache } from './response-cache';
import type { ResponseHeaders } from './retry-timing';
import type { SharedCache } from './shared-cache';
import { SourceBreaker } from './source-breaker';
import { resolveSettings, type SourceSettings } from './source-settings';
import { TwoTierCache } from './two-tier-cache';
import { upstreamFailureLog, type UpstreamFailureLog } from './upstream-failure-log';
import { AnswerReader, AttemptFailure, buildQuery, type AttemptRequest, type UpstreamRequest } from './upstream-request';
import { UpstreamRetries } from './upstream-retries';
import { UpstreamError, type UpstreamCall, type UpstreamSource, type UpstreamSourceOptions } from './upstream.types';

export { UPSTREAM_DEFAULTS } from './source-settings';

/** Failures of the source itself, which an expired answer still in its grace may stand in for. */
const STALE_SERVABLE: ReadonlySet<UpstreamError['failure']> = new Set(['timeout', 'network', 'http', 'malformed', 'no_keys', 'circuit_open']);

/** Whether `err` says the source failed (an outage) rather than that it refused this request (a 4xx). */
function staleMayAnswer(err: unknown): boolean {
  if (!(err instanceof UpstreamError) || !STALE_SERVABLE.has(err.failure)) return false;
  const status = err.upstreamStatus;
  return status === null || status >= 500 || status === 408 || status === 429;
}

/** How much of an error body a refusal rule gets to read. */
const REFUSAL_BODY_CHARS = 4_000;

/** Counters of one source since the process started, for service_usage and the admin API. */
export interface UpstreamSourceStats {
  /** The data source's name (e.g. fomo, dexscreener, defillama). */
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
  /** The Redis tier shared by every API process (REDIS_URL); without it the cache is this process's only. */
  shared?: SharedCache | null;
  /** Where each failed request's warning goes, a payload off Scout's schema included (default: the process's one log). */
  failureLog?: UpstreamFailureLog;
}

/**
 * The base client every provider client uses: one host, its key pool, a circuit breaker, retries
 * inside the caller's deadline, and a TTL response cache with single-flight (in this process, and
 * across processes through Redis when configured) that serves an expired answer still in its grace
 * when the upstream fails. Cached answers are shared between callers, so treat what `request`
 * returns as read-only.
 */
export class HttpUpstreamSource implements UpstreamSource, SourceStatusReporter {
  readonly name: string;
  private readonly settings: SourceSettings;
  private readonly origin: string;
  private readonly basePath: string;
  private readonly pool: Pool;
  private readonly keys: KeyPool;
  private readonly breaker: SourceBreaker;
  private readonly cache: TwoTierCache;
  private readonly recent: RecentCalls;
  private readonly retries: UpstreamRetries;
  private readonly answers: AnswerReader;
  private readonly counters = { calls: 0, cacheHits: 0, failures: 0, attempts: 0 };

  constructor(
    options: UpstreamSourceOptions,
    private readonly deps: HttpUpstreamSourceDeps = {},
  ) {
    const { settings, base } = resolveSettings(options);
    this.settings = settings;
    this.name = options.name;
    this.origin = base.origin;
    this.basePath = base.pathname.replace(/\/+$/, '');
    this.pool = new Pool(this.origin, {
      connections: this.settings.connections,
      keepAliveTimeout: 30_000,
      keepAliveMaxTimeout: 60_000,
    });
    this.keys = new KeyPool(this.name, options.keyPlacement.kind === 'none' ? [] : options.keys);
    this.breaker = new SourceBreaker(this.settings);
    const local = new ResponseCache(this.settings.cacheMaxEntries, Date.now, this.settings.cacheGraceMs);
    this.cache = new TwoTierCache(local, deps.shared ?? null, this.settings.cacheGraceMs, Date.now, this.name);
    this.recent = new RecentCalls(this.settings.slowCallMs);
    // A passing test call proves the source is back: the failures before it no longer describe it.
    this.breaker.onRecovered(() => this.recent.clear());
    this.retries = new UpstreamRetries({
      source: this.name,
      settings: this.settings,
      keys: this.keys,
      breaker: this.breaker.policy,
      sleep: deps.sleep ?? ((ms) => delay(ms)),
      random: deps.random ?? Math.random,
      lastBreakerFailure: () => this.breaker.lastFailureDetail,
    });
    this.answers = new AnswerReader((call, failure, detail, status, path) => this.fail(call, failure, detail, status, path), this.settings.refusalRule);
  }

  async request<T>(call: UpstreamCall, parse: (raw: unknown) => T): Promise<T> {
    const ctx = RequestContext.current();
    const method = call.method ?? 'GET';
    const pathAndQuery = `${call.path}${buildQuery(call.query)}`;
    const ttlMs = call.cacheTtlMs ?? 0;
    if (ttlMs <= 0) {
      // A cache-only run (CallMeter.fromCacheOnly) never calls the upstream: a miss is refused.
      if (ctx?.meter.fromCacheOnly) ctx.meter.refuseFetch(call.endpoint);
      return this.fetchCounted(call, method, pathAndQuery, parse, ctx);
    }

    // The endpoint label is part of the key so two parsers of one URL never share an answer.
    const cacheKey = `${call.endpoint} ${method} ${this.origin}${this.basePath}${pathAndQuery} ${call.body === undefined ? '' : JSON.stringify(call.body)}`;
    const clearedAt = ctx?.caller ? (this.deps.usage?.cacheClearedAt(ctx.caller.accountId)?.getTime() ?? null) : null;
    if (ctx?.meter.fromCacheOnly) {
      // Answered from this process's tier only; anything else is refused, never fetched.
      return this.cache.peekLocal<T>(cacheKey, clearedAt, () => this.countCacheHit(call, ctx)) ?? ctx.meter.refuseFetch(call.endpoint);
    }
    return this.cache.read({
      key: cacheKey,
      ttlMs,
      freshSince: clearedAt,
      budgetMs: this.fetchBudgetMs(ctx),
      fetch: async (keepBody) => {
        // The shared tier keeps the body, re-serialised before the parser can touch it.
        let body: string | null = null;
        const keepingBody = (raw: unknown): T => {
          body = JSON.stringify(raw);
          return parse(raw);
        };
        const value = await this.fetchCounted(call, method, pathAndQuery, keepBody ? keepingBody : parse, ctx);
        return { value, body };
      },
      parse: (body) => parse(JSON.parse(body)),
      onHit: () => this.countCacheHit(call, ctx),
      onStale: (storedAt) => {
        this.counters.cacheHits += 1;
        ctx?.meter.recordStaleHit(call.endpoint, storedAt);
      },
      servesStale: staleMayAnswer,
    });
  }

  health(): SourceHealth {
    const breaker = this.breaker.view();
    if (breaker.state === 'open') {
      return {
        name: this.name,
        state: 'down',
        retryAt: new Date(breaker.retryAt).toISOString(),
        detail: `circuit open after repeated failures (last: ${breaker.lastFailure}); calls fail fast until retryAt`,
      };
    }
    if (breaker.state === 'testing') return { name: this.name, state: 'degraded', retryAt: null, detail: 'recovering: the next call tests the source' };
    if (this.keys.size > 0 && !this.keys.hasHealthy()) {
      const reset = this.keys.soonestReset();
      return { name: this.name, state: 'down', retryAt: reset === null ? null : new Date(reset).toISOString(), detail: this.keys.describeUnusable() };
    }
    if (this.settings.keyPlacement.kind !== 'none' && this.keys.size === 0) {
      // A keyed source given no key was left unconfigured: nothing is sent until the setting is set.
      const setting = this.settings.keySetting;
      const detail = setting ? `not configured: set ${setting} (${this.keys.describeUnusable()})` : this.keys.describeUnusable();
      return { name: this.name, state: 'unconfigured', retryAt: null, detail, ...(setting ? { setting } : {}) };
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

  /** The circuit breaker's state, for the metrics: closed, half_open (the next call tests the source) or open (failing fast). */
  breakerState(): 'closed' | 'half_open' | 'open' {
    const state = this.breaker.view().state;
    return state === 'testing' ? 'half_open' : state;
  }

  /** Closes the keep-alive connections; in-flight requests finish first. */
  async close(): Promise<void> {
    await this.pool.close();
  }

  /**
   * The longest one upstream fetch of this source may take: the caller's time left, else every
   * attempt at its full timeout. Other processes wait this long for it before fetching themselves.
   */
  private fetchBudgetMs(ctx: ToolContext | undefined): number {
    const allAttempts = this.settings.timeoutMs * (this.settings.retries + 1);
    const left = ctx?.deadlineAt ? ctx.deadlineAt - Date.now() : allAttempts;
    return Math.max(1, Math.min(left, allAttempts));
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
      if (err instanceof UpstreamError) {
        this.counters.failures += 1;
        (this.deps.failureLog ?? upstreamFailureLog).report(err, call.endpoint);
      }
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
      if (trips) this.breaker.noteFailure(err.error.detail);
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

  private fail(call: UpstreamCall, failure: UpstreamError['failure'], detail: string, status: number | null = null, payloadPath?: string): UpstreamError {
    return new UpstreamError(this.name, failure, this.keys.redact(`${call.endpoint}: ${detail}`), status, payloadPath ?? null);
  }
}
