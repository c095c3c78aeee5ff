import { Injectable, Logger } from '@nestjs/common';
import type { CallToolRequest, CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import {
  answerJson,
  AppConfig,
  errorBody,
  errorRemaining,
  InvalidRequestError,
  MAX_INPUT_DEPTH,
  nestsDeeperThan,
  NotFoundError,
  toScoutError,
  ToolRegistry,
  type CallerIdentity,
  type RegisteredTool,
} from '@scout/core';
import { LedgerService } from '@scout/ledger';
import { ToolCallService } from '../tools/tool-call.service';
import { CallAbortedError } from '../tools/tool-call.types';
import { tooDeepError, tooLargeError } from '../http/json-body';
import { JSON_RPC, JsonRpcFault } from './jsonrpc-errors';
import { McpInFlightCalls } from './mcp-in-flight';
import { reportProgress, type McpRequestExtra } from './mcp-progress';

/** `_meta` key of a call's Idempotency-Key (tools/call), as the header is on REST. */
export const IDEMPOTENCY_KEY_META = 'scout/idempotency-key';
/** `_meta` key set on a result replayed from an earlier call with the same key, as REST's Idempotent-Replayed. */
export const REPLAYED_META = 'scout/idempotent-replayed';

/** The HTTP request a tools/call came in: who sent it, its request id, its arguments, and how to end it. */
export interface McpRequestScope {
  caller: CallerIdentity;
  requestId: string;
  /** The call's arguments as they arrived (screenMcpMessage), not the SDK's copy of them. */
  toolArguments?: Record<string, unknown>;
  /** Ends the request without an answer (a cancelled call gets none). */
  close(): Promise<void>;
}

/**
 * tools/call over ToolCallService, as REST calls it, on channel `mcp`: the envelope as
 * structuredContent and JSON text; a contract error as an `isError` result with the code, message
 * and balance; an unknown tool as JSON-RPC -32602. A cancelled call is voided and answered nothing.
 */
@Injectable()
export class McpToolCaller {
  private readonly logger = new Logger('Mcp');

  constructor(
    private readonly registry: ToolRegistry,
    private readonly calls: ToolCallService,
    private readonly ledger: LedgerService,
    private readonly inFlight: McpInFlightCalls,
    private readonly config: AppConfig,
  ) {}

  async call(request: CallToolRequest, extra: McpRequestExtra, scope: McpRequestScope): Promise<CallToolResult> {
    const tool = this.resolve(request.params.name);
    const tracked = this.inFlight.track(scope.caller, extra.requestId);
    const progressToken = request.params._meta?.progressToken;
    const stopProgress = progressToken === undefined ? () => undefined : reportProgress(extra, progressToken, tool.name);
    let remaining: number | null = null;
    try {
      const input = scope.toolArguments ?? {};
      assertWithinBodyLimits(input, this.config.BODY_LIMIT_BYTES);
      const outcome = await this.calls.call({
        tool,
        caller: scope.caller,
        input,
        source: 'body',
        idempotencyKey: idempotencyKeyOf(request.params._meta),
        requestId: scope.requestId,
        // The client cancelled (notifications/cancelled) or went away (the server closed).
        signal: AbortSignal.any([extra.signal, tracked.signal]),
        channel: 'mcp',
        voidIfAborted: true,
        onRemaining: (known) => (remaining = known),
      });
      return {
        content: [{ type: 'text', text: answerJson(outcome.envelope) }],
        structuredContent: outcome.envelope as unknown as Record<string, unknown>,
        ...(outcome.replayed ? { _meta: { [REPLAYED_META]: true } } : {}),
      };
    } catch (error) {
      if (error instanceof CallAbortedError) {
        await scope.close();
        throw error;
      }
      return this.failure(error, scope, remaining);
    } finally {
      stopProgress();
      tracked.done();
    }
  }

  /** An unknown name is a protocol error (the client named no tool), not a tool's failure. */
  private resolve(name: string): RegisteredTool {
    try {
      return this.registry.resolve(name);
    } catch (error) {
      if (error instanceof NotFoundError)
        throw new JsonRpcFault(JSON_RPC.invalidParams, error.message, { code: error.code, issues: [{ path: 'params.name', message: 'unknown tool' }] });
      throw error;
    }
  }

  /** The contract's error body (errorBody, as ScoutExceptionFilter writes it) as an isError result the model can read. */
  private async failure(exception: unknown, scope: McpRequestScope, known: number | null): Promise<CallToolResult> {
    const error = toScoutError(exception);
    if (error.code === 'internal_error' || error.code === 'service_unavailable') {
      this.logger.error({ err: exception, requestId: scope.requestId }, `${error.code}: ${(exception as Error)?.message ?? exception}`);
    }
    const remaining = await errorRemaining(error, known, () => this.ledger.remaining(scope.caller.accountId));
    const body = errorBody(error, remaining);
    return { isError: true, content: [{ type: 'text', text: JSON.stringify(body) }], structuredContent: body };
  }
}

/**
 * REST's body limits (JsonBodyReader), held against the arguments: the JSON-RPC envelope around
 * them neither takes from nor adds to what a call may send. The same refusals as REST's.
 */
function assertWithinBodyLimits(input: Record<string, unknown>, limitBytes: number): void {
  // Depth first, with the iterative walk: JSON.stringify recurses, and a few thousand levels
  // (which fit in the body) overflow its stack.
  if (nestsDeeperThan(input, MAX_INPUT_DEPTH)) throw tooDeepError('params.arguments');
  if (Buffer.byteLength(JSON.stringify(input)) > limitBytes) throw tooLargeError('params.arguments', limitBytes);
}

function idempotencyKeyOf(meta: Record<string, unknown> | undefined): string | undefined {
  const key = meta?.[IDEMPOTENCY_KEY_META];
  if (key === undefined || typeof key === 'string') return key;
  throw new InvalidRequestError(`_meta["${IDEMPOTENCY_KEY_META}"] must be a string.`, [
    { path: `_meta.${IDEMPOTENCY_KEY_META}`, message: 'expected a string' },
  ]);
}
