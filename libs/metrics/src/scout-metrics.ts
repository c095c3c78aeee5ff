import { Counter, Histogram } from 'prom-client';
import { NameLabel, oneOf } from './labels';
import { ProbedGauge } from './probed-gauge';
import { metricsRegistry } from './registry';

/*
 * Every metric Scout exports besides the default process metrics, in one place: names in base
 * units (seconds, bytes) with the `scout_` prefix, counters ending in `_total`, and labels whose
 * values come from known sets (see labels.ts). Other libs record through the functions below and
 * add probes to the gauges read at scrape time; none of them touches prom-client.
 */

const registers = [metricsRegistry];

// ---- tool calls (apps/api ToolCallService: both channels) ----

export const CHANNELS = ['rest', 'mcp'] as const;

/**
 * How a tool call ended: answered (charged or free), replayed (a stored answer of its
 * Idempotency-Key), refused before or while running (`refused_<error code>`: 4xx codes), the
 * upstream failed (`upstream_error`) or ran out of time (`timeout`), the client stopped waiting
 * (`cancelled`), the ledger or the instance could not take it (`unavailable`), or a fault
 * (`internal_error`).
 */
export const TOOL_CALL_OUTCOMES = [
  'answered',
  'replayed',
  'refused_invalid_request',
  'refused_unauthorized',
  'refused_forbidden',
  'refused_out_of_credits',
  'refused_not_found',
  'refused_conflict',
  'refused_idempotency_key_in_use',
  'refused_idempotency_key_reused',
  'refused_rate_limited',
  'upstream_error',
  'timeout',
  'cancelled',
  'unavailable',
  'internal_error',
] as const;
export type ToolCallOutcomeLabel = (typeof TOOL_CALL_OUTCOMES)[number];

const toolCalls = new Counter({
  name: 'scout_tool_calls_total',
  help: 'Tool calls by tool, its area (traders, tokens, ...), channel (rest|mcp) and outcome (answered, replayed, refused_<code>, upstream_error, timeout, cancelled, unavailable, internal_error).',
  // `area` is a function of `tool` (no extra series): it lets a dashboard sum by area without a table of tools.
  labelNames: ['tool', 'area', 'channel', 'outcome'] as const,
  registers,
});

const toolCredits = new Counter({
  name: 'scout_tool_credits_charged_total',
  help: 'Credits charged for tool calls, by tool, its area and channel.',
  labelNames: ['tool', 'area', 'channel'] as const,
  registers,
});

const toolDuration = new Histogram({
  name: 'scout_tool_call_duration_seconds',
  help: 'Time from a tool call reaching the call path to its answer or error, by tool and channel.',
  labelNames: ['tool', 'channel'] as const,
  buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 20, 30],
  registers,
});

/**
 * One finished tool call. `tools` bounds the tool label (the catalog's names) and `areas` the area
 * label (the catalog's areas); `seconds` is its whole duration.
 */
export function recordToolCall(
  call: { tool: string; area: string; channel: string; outcome: ToolCallOutcomeLabel; credits: number; seconds: number },
  tools: readonly string[],
  areas: readonly string[],
): void {
  const tool = oneOf(call.tool, tools);
  const area = oneOf(call.area, areas);
  const channel = oneOf(call.channel, CHANNELS);
  toolCalls.inc({ tool, area, channel, outcome: oneOf(call.outcome, TOOL_CALL_OUTCOMES) });
  if (call.credits > 0) toolCredits.inc({ tool, area, channel }, call.credits);
  toolDuration.observe({ tool, channel }, call.seconds);
}

// ---- upstream sources (libs/upstream) ----

const sourceLabel = new NameLabel();

/** How one upstream request ended: `ok`, or the failure kind of its UpstreamError. */
export const UPSTREAM_OUTCOMES = ['ok', 'timeout', 'network', 'http', 'malformed', 'no_keys', 'circuit_open', 'rejected', 'pending', 'unconfigured'] as const;

