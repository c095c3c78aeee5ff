import { Inject, Injectable, Logger } from '@nestjs/common';
import {
  AppConfig,
  buildEnvelope,
  CallMeter,
  parseToolInput,
  RequestContext,
  ScoutError,
  SessionUsageTracker,
  type Envelope,
  type ToolContext,
  type ToolName,
  type ToolResult,
} from '@scout/core';
import { AnswerConformance } from '@scout/contract';
import { IdempotencyService, parseIdempotencyKey, requestFingerprint } from '@scout/idempotency';
import { CreditHoldsService, type Hold } from '@scout/ledger';
import type { UpstreamEndpoints } from '@scout/upstream';
import { UPSTREAM_ENDPOINTS } from '../upstreams/upstream-endpoints';
import { BalanceReads } from './balance-reads';
import { CallAbortedError, type ToolCallOutcome, type ToolCallRequest } from './tool-call.types';
import { observeToolCall } from './tool-call.metrics';
import { noteFailedCallMeter, traceToolCall } from './tool-call.tracing';

const SANDBOX_NOTE = 'Answered from the sandbox upstream, a synthetic market that stands in for the data providers: not live market data.';

/** A fresh answer's status: every tool answers 200; a replay answers the status it stored. */
const OK = 200;

/** The Idempotency-Key claim a call runs under. */
interface KeyClaim {
  key: string;
  claimId: string;
}

/**
 * One tool call after the access guard, for every transport (docs/architecture.md section 4, steps 5-8):
 * validate the input, claim its Idempotency-Key if one came, place a hold for the cost, run the
 * handler with its context, then post the hold with the envelope (stored under the key in the same
 * transaction) before the answer leaves, or void it if the call failed. A hold left by a crash
 * expires unspent. A tool that only reads (`readsOnly`) may first be answered from cached upstream
 * answers and charged once, without a hold (answerFromCache). REST (ToolGatewayService) and MCP (McpToolCaller) are thin adapters over it.
 */
@Injectable()
export class ToolCallService {
  private readonly logger = new Logger('ToolGateway');

  constructor(
    private readonly balances: BalanceReads,
    private readonly holds: CreditHoldsService,
    private readonly idempotency: IdempotencyService,
    private readonly sessionUsage: SessionUsageTracker,
    private readonly config: AppConfig,
    @Inject(UPSTREAM_ENDPOINTS) private readonly upstreams: UpstreamEndpoints,
    private readonly conformance: AnswerConformance,
  ) {}

  call(request: ToolCallRequest): Promise<ToolCallOutcome> {
    // Counted in the metrics however it ends (tool-call.metrics.ts): calls, credits, duration.
    // Told to its request's log line and, while tracing, spanned as scout.tool_call (tool-call.tracing.ts).
    return observeToolCall(request, () => traceToolCall(request, () => this.callMeasured(request)));
  }

  private async callMeasured(request: ToolCallRequest): Promise<ToolCallOutcome> {
    const startedAt = performance.now();
    const { tool, caller } = request;
    const input = await parseToolInput(tool.input, request.input, request.source, tool.inputSchema);

    // A key is scoped to an account: a keyless call has none to scope it to. The public tool
    // (service_health) reports live state, which a stored answer would misreport, so it ignores
    // the key even with a credential (the OpenAPI document offers the header on keyed tools only).
    const key = caller && !tool.public ? parseIdempotencyKey(request.idempotencyKey) : null;
    // Awaited, not returned: an async function handing back a promise costs extra turns of the
    // microtask queue per call, which 10,000 watches answered by one event each pay.
    if (!caller || key === null) return await this.run(request, input, startedAt, null);

    const claim = await this.idempotency.claim(caller.accountId, key, tool.name, requestFingerprint(tool.name, input));
    if (claim.kind === 'replay') {
      // The stored answer and status, charging nothing; the balance is today's.
      const remaining = await this.balances.remaining(caller.accountId);
      request.onRemaining?.(remaining);
      return { envelope: claim.response as Envelope, statusCode: claim.statusCode, remaining, replayed: true };
    }
    try {
      return await this.run(request, input, startedAt, { key, claimId: claim.claimId });
    } catch (error) {
      // 402, a voided call, the database: nothing to replay, so the retry runs. A claim that
      // cannot be released lapses when the call's hold would have expired.
      await this.idempotency.release(caller.accountId, key, claim.claimId).catch((releaseError: unknown) => {
        this.logger.warn({ err: releaseError, key }, 'could not release the Idempotency-Key of a failed call: it lapses with its hold');
      });
      throw error;
    }
  }

