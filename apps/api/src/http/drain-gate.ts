import type { NextFunction, Request, Response } from 'express';
import { errorBody, ServiceUnavailableError, type DrainState, type ScoutError } from '@scout/core';

/** The body of a refusal in the shape of the route's transport (the contract's, or JSON-RPC's on /mcp). */
export type RefusalBody = (req: Request, error: ScoutError) => unknown;

/** The probes answer while draining: readiness reports the drain, liveness that the process runs. */
export const PROBE_PATHS: ReadonlySet<string> = new Set(['/healthz', '/readyz']);

const DRAINING = new ServiceUnavailableError(
  'This Scout instance is shutting down and takes no new requests. Nothing was charged; retry (another instance answers).',
);

/**
 * Step 2 of every request, before anything reads the body, the key or the ledger: while the
 * process drains, a new request is refused with 503 and its connection closed, so it is never
 * charged; otherwise it is counted until its response ends, so the shutdown can wait for it.
 */
export function drainGate(drain: DrainState, bodyFor: RefusalBody = (_req, error) => errorBody(error, null)) {
  return (req: Request, res: Response, next: NextFunction): void => {
    if (PROBE_PATHS.has(req.path)) return next();
    const done = drain.admit();
    if (!done) {
      res.setHeader('Connection', 'close');
      res.setHeader('Retry-After', '1');
      res.status(DRAINING.status).json(bodyFor(req, DRAINING));
      return;
    }
    // 'close' fires once the response is sent or the client went away, whichever comes first.
    res.once('close', done);
    next();
  };
}
