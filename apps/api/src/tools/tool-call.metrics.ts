import { isToolName, ScoutError, TOOL_AREAS, TOOL_CATALOG, TOOL_NAMES } from '@scout/core';
import { HoldNotPostedError } from '@scout/ledger';
import { recordToolCall, type ToolCallOutcomeLabel } from '@scout/metrics';
import { UpstreamError } from '@scout/upstream';
import { CallAbortedError, type ToolCallOutcome, type ToolCallRequest } from './tool-call.types';

/**
 * How a failed tool call ended, as the metrics label it: a bounded set (TOOL_CALL_OUTCOMES), never
 * the error's message. An upstream that ran out of time, or a hold that expired before its answer
 * could be charged, is `timeout`; any other upstream failure is `upstream_error`; a refusal is
 * `refused_<its error code>`.
 */
export function outcomeOfError(error: unknown): ToolCallOutcomeLabel {
  if (error instanceof CallAbortedError) return 'cancelled';
  if (error instanceof UpstreamError && error.failure === 'timeout') return 'timeout';
  if (error instanceof HoldNotPostedError && error.refusal === 'expired') return 'timeout';
  if (!(error instanceof ScoutError)) return 'internal_error';
  switch (error.code) {
    case 'tool_error':
      return 'upstream_error';
    case 'service_unavailable':
      return 'unavailable';
    case 'internal_error':
      return 'internal_error';
    default:
      return `refused_${error.code}` as ToolCallOutcomeLabel;
  }
}

/**
 * Runs one tool call and records it (scout_tool_calls_total, scout_tool_credits_charged_total,
 * scout_tool_call_duration_seconds) however it ends; what the call answers or throws is unchanged.
 * Labels are the catalog's tool name, the channel and the outcome: never the caller.
 */
export function observeToolCall(request: ToolCallRequest, run: () => Promise<ToolCallOutcome>): Promise<ToolCallOutcome> {
  const startedAt = performance.now();
  const record = (outcome: ToolCallOutcomeLabel, credits: number) =>
    recordToolCall(
      {
        tool: request.tool.name,
        area: isToolName(request.tool.name) ? TOOL_CATALOG[request.tool.name].area : 'other',
        channel: request.channel,
        outcome,
        credits,
        seconds: (performance.now() - startedAt) / 1000,
      },
      TOOL_NAMES,
      TOOL_AREAS,
    );
  // One `then` on the call's own promise rather than an async function around it: one promise
  // less per call. A call that throws before its promise exists is recorded as failed too.
  let running: Promise<ToolCallOutcome>;
  try {
    running = run();
  } catch (error) {
    record(outcomeOfError(error), 0);
    throw error;
  }
  return running.then(
    (answered) => {
      record(answered.replayed ? 'replayed' : 'answered', answered.replayed ? 0 : answered.envelope.credits.creditsSpent);
      return answered;
    },
    (error: unknown) => {
      record(outcomeOfError(error), 0);
      throw error;
    },
  );
}