const upstreamRequests = new Counter({
  name: 'scout_upstream_requests_total',
  help: 'Requests to a data source that were not answered from cache, by source and outcome (ok, or the failure: timeout, network, http, malformed, no_keys, circuit_open, rejected, pending, unconfigured).',
  labelNames: ['source', 'outcome'] as const,
  registers,
});

const upstreamDuration = new Histogram({
  name: 'scout_upstream_request_duration_seconds',
  help: 'Time of a request to a data source, retries and waits included, by source and outcome.',
  labelNames: ['source', 'outcome'] as const,
  buckets: [0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2, 4, 8, 16],
  registers,
});

/** One request to a data source past its cache (all its attempts). */
export function recordUpstreamRequest(source: string, outcome: string, seconds: number): void {
  const labels = { source: sourceLabel.bound(source), outcome: oneOf(outcome, UPSTREAM_OUTCOMES) };
  upstreamRequests.inc(labels);
  upstreamDuration.observe(labels, seconds);
}

export const CACHE_TIERS = ['memory', 'redis'] as const;
export const CACHE_RESULTS = ['hit', 'miss'] as const;

const cacheLookups = new Counter({
  name: 'scout_upstream_cache_lookups_total',
  help: 'Lookups of the upstream response cache by source, tier (memory: this process; redis: shared) and result (hit|miss).',
  labelNames: ['source', 'tier', 'result'] as const,
  registers,
});

/** One lookup of a cache tier. */
export function recordCacheLookup(source: string, tier: (typeof CACHE_TIERS)[number], hit: boolean): void {
  cacheLookups.inc({ source: sourceLabel.bound(source), tier: oneOf(tier, CACHE_TIERS), result: hit ? 'hit' : 'miss' });
}

/** Breaker states as gauge values. */
export const BREAKER_STATE_VALUES = { closed: 0, half_open: 1, open: 2 } as const;

/** Read at scrape time from every source: 0 closed, 1 half-open (a test call may pass), 2 open (failing fast). */
export const upstreamBreakerState = new ProbedGauge(
  'scout_upstream_breaker_state',
  'Circuit breaker state of each data source: 0 closed, 1 half-open, 2 open (the worst, when two parts of one process use the source).',
  ['source'] as const,
  'max',
);

export const KEY_STATES = ['healthy', 'exhausted', 'invalid'] as const;

/** Read at scrape time from every source's key pool. */
export const upstreamKeys = new ProbedGauge(
  'scout_upstream_keys',
  'API keys of each data source by state (healthy; exhausted: resting after 402/429; invalid: refused with 401/403). With the worker in the API process, each count is the larger of the two key pools.',
  ['source', 'state'] as const,
  'max',
);

/** Bounds a source name for a probe's labels. */
export function sourceLabelOf(source: string): string {
  return sourceLabel.bound(source);
}

// ---- ledger (libs/ledger) ----

/** What a group commit writes: holds placed, holds posted, calls answered from cache charged in one step. */
export const GROUP_COMMIT_KINDS = ['hold', 'post', 'charge'] as const;

const groupCommitBatch = new Histogram({
  name: 'scout_ledger_group_commit_batch_size',
  help: 'Ledger writes committed together in one transaction by a group commit, by kind (hold, post, charge).',
  labelNames: ['kind'] as const,
  buckets: [1, 2, 4, 8, 16, 32, 64, 128, 256],
  registers,
});

const groupCommitWait = new Histogram({
  name: 'scout_ledger_group_commit_wait_seconds',
  help: 'Time a ledger write waited in a group commit, from being submitted to its batch committing (or failing), by kind.',
  labelNames: ['kind'] as const,
  buckets: [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5],
  registers,
});

/** One group commit of `kind`: how many writes it carried, and how long each waited (seconds). */
export function recordGroupCommit(kind: string, batchSize: number, waitsSeconds: readonly number[]): void {
  const labels = { kind: oneOf(kind, GROUP_COMMIT_KINDS) };
  groupCommitBatch.observe(labels, batchSize);
  for (const wait of waitsSeconds) groupCommitWait.observe(labels, wait);
}

