import { Injectable } from '@nestjs/common';
import type { RequestId } from '@modelcontextprotocol/sdk/types.js';
import type { CallerIdentity } from '@scout/core';

/** A tracked call: its cancellation signal, and `done` to stop tracking it once it ended. */
export interface InFlightCall {
  signal: AbortSignal;
  done(): void;
}

/**
 * The tools/call requests this process is running, so a `notifications/cancelled` can stop one.
 * Requests are stateless (one server per HTTP request), so the cancellation arrives in another
 * request, often on the same instance; one that reaches another instance finds nothing and the
 * call runs to its end. JSON-RPC ids are the client's own, so a call is found only under the
 * credential that started it (the same key, or the same OAuth grant).
 */
@Injectable()
export class McpInFlightCalls {
  private readonly calls = new Map<string, Set<AbortController>>();

  track(caller: CallerIdentity, id: RequestId): InFlightCall {
    const slot = slotOf(caller, id);
    const controller = new AbortController();
    const set = this.calls.get(slot) ?? new Set<AbortController>();
    set.add(controller);
    this.calls.set(slot, set);
    return {
      signal: controller.signal,
      done: () => {
        set.delete(controller);
        if (set.size === 0 && this.calls.get(slot) === set) this.calls.delete(slot);
      },
    };
  }

  /** Aborts the calls this credential runs under that id; how many there were. */
  cancel(caller: CallerIdentity, id: RequestId, reason?: string): number {
    const set = this.calls.get(slotOf(caller, id));
    if (!set) return 0;
    for (const controller of set) controller.abort(reason ?? 'cancelled by the client');
    return set.size;
  }
}

function slotOf(caller: CallerIdentity, id: RequestId): string {
  return JSON.stringify([caller.accountId, caller.keyId, caller.grantId ?? null, id]);
}
