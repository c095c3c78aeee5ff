import type { Provider } from './faults';

const DEFAULT_MESSAGES: Record<number, string> = {
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  429: 'Too Many Requests',
  500: 'Internal Server Error',
  502: 'Bad Gateway',
  503: 'Service Unavailable',
  504: 'Gateway Timeout',
};

export function defaultMessage(status: number): string {
  return DEFAULT_MESSAGES[status] ?? (status >= 500 ? 'Internal Server Error' : 'Bad Request');
}

/**
 * The error body of each provider:
 * - DefiLlama: `{ message }`
 * - Jupiter: `{ error }` (plus `errorCode` on swap errors, e.g. COULD_NOT_FIND_ANY_ROUTE)
 * - Alchemy Prices API: `{ error: { message } }`
 * - Alchemy JSON-RPC: `{ jsonrpc: '2.0', id, error: { code, message } }`
 * - FOMO: `{ error: <code>, message }`; a 503 adds `retryable: true` (upstream did not answer in time)
 * - DexScreener: `{ message }` (its error body is not documented)
 * - Solana Tracker: `{ error }`
 * - Launchpad: `{ error }`
 */
export function errorBody(provider: Provider, status: number, message?: string, opts: { rpc?: boolean; rpcId?: unknown; errorCode?: string } = {}): unknown {
  const msg = message ?? defaultMessage(status);
  switch (provider) {
    case 'defillama':
      return { message: msg };
    case 'jupiter':
      return opts.errorCode ? { error: msg, errorCode: opts.errorCode } : { error: msg };
    case 'alchemy':
      if (opts.rpc) {
        const code = status === 401 || status === 403 ? -32600 : status === 429 ? 429 : status === 400 ? -32602 : -32603;
        return { jsonrpc: '2.0', id: opts.rpcId ?? null, error: { code, message: msg } };
      }
      return { error: { message: msg } };
    case 'dexscreener':
      return { message: msg };
    case 'solana-tracker':
    case 'launchpad':
      return { error: msg };
    case 'fomo':
      return status === 503
        ? { error: FOMO_CODES[status], message: msg, retryable: true }
        : { error: FOMO_CODES[status] ?? (status >= 500 ? 'server_error' : 'invalid_request'), message: msg };
  }
}

const FOMO_CODES: Record<number, string> = {
  400: 'invalid_request',
  401: 'unauthorized',
  403: 'forbidden',
  404: 'not_found',
  409: 'resolving',
  429: 'rate_limited',
  503: 'upstream_timeout',
};

/** The auth-refused message each provider sends. */
export function authMessage(provider: Provider, rpc = false, missing = false): string {
  if (provider === 'jupiter') return missing ? 'Unauthorized: missing x-api-key header' : 'Unauthorized: invalid API key';
  if (provider === 'alchemy') return rpc ? 'Must be authenticated!' : 'Invalid API key. Check the key in the request path.';
  if (provider === 'fomo') return missing ? 'API key required' : 'Invalid API key';
  if (provider === 'solana-tracker' || provider === 'launchpad') return missing ? 'Missing x-api-key header' : 'Invalid API key';
  return 'Invalid API key';
}

export function rateLimitMessage(provider: Provider, rpc = false): string {
  if (provider === 'alchemy' && rpc) {
    return 'Your app has exceeded its compute units per second capacity. If you have retries enabled, you can safely ignore this message. If not, check out https://docs.alchemy.com/reference/throughput';
  }
  if (provider === 'jupiter') return 'Rate limit exceeded';
  return 'Too Many Requests';
}
