/** The OpenAPI description of the probes (HealthController): terminus's body, not the tool envelope. */
const PROBE_BODY = {
  type: 'object',
  required: ['status', 'info', 'error', 'details'],
  properties: {
    status: { type: 'string', enum: ['ok', 'error', 'shutting_down'] },
    info: { type: 'object', description: 'Checks that are up, by name.' },
    error: { type: 'object', description: 'Checks that are down, by name, with their reason.' },
    details: { type: 'object', description: 'Every check, by name (`process`; or `lifecycle`, `database` and, with REDIS_URL set, `redis`).' },
  },
};

const answer = (description: string) => ({ description, content: { 'application/json': { schema: PROBE_BODY } } });

/**
 * Probes are never rate limited, and answer without a key; a key that is sent is still checked, so
 * a refused one is a 401.
 */
export function probePaths(errorRefs: (statuses: string[]) => Record<string, unknown>): Record<string, unknown> {
  return {
    '/healthz': {
      get: {
        operationId: 'liveness',
        tags: ['probes'],
        summary: 'Liveness: the process answers. Checks nothing else, so a database outage never restarts healthy processes.',
        security: [],
        responses: { '200': answer('The process is alive.'), ...errorRefs(['401']) },
      },
    },
    '/readyz': {
      get: {
        operationId: 'readiness',
        tags: ['probes'],
        summary:
          'Readiness: the process is not draining (shutting down), the database answers `SELECT 1` within 1 s and, when REDIS_URL is set, that Redis answers PING within 1 s.',
        security: [],
        responses: {
          '200': answer('Ready for traffic.'),
          '503': answer(
            'Draining (from the first moment of a SIGTERM), the database does not answer, or the configured Redis (REDIS_URL) is unreachable or does not answer in time (check `redis`, with the reason): send traffic elsewhere.',
          ),
          ...errorRefs(['401']),
        },
      },
    },
  };
}
