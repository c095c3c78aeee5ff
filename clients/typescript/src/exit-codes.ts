import type { ErrorAnswer } from './generated/types.gen';

/** An error code of Scout's contract (`error.code` of an error answer), as the OpenAPI document lists them. */
export type ErrorCode = ErrorAnswer['error']['code'];

/** Why the CLI stopped: success, a local reason, or the error code Scout answered. */
export type ExitReason = 'ok' | 'usage' | 'network' | 'unexpected' | ErrorCode;

/**
 * The `scout` command's exit code for each outcome: one per contract error code, so a script can
 * branch on `$?` without parsing the answer. A Record over the generated `ErrorCode`, so a code
 * added to the contract fails to compile here after `npm run client` until it has its own number.
 */
export const EXIT_CODES: Readonly<Record<ExitReason, number>> = {
  ok: 0,
  unexpected: 1,
  usage: 2,
  invalid_request: 3,
  unauthorized: 4,
  out_of_credits: 5,
  forbidden: 6,
  not_found: 7,
  method_not_allowed: 8,
  conflict: 9,
  idempotency_key_in_use: 10,
  idempotency_key_reused: 11,
  rate_limited: 12,
  tool_error: 13,
  service_unavailable: 14,
  network: 15,
  internal_error: 16,
};

/** What each exit code means, in the order of the codes (the --help table and the README's). */
export const EXIT_CODE_MEANINGS: Readonly<Record<ExitReason, string>> = {
  ok: 'success: the answer is on stdout',
  unexpected: 'anything else: an error answer whose code and status name no contract code, or a failure of the CLI itself',
  usage: 'usage error: unknown command, flag or tool input, or a value of the wrong type (nothing was sent)',
  invalid_request: 'invalid_request (400): the inputs failed validation',
  unauthorized: 'unauthorized (401): missing, unknown or revoked key',
  out_of_credits: 'out_of_credits (402): the balance does not cover the call',
  forbidden: 'forbidden (403): the key lacks the scope',
  not_found: 'not_found (404): unknown tool, or a token, trader or wallet the provider does not know',
  method_not_allowed: 'method_not_allowed (405)',
  conflict: 'conflict (409)',
  idempotency_key_in_use: 'idempotency_key_in_use (409): the first request with this key still runs',
  idempotency_key_reused: 'idempotency_key_reused (422): the key was used for another tool or other inputs',
  rate_limited: 'rate_limited (429): too many requests, see Retry-After',
  tool_error: 'tool_error (502): the upstream provider failed (nothing charged)',
  service_unavailable: 'service_unavailable (503): Scout is draining or its database is down; retry',
  network: 'network failure: no HTTP answer (connection refused, DNS, TLS, timeout)',
  internal_error: 'internal_error (500)',
};

/** The error codes by HTTP status, for an error answer without a readable code (one status may carry several codes; the first is taken). */
const CODE_BY_STATUS: Readonly<Record<number, ErrorCode>> = {
  400: 'invalid_request',
  401: 'unauthorized',
  402: 'out_of_credits',
  403: 'forbidden',
  404: 'not_found',
  405: 'method_not_allowed',
  409: 'conflict',
  422: 'idempotency_key_reused',
  429: 'rate_limited',
  500: 'internal_error',
  502: 'tool_error',
  503: 'service_unavailable',
};

function isErrorCode(code: unknown): code is ErrorCode {
  return typeof code === 'string' && code !== 'ok' && code !== 'usage' && code !== 'network' && code !== 'unexpected' && Object.hasOwn(EXIT_CODES, code);
}

/** The error code an answer carries (`{error: {code}}`), else the one its status stands for, else null. */
export function errorCodeOf(status: number, body: unknown): ErrorCode | null {
  if (typeof body === 'object' && body !== null && 'error' in body) {
    const error: unknown = body.error;
    if (typeof error === 'object' && error !== null && 'code' in error && isErrorCode(error.code)) return error.code;
  }
  return CODE_BY_STATUS[status] ?? null;
}

/** The exit code of an HTTP answer: 0 for a 2xx, else the code of its error (1 when none can be read). */
export function exitCodeFor(status: number, body: unknown): number {
  if (status >= 200 && status < 300) return EXIT_CODES.ok;
  const code = errorCodeOf(status, body);
  return code === null ? EXIT_CODES.unexpected : EXIT_CODES[code];
}
