const CONNECTION_ERROR_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'ENOTFOUND', 'EAI_AGAIN']);
const CONNECTION_MESSAGES = [
  'Connection terminated',
  'timeout exceeded when trying to connect',
  'Connection ended unexpectedly',
  'Client has encountered a connection error',
  'connect ECONNREFUSED',
  'Too many connections',
  'Cannot use a pool after calling end',
  // TypeORM's QueryRunnerAlreadyReleasedError and QueryRunnerProviderAlreadyReleasedError: a
  // transaction's connection was lost (its query runner released on the connection's error
  // event) and the next statement ran on it.
  'Query runner already released',
  'Database connection provided by a query runner was already released',
];

/**
 * True when an error means the database could not be reached (as opposed to a query that failed):
 * such calls answer 503 service_unavailable and are never charged.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  const e = error as { code?: unknown; message?: unknown; driverError?: unknown } | undefined;
  if (!e || typeof e !== 'object') return false;
  if (e.driverError && e.driverError !== error && isDatabaseUnavailable(e.driverError)) return true;
  const code = typeof e.code === 'string' ? e.code : '';
  // SQLSTATE class 08 (connection exception) and 57P0x (server shutting down / crashed)
  if (CONNECTION_ERROR_CODES.has(code) || code.startsWith('08') || /^57P0[1-3]$/.test(code)) return true;
  const message = typeof e.message === 'string' ? e.message : '';
  return CONNECTION_MESSAGES.some((m) => message.includes(m));
}
