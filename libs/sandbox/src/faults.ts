/**
 * Fault injection and request counting for the sandbox.
 *
 * A FaultRule targets a provider ('defillama' | 'jupiter' | 'alchemy' | 'fomo' | 'dexscreener' | 'solana-tracker' | '*') and optionally a route:
 * a prefix of the request path after the provider's prefix, with any API key segment removed
 * (e.g. '/api/protocols', '/coins/prices/current', '/price/v3', '/prices/v1/tokens/by-address',
 * '/eth-mainnet/v2', '/v2/leaderboard'); '*' or absent matches every route. Every matching request consumes one use
 * of every matching rule (`times`), and then:
 *   - latencyMs: the answer is delayed (the largest latency among matching rules);
 *   - then the first matching rule (in insertion order) with a terminal effect wins:
 *     timeout (never answer; the socket is held until the client or the server closes it),
 *     keyRefused (401, every key), rateLimited (429 + Retry-After), status (that HTTP status),
 *     malformed (200 with a truncated JSON, a wrong-shaped JSON or an HTML page).
 * Error bodies always use the provider's own error shape (see errors.ts).
 */

export type Provider = 'defillama' | 'jupiter' | 'alchemy' | 'fomo' | 'dexscreener' | 'solana-tracker' | 'launchpad';
export const PROVIDERS: readonly Provider[] = ['defillama', 'jupiter', 'alchemy', 'fomo', 'dexscreener', 'solana-tracker', 'launchpad'];

export type MalformedKind = 'truncated' | 'shape' | 'html';

export interface FaultRule {
  provider: Provider | '*';
  /** Path prefix after the provider prefix (API key segment removed), or '*'. */
  route?: string;
  /** Delay before answering (ms). */
  latencyMs?: number;
  /** Answer this HTTP status (400-599) with the provider's error body. */
  status?: number;
  /** Message of the error body (status faults). */
  message?: string;
  /** Never answer: hold the socket until it is closed. */
  timeout?: boolean;
  /** 200 with a broken body: true / 'truncated' (cut JSON), 'shape' (valid JSON, wrong shape), 'html'. */
  malformed?: boolean | MalformedKind;
  /** 401 for every key, with the provider's auth error body. */
  keyRefused?: boolean;
  /** 429 with Retry-After. */
  rateLimited?: boolean;
  /** Retry-After seconds for rateLimited (default 1). */
  retryAfterSec?: number;
  /** Apply to the next N matching requests, then expire. Absent: until cleared. */
  times?: number;
}

export interface ActiveFault extends FaultRule {
  id: string;
  /** Uses left; null when unlimited. */
  remaining: number | null;
  /** How many requests it has matched. */
  hits: number;
}

export interface RequestRecord {
  provider: Provider;
  method: string;
  /** Path after the provider prefix, API key removed. */
  route: string;
  query: string;
  at: number;
  status?: number;
  faulted?: string[];
  /** The documented variants the answer was rewritten into (variants.ts). */
  variants?: string[];
}

export interface RequestCounts {
  total: number;
  byProvider: Record<string, number>;
  /** Key `${provider} ${route}`, e.g. 'defillama /api/protocols'. */
  byRoute: Record<string, number>;
  /** The last 200 requests, oldest first. */
  recent: RequestRecord[];
}

/** What the fault middleware must do for one request. */
export interface FaultDecision {
  latencyMs: number;
  effect:
    | { kind: 'none' }
    | { kind: 'timeout' }
    | { kind: 'keyRefused' }
    | { kind: 'rateLimited'; retryAfterSec: number }
    | { kind: 'status'; status: number; message?: string }
    | { kind: 'malformed'; mode: MalformedKind };
  matched: string[];
}

