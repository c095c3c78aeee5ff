import type { Attributes } from '@opentelemetry/api';
import { toScoutError, type CallMeter } from '@scout/core';
import { inSpan, markSpanFailed, RequestFacts, tracingActive, type ToolCallFact } from '@scout/telemetry';
import { CallAbortedError, type ToolCallOutcome, type ToolCallRequest } from './tool-call.types';

/** The span of one tool call (both channels); its upstream fetches and ledger statements are its children. */
export const TOOL_CALL_SPAN = 'scout.tool_call';

/** Error codes that are Scout's or an upstream's failure (the span is marked failed), not a refusal of the caller. */
const FAULTS = new Set(['internal_error', 'tool_error', 'service_unavailable']);

/**
 * Runs one tool call and tells what it did: to its request's RequestFacts (the request log line)
 * and, while tracing, on a `scout.tool_call` span around it (attributes `scout.tool`,
 * `scout.channel`, `scout.credits`, `scout.outcome`...). Tracing off and no request around it (a
 * unit test), the call runs as it is; what it answers or throws is never changed.
 */
export function traceToolCall(request: ToolCallRequest, run: () => Promise<ToolCallOutcome>): Promise<ToolCallOutcome> {
  const facts = RequestFacts.current();
  if (!tracingActive()) return facts ? recorded(facts, request, run()) : run();
  return inSpan(TOOL_CALL_SPAN, startAttributes(request), async (span) => {
    const tell = (fact: ToolCallFact) => {
      facts?.add(fact);
      span?.setAttributes(endAttributes(fact));
    };
    let outcome: ToolCallOutcome;
    try {
      outcome = await run();
    } catch (error) {
      const fact = failedFact(request, error);
      tell(fact);
      if (span && FAULTS.has(fact.errorCode ?? '')) markSpanFailed(span, fact.errorCode ?? 'failed');
      throw error;
    }
    tell(answeredFact(request, outcome));
    return outcome;
  });
}

function recorded(facts: RequestFacts, request: ToolCallRequest, running: Promise<ToolCallOutcome>): Promise<ToolCallOutcome> {
  return running.then(
    (outcome) => {
      facts.add(answeredFact(request, outcome));
      return outcome;
    },
    (error: unknown) => {
      facts.add(failedFact(request, error));
      throw error;
    },
  );
}

function answeredFact(request: ToolCallRequest, outcome: ToolCallOutcome): ToolCallFact {
  // A replay ran nothing now: no charge, no upstream call. (One literal of one shape: this runs on every call.)
  const credits = outcome.replayed ? null : outcome.envelope.credits;
  return {
    tool: request.tool.name,
    channel: request.channel,
    outcome: credits ? 'answered' : 'replayed',
    credits: credits ? credits.creditsSpent : 0,
    upstreamCalls: credits ? credits.calls : 0,
    upstreamCachedCalls: credits ? credits.cachedCalls : 0,
  };
}

/** The upstream counts of calls whose handler failed, by their error (ToolCallService notes them). */
const failedCallMeters = new WeakMap<object, Pick<CallMeter, 'calls' | 'cachedCalls'>>();

/** Remembers what a failed handler fetched before it failed, for that call's log line and span. */
export function noteFailedCallMeter(error: unknown, meter: Pick<CallMeter, 'calls' | 'cachedCalls'>): void {
  if (typeof error === 'object' && error !== null) failedCallMeters.set(error, meter);
}

function failedFact(request: ToolCallRequest, error: unknown): ToolCallFact {
  const errorCode = error instanceof CallAbortedError ? 'cancelled' : toScoutError(error).code;
  const meter = typeof error === 'object' && error !== null ? failedCallMeters.get(error) : undefined;
  return {
    tool: request.tool.name,
    channel: request.channel,
    outcome: 'failed',
    credits: 0,
    upstreamCalls: meter?.calls ?? 0,
    upstreamCachedCalls: meter?.cachedCalls ?? 0,
    errorCode,
  };
}

function startAttributes(request: ToolCallRequest): Attributes {
  return {
    'scout.tool': request.tool.name,
    'scout.channel': request.channel,
    'scout.tool.cost': request.tool.cost,
    'scout.request_id': request.requestId,
    ...(request.caller ? { 'scout.account_id': request.caller.accountId, 'scout.credential': request.caller.credential ?? 'api_key' } : {}),
  };
}

function endAttributes(fact: ToolCallFact): Attributes {
  return {
    'scout.outcome': fact.outcome,
    'scout.credits': fact.credits,
    'scout.upstream_calls': fact.upstreamCalls,
    'scout.upstream_cached_calls': fact.upstreamCachedCalls,
    'scout.cache_hit': fact.upstreamCalls === 0 && fact.upstreamCachedCalls > 0,
    ...(fact.errorCode ? { 'scout.error_code': fact.errorCode } : {}),
  };
}
