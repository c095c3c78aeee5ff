import type { CallChannel, CallerIdentity, Envelope, RegisteredTool } from '@scout/core';

/** One tool call as every transport hands it to ToolCallService. */
export interface ToolCallRequest {
  tool: RegisteredTool;
  /** Null only for the public tool called without a credential. */
  caller: CallerIdentity | null;
  /** The input as it came: query parameters (coerced through the schema) or a JSON object. */
  input: unknown;
  source: 'query' | 'body';
  /** The Idempotency-Key as sent (a repeated header is an array, refused); absent: none. */
  idempotencyKey: string | string[] | undefined;
  requestId: string;
  /** Aborted when the client can no longer take the answer; the handler sees it in its context. */
  signal: AbortSignal;
  /** Which transport the call came through; the ledger records it beside the charge. */
  channel: CallChannel;
  /**
   * A call aborted before its handler answered is voided (charged nothing) even if the handler
   * still answers: an MCP cancellation says the client will drop the answer. REST charges an answer
   * its handler finished, whether or not the client stayed to read it.
   */
  voidIfAborted?: boolean;
  /** Told the balance each time it becomes known (hold placed, hold voided, answer ready). */
  onRemaining?: (remaining: number) => void;
}

/** What a call answered. Failures are thrown as ScoutError (or CallAbortedError). */
export interface ToolCallOutcome {
  envelope: Envelope;
  statusCode: number;
  /** The balance after the call; null for a keyless call. */
  remaining: number | null;
  /** The answer was replayed from an earlier call with the same Idempotency-Key, charging nothing. */
  replayed: boolean;
}

/** A call given up because its client stopped waiting (`voidIfAborted`); its hold is voided. */
export class CallAbortedError extends Error {
  constructor() {
    super('cancelled: the client stopped waiting for the answer');
    this.name = 'CallAbortedError';
  }
}