  private async run(request: ToolCallRequest, input: object, startedAt: number, claim: KeyClaim | null): Promise<ToolCallOutcome> {
    const { tool, caller, requestId } = request;
    // A call whose answer can no longer be delivered is not started (nor charged).
    if (request.voidIfAborted && request.signal.aborted) throw new CallAbortedError();

    // A paid call of a tool that only reads, without a key to store its answer under: answered from
    // cached upstream answers if it can be, then charged once (no hold); otherwise it runs below.
    if (caller && tool.cost > 0 && tool.readsOnly && !claim) {
      const answered = await this.answerFromCache(request, input, startedAt, caller.accountId);
      if (answered) return answered;
    }

    const hold =
      caller && tool.cost > 0
        ? await this.holds.place({ accountId: caller.accountId, tool: tool.name, amount: tool.cost, requestId, channel: request.channel })
        : null;
    if (hold) request.onRemaining?.(hold.remaining);

    const context = this.contextFor(request, new CallMeter());
    let result: ToolResult;
    try {
      result = await RequestContext.run(context, () => tool.handler(input, context));
      if (request.voidIfAborted && request.signal.aborted) throw new CallAbortedError();
    } catch (error) {
      noteFailedCallMeter(error, context.meter);
      if (hold) await this.voidHold(hold, error, request);
      throw error;
    }

    const remaining = hold ? hold.remaining : caller ? await this.balances.remaining(caller.accountId) : null;
    if (remaining !== null) request.onRemaining?.(remaining);
    const envelope = this.envelope(tool.name, result, context, hold ? tool.cost : 0, remaining, startedAt, requestId);

    // The charge (and the stored answer) is durable before the answer leaves; a hold that can no
    // longer be posted throws, and the caller gets an error, charged nothing.
    if (hold) {
      await this.holds.post(hold, claim ? { ...claim, statusCode: OK, response: envelope } : undefined);
    } else if (claim && caller) {
      await this.storeFreeAnswer(caller.accountId, claim, envelope);
    }
    if (caller) this.recordUsage(request, caller.accountId, context);
    return { envelope, statusCode: OK, remaining, replayed: false };
  }

  /**
   * Runs the handler on cached upstream answers only (CallMeter.fromCacheOnly: a miss is refused,
   * never fetched), and if it answered without one, charges the call in one grouped debit
   * (CreditHoldsService.charge: 402 when short, and the answer is dropped). Null when the answer
   * needed an upstream call or the run failed: the caller then runs the call as usual, with a hold,
   * so what the client gets (the answer or the error) comes from that run.
   */
  private async answerFromCache(request: ToolCallRequest, input: object, startedAt: number, accountId: string): Promise<ToolCallOutcome | null> {
    const { tool, requestId } = request;
    const context = this.contextFor(request, new CallMeter(true));
    let result: ToolResult;
    try {
      result = await RequestContext.run(context, () => tool.handler(input, context));
    } catch {
      return null;
    }
    // A handler may have caught a refused fetch and answered without that part: not this answer.
    if (context.meter.refusedFetches > 0) return null;
    if (request.voidIfAborted && request.signal.aborted) throw new CallAbortedError();
    const charged = await this.holds.charge({ accountId, tool: tool.name, amount: tool.cost, requestId, channel: request.channel });
    request.onRemaining?.(charged.remaining);
    const envelope = this.envelope(tool.name, result, context, tool.cost, charged.remaining, startedAt, requestId);
    this.recordUsage(request, accountId, context);
    return { envelope, statusCode: OK, remaining: charged.remaining, replayed: false };
  }

  /** Counts the answered call in the session's usage (service_usage), under its channel. */
  private recordUsage(request: ToolCallRequest, accountId: string, context: ToolContext): void {
    const { meter } = context;
    this.sessionUsage.record({
      accountId,
      tool: request.tool.name,
      credits: request.tool.cost,
      upstreamCalls: meter.calls,
      cachedCalls: meter.cachedCalls,
      channel: request.channel,
    });
  }

  /** What the handler sees of one run of the call; `meter` says whether it may fetch (CallMeter.fromCacheOnly). */
  private contextFor(request: ToolCallRequest, meter: CallMeter): ToolContext {
    const { tool } = request;
    return {
      tool: tool.name,
      requestId: request.requestId,
      caller: request.caller,
      meter,
      deadlineAt: Date.now() + (tool.deadlineMs ?? this.config.TOOL_DEADLINE_MS),
      signal: request.signal,
    };
  }

  private envelope(
    tool: ToolName,
    result: ToolResult,
    context: ToolContext,
    creditsSpent: number,
    remaining: number | null,
    startedAt: number,
    requestId: string,
  ): Envelope {
    // An answer off its schema is still the answer the caller paid for: it is sent, and the drift logged.
    this.conformance.check(tool, result.data);
    const notes = [...(result.notes ?? [])];
    if (this.upstreams.sandbox && context.meter.endpoints.length > 0) notes.push(SANDBOX_NOTE);
    return buildEnvelope({ tool, data: result.data, notes, creditsSpent, remaining, meter: context.meter, startedAt, requestId });
  }

  private async voidHold(hold: Hold, error: unknown, request: ToolCallRequest): Promise<void> {
    const reason = error instanceof ScoutError ? `${error.code}: ${error.message}` : error instanceof CallAbortedError ? error.message : 'internal error';
    const remaining = await this.holds.void(hold, reason);
    if (remaining !== null) request.onRemaining?.(remaining);
  }

  /** A free call moves no credits, so its answer is stored on its own; failing to store it is not fatal. */
  private async storeFreeAnswer(accountId: string, claim: KeyClaim, envelope: Envelope): Promise<void> {
    try {
      const stored = await this.idempotency.complete(accountId, claim.key, claim.claimId, { statusCode: OK, response: envelope, usageEntryId: null });
      if (!stored) this.logger.warn({ key: claim.key }, 'Idempotency-Key taken over as abandoned before the call finished: answer not stored');
    } catch (error) {
      this.logger.error({ err: error, key: claim.key }, 'could not store the answer of an Idempotency-Key');
    }
  }
}
