import type { RequestHandlerExtra } from '@modelcontextprotocol/sdk/shared/protocol.js';
import type { ProgressToken, ServerNotification, ServerRequest } from '@modelcontextprotocol/sdk/types.js';

/** How often a running call reports progress: well inside a client's 60 s request timeout. */
export const PROGRESS_INTERVAL_MS = 5_000;

export type McpRequestExtra = RequestHandlerExtra<ServerRequest, ServerNotification>;

/**
 * Sends `notifications/progress` for a running call, at once and then every PROGRESS_INTERVAL_MS,
 * with the seconds elapsed as progress (it only grows; the total is not known). A client that resets
 * its timeout on progress then waits out a long watch. Returns the function that stops it.
 */
export function reportProgress(extra: McpRequestExtra, token: ProgressToken, tool: string): () => void {
  const startedAt = Date.now();
  const send = () => {
    const elapsed = Math.floor((Date.now() - startedAt) / 1000);
    // A stream that closed meanwhile has nobody to tell: the call's own end handles that.
    extra
      .sendNotification({ method: 'notifications/progress', params: { progressToken: token, progress: elapsed, message: `${tool}: running for ${elapsed} s` } })
      .catch(() => undefined);
  };
  send();
  const timer = setInterval(send, PROGRESS_INTERVAL_MS);
  return () => clearInterval(timer);
}
