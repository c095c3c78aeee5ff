import type { NextFunction, Request, RequestHandler, Response } from 'express';
import { classifyPath, type Classified } from './classify-path';
import { authMessage, defaultMessage, errorBody, rateLimitMessage } from './errors';
import { malformBody, type FaultControl, type RequestRecord } from './faults';

/** Requests a fault holds open (a timeout) and fault latencies still running: ended at shutdown. */
export interface PendingFaults {
  held: Set<Response>;
  timers: Set<NodeJS.Timeout>;
}

/** An error in the shape of the provider the request was for. */
export function sendProviderError(req: Request, res: Response, c: Classified, status: number, message?: string): void {
  const rpcId = c.rpc ? ((req.body as { id?: unknown } | undefined)?.id ?? null) : undefined;
  res.status(status).json(errorBody(c.provider, status, message ?? defaultMessage(status), { rpc: c.rpc, rpcId }));
}

/** Classifies each provider request and records it (with its final status) in the fault control's counters. */
export function recordRequests(control: FaultControl): RequestHandler {
  return (req: Request, res: Response, next: NextFunction) => {
    const c = classifyPath(req.path);
    if (!c) return next();
    res.locals.sandbox = c;
    const q = req.originalUrl.indexOf('?');
    const rec: RequestRecord = control.record({
      provider: c.provider,
      method: req.method,
      route: c.route,
      query: q >= 0 ? req.originalUrl.slice(q + 1) : '',
      at: Date.now(),
    });
    res.on('finish', () => {
      rec.status = res.statusCode;
    });
    res.locals.record = rec;
    next();
  };
}

/**
 * Applies the faults that match a provider request (FaultControl.decide): an added latency, then a
 * held request, a refused key, a rate limit, a status or a malformed body in the provider's shape.
 */
export function applyFaults(control: FaultControl, pending: PendingFaults): RequestHandler {
  return (req: Request, res: Response, next: NextFunction) => {
    const c = res.locals.sandbox as Classified | undefined;
    if (!c) return next();
    const decision = control.decide(c.provider, c.route);
    if (decision.matched.length) (res.locals.record as RequestRecord).faulted = decision.matched;
    const act = () => {
      const e = decision.effect;
      switch (e.kind) {
        case 'none':
          return next();
        case 'timeout':
          pending.held.add(res);
          res.on('close', () => pending.held.delete(res));
          return;
        case 'keyRefused':
          return sendProviderError(req, res, c, 401, authMessage(c.provider, c.rpc));
        case 'rateLimited':
          res.setHeader('Retry-After', String(e.retryAfterSec));
          if (c.provider === 'jupiter') {
            res.setHeader('x-ratelimit-remaining', '0');
            res.setHeader('x-ratelimit-reset', String(Math.ceil(Date.now() / 1000) + e.retryAfterSec));
          }
          return sendProviderError(req, res, c, 429, rateLimitMessage(c.provider, c.rpc));
        case 'status':
          return sendProviderError(req, res, c, e.status, e.message);
        case 'malformed': {
          res.json = ((body: unknown) => {
            const json = JSON.stringify(body) ?? 'null';
            const bad = malformBody(json, e.mode);
            res.status(200);
            res.setHeader('Content-Type', bad.contentType);
            res.send(bad.body);
            return res;
          }) as Response['json'];
          return next();
        }
      }
    };
    if (decision.latencyMs > 0) {
      const timer = setTimeout(() => {
        pending.timers.delete(timer);
        if (!res.writableEnded && !req.socket.destroyed) act();
      }, decision.latencyMs);
      pending.timers.add(timer);
      res.on('close', () => {
        clearTimeout(timer);
        pending.timers.delete(timer);
      });
      return;
    }
    act();
  };
}
