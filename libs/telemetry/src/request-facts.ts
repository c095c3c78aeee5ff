import { AsyncLocalStorage } from 'node:async_hooks';

/** How one tool call ended, as its request's log line and its span tell it. */
export type ToolCallEnd = 'answered' | 'replayed' | 'failed';

/** What one tool call did: recorded by the API's ToolCallService (both channels) when it ends. */
export interface ToolCallFact {
  tool: string;
  channel: 'rest' | 'mcp';
  outcome: ToolCallEnd;
  /** Credits this call charged: the tool's cost on a charged answer; 0 on a replay, a free tool or an error. */
  credits: number;
  /** Upstream answers fetched live, and answered from Scout's cache (a failed call: what its handler fetched before it failed). */
  upstreamCalls: number;
  upstreamCachedCalls: number;
  /** The error code of a failed call (`tool_error`, `out_of_credits`, `cancelled`...). */
  errorCode?: string;
}

/**
 * The facts of one HTTP request that its log line reports and no single layer holds: the tool
 * calls it carried (one on REST; the `tools/call` of a POST /mcp). The HTTP pipeline opens one per
 * request (RequestFacts.run); ToolCallService adds each call to the one of the request it serves.
 */
export class RequestFacts {
  readonly calls: ToolCallFact[] = [];

  private static readonly storage = new AsyncLocalStorage<RequestFacts>();

  /** Runs `fn` (and everything it starts) with `facts` as the current request's facts. */
  static run<T>(facts: RequestFacts, fn: () => T): T {
    return RequestFacts.storage.run(facts, fn);
  }

  /** The facts of the request being served, if any (none in the worker, in a unit test). */
  static current(): RequestFacts | undefined {
    return RequestFacts.storage.getStore();
  }

  add(fact: ToolCallFact): void {
    this.calls.push(fact);
  }

  /**
   * The request line's tool fields: the tool (several, comma-separated, if a request ever carried
   * more than one call), credits charged, upstream calls and whether the answer came from cache
   * alone. Empty when the request carried no tool call.
   */
  logFields(): Record<string, unknown> {
    const calls = this.calls;
    if (calls.length === 0) return {};
    let credits = 0;
    let upstreamCalls = 0;
    let upstreamCachedCalls = 0;
    for (const call of calls) {
      credits += call.credits;
      upstreamCalls += call.upstreamCalls;
      upstreamCachedCalls += call.upstreamCachedCalls;
    }
    const last = calls[calls.length - 1];
    const fields: Record<string, unknown> = {
      tool: calls.length === 1 ? last.tool : calls.map((call) => call.tool).join(','),
      outcome: last.outcome,
      credits,
      // Answered without a live upstream fetch, from cached upstream answers.
      cacheHit: upstreamCalls === 0 && upstreamCachedCalls > 0,
      upstreamCalls,
      upstreamCachedCalls,
    };
    if (last.errorCode !== undefined) fields.errorCode = last.errorCode;
    return fields;
  }
}