/** Read at scrape time. */
export const ledgerHoldsOpen = new ProbedGauge('scout_ledger_holds_open', 'Credit holds of tool calls placed and not yet posted or voided.', [] as const);

const holdsExpired = new Counter({
  name: 'scout_ledger_holds_expired_total',
  help: 'Holds of calls that never finished, voided by the expiry sweep (charged nothing).',
  registers,
});

export function recordHoldsExpired(count: number): void {
  if (count > 0) holdsExpired.inc(count);
}

// ---- job queues (apps/worker) ----

const queueLabel = new NameLabel();
export const QUEUE_JOB_STATES = ['waiting', 'active', 'delayed'] as const;
export const JOB_OUTCOMES = ['completed', 'failed'] as const;

/** Read at scrape time from each queue (a standalone worker, or the API process running the worker). */
export const queueJobs = new ProbedGauge('scout_queue_jobs', 'Jobs in each queue by state (waiting, active, delayed).', ['queue', 'state'] as const, 'max');

const jobsFinished = new Counter({
  name: 'scout_queue_jobs_finished_total',
  help: 'Jobs this process finished, by queue and outcome (completed|failed; a failed job may be retried).',
  labelNames: ['queue', 'outcome'] as const,
  registers,
});

export function recordJobFinished(queue: string, outcome: (typeof JOB_OUTCOMES)[number]): void {
  jobsFinished.inc({ queue: queueLabel.bound(queue), outcome: oneOf(outcome, JOB_OUTCOMES) });
}

/** Bounds a queue name for a probe's labels. */
export function queueLabelOf(queue: string): string {
  return queueLabel.bound(queue);
}

// ---- live trade feed (libs/feeds) ----

export const feedIngestionLag = new ProbedGauge(
  'scout_feed_ingestion_lag_seconds',
  'Now minus the time of the newest stored feed event (read by the process holding the ingestion lease).',
  [] as const,
  'max',
);

export const feedLeaseHeld = new ProbedGauge(
  'scout_feed_ingestion_lease_held',
  'Whether this process holds the feed ingestion lease (1) or stands by (0).',
  [] as const,
  'max',
);

export const feedWatchesOpen = new ProbedGauge('scout_feed_watches_open', 'Feed watches (the watch tool) open in this process.', [] as const);

export const feedStreamsOpen = new ProbedGauge('scout_feed_streams_open', 'Feed event streams (SSE) open in this process.', [] as const);

// ---- OAuth (MCP sign-in) ----

export const OAUTH_GRANT_TYPES = ['authorization_code', 'refresh_token'] as const;

const oauthIssued = new Counter({
  name: 'scout_oauth_tokens_issued_total',
  help: 'OAuth access tokens issued at the token endpoint, by grant type.',
  labelNames: ['grant_type'] as const,
  registers,
});

const oauthRefused = new Counter({
  name: 'scout_oauth_token_refusals_total',
  help: 'Token requests refused at the token endpoint, by grant type and OAuth error code (reason).',
  labelNames: ['grant_type', 'reason'] as const,
  registers,
});

export const OAUTH_REFUSAL_REASONS = [
  'invalid_request',
  'invalid_client',
  'invalid_grant',
  'unauthorized_client',
  'unsupported_grant_type',
  'invalid_scope',
  'invalid_target',
  'method_not_allowed',
  'temporarily_unavailable',
  'server_error',
] as const;

export function recordOAuthTokenIssued(grantType: string): void {
  oauthIssued.inc({ grant_type: oneOf(grantType, OAUTH_GRANT_TYPES) });
}

export function recordOAuthTokenRefused(grantType: string, reason: string): void {
  oauthRefused.inc({ grant_type: oneOf(grantType, OAUTH_GRANT_TYPES), reason: oneOf(reason, OAUTH_REFUSAL_REASONS) });
}
