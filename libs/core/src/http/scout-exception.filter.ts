import { ArgumentsHost, Catch, ExceptionFilter, HttpException, Logger } from '@nestjs/common';
import type { Request, Response } from 'express';
import { isDatabaseUnavailable } from '../errors/database-errors';
import { InvalidRequestError, MethodNotAllowedError, NotFoundError, RateLimitedError, ScoutError, ServiceUnavailableError } from '../errors/scout-error';
import { CREDITS_COST_HEADER, CREDITS_HEADER, CREDITS_USED_HEADER } from './envelope';

/** Maps Nest's own HTTP exceptions (unknown route, framework checks) to contract codes. */
function fromHttpException(exception: HttpException): ScoutError {
  const status = exception.getStatus();
  const response = exception.getResponse();
  const message = typeof response === 'object' && response && 'message' in response ? String(response.message) : exception.message;
  if (status === 404) return new NotFoundError(message.startsWith('Cannot') ? `No route: ${message.replace(/^Cannot /, '')}` : message);
  if (status === 413) return new InvalidRequestError('The request body is larger than Scout accepts.', [{ path: '', message: 'body too large' }]);
  if (status >= 400 && status < 500) return new InvalidRequestError(message);
  return new ScoutError('internal_error', 'Internal error. The request id identifies it in the logs.');
}

/** What a filter needs to know about the caller to add the credits header to an error. */
export interface ErrorCreditsLookup {
  remainingFor(accountId: string): Promise<number | null>;
}

export function toScoutError(exception: unknown): ScoutError {
  if (exception instanceof ScoutError) return exception;
  if (exception instanceof HttpException) return fromHttpException(exception);
  if (isDatabaseUnavailable(exception)) return new ServiceUnavailableError();
  return new ScoutError('internal_error', 'Internal error. The request id identifies it in the logs.');
}

/**
 * The balance an error reports to an authenticated caller: the one the call already knew, the
 * error's own, or a fresh lookup (none while the database is unavailable); null when none is known.
 */
export async function errorRemaining(error: ScoutError, known: number | null, lookup?: () => Promise<number | null>): Promise<number | null> {
  if (known !== null) return known;
  if (typeof error.extra.remaining === 'number') return error.extra.remaining;
  if (!lookup || error.code === 'service_unavailable') return null;
  return lookup().catch(() => null);
}

/** The contract's error body, `{ error: { code, message, ... }, credits?: { remaining } }`, for every transport. */
export function errorBody(error: ScoutError, remaining: number | null): Record<string, unknown> {
  return { error: { code: error.code, message: error.message, ...error.extra }, ...(remaining !== null ? { credits: { remaining } } : {}) };
}

/**
 * The one place errors become responses: `{ error: { code, message, ... } }` with the status of
 * the code. Authenticated callers also get their balance, as header and as `credits.remaining`,
 * and on a tool route the tool's cost and the `0` it charged (x-credits-cost, x-credits-used).
 */
@Catch()
export class ScoutExceptionFilter implements ExceptionFilter {
  private readonly logger = new Logger('Errors');

  constructor(private readonly credits?: ErrorCreditsLookup) {}

  async catch(exception: unknown, host: ArgumentsHost): Promise<void> {
    const http = host.switchToHttp();
    const req = http.getRequest<Request & { caller?: { accountId: string } | null; tool?: { cost: number }; id?: unknown }>();
    const res = http.getResponse<Response>();
    const error = toScoutError(exception);
    if (error.code === 'internal_error' || error.code === 'service_unavailable') {
      this.logger.error({ err: exception, requestId: req.id }, `${error.code}: ${(exception as Error)?.message ?? exception}`);
    }
    if (res.headersSent) return;
    if (error instanceof RateLimitedError) res.setHeader('Retry-After', String(error.retryAfterSeconds));
    if (error instanceof MethodNotAllowedError) res.setHeader('Allow', error.allow.join(', '));

    const caller = req.caller;
    let remaining: number | null = null;
    if (caller) {
      const known = res.getHeader(CREDITS_HEADER);
      const credits = this.credits;
      remaining = await errorRemaining(error, known === undefined ? null : Number(known), credits && (() => credits.remainingFor(caller.accountId)));
      if (remaining !== null) res.setHeader(CREDITS_HEADER, String(remaining));
      // A tool call that failed charged nothing, whatever it would have cost.
      if (req.tool) {
        res.setHeader(CREDITS_COST_HEADER, String(req.tool.cost));
        res.setHeader(CREDITS_USED_HEADER, '0');
      }
    }
    this.send(res, req, error, remaining);
  }

  /** Writes the answer; a transport with its own error shape (JSON-RPC on /mcp) overrides it. */
  protected send(res: Response, _req: Request, error: ScoutError, remaining: number | null): void {
    res.status(error.status).json(errorBody(error, remaining));
  }
}
