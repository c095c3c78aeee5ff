/** Stable error codes of the contract (spec "Errors") plus the few Scout adds. */
export type ErrorCode =
  | 'invalid_request'
  | 'unauthorized'
  | 'forbidden'
  | 'out_of_credits'
  | 'not_found'
  | 'method_not_allowed'
  | 'conflict'
  | 'idempotency_key_in_use'
  | 'idempotency_key_reused'
  | 'rate_limited'
  | 'tool_error'
  | 'service_unavailable'
  | 'internal_error';

export const HTTP_STATUS_BY_CODE: Record<ErrorCode, number> = {
  invalid_request: 400,
  unauthorized: 401,
  out_of_credits: 402,
  forbidden: 403,
  not_found: 404,
  method_not_allowed: 405,
  conflict: 409,
  idempotency_key_in_use: 409,
  idempotency_key_reused: 422,
  rate_limited: 429,
  internal_error: 500,
  tool_error: 502,
  service_unavailable: 503,
};

/**
 * What each code tells the caller, in one place: the OpenAPI responses and /llms.txt both read it,
 * and a new code cannot ship without its meaning (the Record is exhaustive).
 */
export const ERROR_CODE_MEANINGS: Record<ErrorCode, string> = {
  invalid_request: 'Inputs failed validation; `error.issues` lists each failure. Nothing was charged.',
  unauthorized: 'Missing, malformed, unknown or revoked API key or access token.',
  out_of_credits: 'The balance does not cover the call; nothing ran and nothing was charged. Once a plan is picked or credits are added, the next call works.',
  forbidden: 'The credential is valid but may not use this route (admin routes need a key with the admin scope).',
  not_found: 'Unknown tool or route, or a token, ticker or protocol the provider does not know (nothing charged).',
  method_not_allowed: 'The route does not answer this method; the `Allow` header lists those it does.',
  conflict: 'The change conflicts with the current state of what it changes.',
  idempotency_key_in_use: 'The first request with this Idempotency-Key is still running; retry when it has finished to get its answer.',
  idempotency_key_reused: 'This Idempotency-Key was used in the last 24 h for another tool or other inputs; send a new key.',
  rate_limited: 'Too many unauthenticated requests from this IP; see Retry-After.',
  internal_error: 'An unexpected fault; the `x-request-id` header identifies it in the logs.',
  tool_error: "The upstream failed; `error.details` has the tool message. Nothing was charged (the call's hold was voided).",
  service_unavailable:
    'The ledger database is unreachable, this instance is shutting down (draining), or the call ran past its deadline before it could be charged; nothing was charged, retry.',
};

export interface ValidationIssue {
  /** Dotted path of the offending input field ('' for the input as a whole). */
  path: string;
  message: string;
}

/**
 * A domain error with a stable code. Services throw these; one exception filter turns them into
 * `{ error: { code, message, ... } }` with the status the code maps to.
 */
export class ScoutError extends Error {
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly extra: Record<string, unknown> = {},
  ) {
    super(message);
    this.name = 'ScoutError';
  }

  get status(): number {
    return HTTP_STATUS_BY_CODE[this.code];
  }
}

export class InvalidRequestError extends ScoutError {
  constructor(message: string, issues: ValidationIssue[] = []) {
    super('invalid_request', message, { issues });
  }
}

export class NotFoundError extends ScoutError {
  constructor(message: string) {
    super('not_found', message);
  }
}

/** A method the route does not answer; `allow` becomes the Allow header (RFC 9110 section 15.5.6). */
export class MethodNotAllowedError extends ScoutError {
  constructor(
    method: string,
    readonly allow: readonly string[],
  ) {
    super('method_not_allowed', `${method} is not answered here: use ${allow.join(' or ')}.`);
  }
}

export class UnauthorizedError extends ScoutError {
  constructor(message = 'A valid API key is required: send Authorization: Bearer sc_...') {
    super('unauthorized', message);
  }
}

export class ForbiddenError extends ScoutError {
  constructor(message: string) {
    super('forbidden', message);
  }
}

export class OutOfCreditsError extends ScoutError {
  constructor(required: number, remaining: number) {
    super('out_of_credits', `This call costs ${required} credits and the account has ${remaining}. Pick a plan or add credits; the next call works at once.`, {
      required,
      remaining,
    });
  }
}

export class RateLimitedError extends ScoutError {
  constructor(readonly retryAfterSeconds: number) {
    super('rate_limited', `Too many unauthenticated requests. Retry in ${retryAfterSeconds} s, or send an API key.`);
  }
}

/**
 * The tool ran but its upstream failed. `details` is the tool's own message. The call is charged nothing (its hold is voided).
 */
export class ToolError extends ScoutError {
  constructor(message: string, details: string) {
    super('tool_error', message, { details });
  }
}

/** An Idempotency-Key whose first request is still running (IETF idempotency-key draft: 409). */
export class IdempotencyKeyInUseError extends ScoutError {
  constructor(key: string) {
    super('idempotency_key_in_use', `A request with Idempotency-Key "${key}" is still running; retry once it has finished to get its answer.`);
  }
}

/** An Idempotency-Key sent again with another tool or other inputs (IETF draft: 422). */
export class IdempotencyKeyReusedError extends ScoutError {
  constructor(key: string) {
    super(
      'idempotency_key_reused',
      `Idempotency-Key "${key}" was used in the last 24 h for a different tool or different inputs; use a new key for a new request.`,
    );
  }
}

export class ServiceUnavailableError extends ScoutError {
  constructor(message = 'Scout cannot reach its database right now. Nothing was charged; retry shortly.') {
    super('service_unavailable', message);
  }
}