/** Validates a rule from the control endpoint or configuration; throws with a readable message. */
export function validateFaultRule(input: unknown): FaultRule {
  if (typeof input !== 'object' || input === null || Array.isArray(input)) throw new Error('a fault rule must be an object');
  const r = input as Record<string, unknown>;
  const allowed = ['provider', 'route', 'latencyMs', 'status', 'message', 'timeout', 'malformed', 'keyRefused', 'rateLimited', 'retryAfterSec', 'times'];
  for (const k of Object.keys(r)) if (!allowed.includes(k)) throw new Error(`unknown fault field "${k}"`);
  if (r.provider !== '*' && !PROVIDERS.includes(r.provider as Provider)) throw new Error(`provider must be one of ${[...PROVIDERS, '*'].join(', ')}`);
  if (r.route !== undefined && typeof r.route !== 'string') throw new Error('route must be a string');
  const nonNeg = (k: string) => {
    if (r[k] !== undefined && (typeof r[k] !== 'number' || !Number.isFinite(r[k]) || r[k] < 0)) throw new Error(`${k} must be a non-negative number`);
  };
  nonNeg('latencyMs');
  nonNeg('retryAfterSec');
  if (r.times !== undefined && (!Number.isInteger(r.times) || (r.times as number) < 1)) throw new Error('times must be a positive integer');
  if (r.status !== undefined && (!Number.isInteger(r.status) || (r.status as number) < 400 || (r.status as number) > 599))
    throw new Error('status must be an integer in 400..599');
  for (const k of ['timeout', 'keyRefused', 'rateLimited']) if (r[k] !== undefined && typeof r[k] !== 'boolean') throw new Error(`${k} must be a boolean`);
  if (r.malformed !== undefined && typeof r.malformed !== 'boolean' && !['truncated', 'shape', 'html'].includes(r.malformed as string)) {
    throw new Error("malformed must be a boolean or one of 'truncated', 'shape', 'html'");
  }
  if (r.message !== undefined && typeof r.message !== 'string') throw new Error('message must be a string');
  const effects = ['latencyMs', 'status', 'timeout', 'malformed', 'keyRefused', 'rateLimited'].filter((k) => r[k] !== undefined && r[k] !== false);
  if (effects.length === 0) throw new Error('a fault rule needs at least one of latencyMs, status, timeout, malformed, keyRefused, rateLimited');
  return r as unknown as FaultRule;
}

/** Fault rules and request counters; the same operations as the /__control endpoints. */
export class FaultControl {
  private rules: ActiveFault[] = [];
  private nextId = 1;
  private counts = new Map<string, number>();
  private providerCounts = new Map<string, number>();
  private total = 0;
  private recentLog: RequestRecord[] = [];

  /** Adds one rule or several; returns the active rules created. Throws on an invalid rule. */
  add(rules: FaultRule | FaultRule[]): ActiveFault[] {
    const list = (Array.isArray(rules) ? rules : [rules]).map(validateFaultRule);
    const created = list.map((r) => {
      const active: ActiveFault = { ...r, route: normaliseRoute(r.route), id: `f${this.nextId++}`, remaining: r.times ?? null, hits: 0 };
      return active;
    });
    this.rules.push(...created);
    return created.map((c) => ({ ...c }));
  }

  list(): ActiveFault[] {
    return this.rules.map((r) => ({ ...r }));
  }

  remove(id: string): boolean {
    const before = this.rules.length;
    this.rules = this.rules.filter((r) => r.id !== id);
    return this.rules.length !== before;
  }

  /** Removes every fault rule. */
  clear(): void {
    this.rules = [];
  }

  /** Clears faults and counters. */
  reset(): void {
    this.clear();
    this.resetCounters();
  }

  resetCounters(): void {
    this.counts.clear();
    this.providerCounts.clear();
    this.total = 0;
    this.recentLog = [];
  }

  /** Records one upstream request (called by the server for every provider request). */
  record(rec: RequestRecord): RequestRecord {
    this.total++;
    this.providerCounts.set(rec.provider, (this.providerCounts.get(rec.provider) ?? 0) + 1);
    let k = `${rec.provider} ${rec.route}`;
    // Bounded: past 50,000 distinct routes (e.g. endless coin lists), new ones fold into one key.
    if (!this.counts.has(k) && this.counts.size >= 50_000) k = `${rec.provider} (other)`;
    this.counts.set(k, (this.counts.get(k) ?? 0) + 1);
    this.recentLog.push(rec);
    if (this.recentLog.length > 200) this.recentLog.shift();
    return rec;
  }

