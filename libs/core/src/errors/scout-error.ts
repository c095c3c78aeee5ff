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