  requests(): RequestCounts {
    return {
      total: this.total,
      byProvider: Object.fromEntries(this.providerCounts),
      byRoute: Object.fromEntries(this.counts),
      recent: this.recentLog.map((r) => ({ ...r })),
    };
  }

  /**
   * Requests seen for a provider ('*' or absent: all) whose route starts with `routePrefix`
   * (absent or '*': any route).
   */
  count(provider?: Provider | '*', routePrefix?: string): number {
    const prefix = normaliseRoute(routePrefix);
    let n = 0;
    for (const [k, v] of this.counts) {
      const sp = k.indexOf(' ');
      const p = k.slice(0, sp);
      const route = k.slice(sp + 1);
      if (provider && provider !== '*' && p !== provider) continue;
      if (prefix && prefix !== '*' && !route.startsWith(prefix)) continue;
      n += v;
    }
    return n;
  }

  /** Consumes the rules matching a request and says what to do. */
  decide(provider: Provider, route: string): FaultDecision {
    const matched: ActiveFault[] = [];
    for (const r of this.rules) {
      if (r.provider !== '*' && r.provider !== provider) continue;
      if (r.route && r.route !== '*' && !route.startsWith(r.route)) continue;
      matched.push(r);
    }
    const decision: FaultDecision = { latencyMs: 0, effect: { kind: 'none' }, matched: matched.map((m) => m.id) };
    for (const r of matched) {
      r.hits++;
      if (r.remaining !== null) r.remaining--;
      if (r.latencyMs) decision.latencyMs = Math.max(decision.latencyMs, r.latencyMs);
      if (decision.effect.kind !== 'none') continue;
      if (r.timeout) decision.effect = { kind: 'timeout' };
      else if (r.keyRefused) decision.effect = { kind: 'keyRefused' };
      else if (r.rateLimited) decision.effect = { kind: 'rateLimited', retryAfterSec: r.retryAfterSec ?? 1 };
      else if (r.status !== undefined) decision.effect = { kind: 'status', status: r.status, message: r.message };
      else if (r.malformed) decision.effect = { kind: 'malformed', mode: r.malformed === true ? 'truncated' : r.malformed };
    }
    this.rules = this.rules.filter((r) => r.remaining === null || r.remaining > 0);
    return decision;
  }
}

function normaliseRoute(route: string | undefined): string | undefined {
  if (route === undefined || route === '' || route === '*') return route === '' ? undefined : route;
  return route.startsWith('/') ? route : `/${route}`;
}

/** A body that is not what the client expects, for a 200 "malformed" fault. */
export function malformBody(json: string, mode: MalformedKind): { body: string; contentType: string } {
  if (mode === 'html') {
    return {
      body: '<!DOCTYPE html><html><head><title>Just a moment...</title></head><body>Checking your browser</body></html>',
      contentType: 'text/html; charset=utf-8',
    };
  }
  if (mode === 'shape') {
    let parsed: unknown;
    try {
      parsed = JSON.parse(json);
    } catch {
      parsed = null;
    }
    const wrong = Array.isArray(parsed)
      ? { unexpected: true, data: 'not-an-array' }
      : typeof parsed === 'object' && parsed !== null
        ? [{ unexpected: true }]
        : { unexpected: 'not-a-number' };
    return { body: JSON.stringify(wrong), contentType: 'application/json; charset=utf-8' };
  }
  let cut = json.slice(0, Math.max(1, Math.floor(json.length / 2)));
  try {
    JSON.parse(cut);
    cut += ',"';
  } catch {
    /* already invalid */
  }
  return { body: cut, contentType: 'application/json; charset=utf-8' };
}
