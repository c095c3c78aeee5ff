type HeaderValue = string | string[] | undefined;
export type ResponseHeaders = Record<string, HeaderValue>;

/** How long a key rests after a 402/429 that says nothing about its reset. */
export const DEFAULT_KEY_REST_MS = 60_000;

function first(value: HeaderValue): string | undefined {
  return Array.isArray(value) ? value[0] : value;
}

/** Retry-After as a wait in ms: delta seconds or an HTTP date. Null when absent or unreadable. */
export function parseRetryAfter(value: HeaderValue, now: number): number | null {
  const raw = first(value)?.trim();
  if (!raw) return null;
  if (/^\d+(\.\d+)?$/.test(raw)) return Math.round(Number(raw) * 1000);
  const at = Date.parse(raw);
  return Number.isNaN(at) ? null : Math.max(0, at - now);
}

/**
 * When a throttled key may be used again (epoch ms), and whether the upstream said so (rather
 * than our default rest). Reads Retry-After, then x-ratelimit-reset; providers send the latter
 * either as unix seconds or as seconds from now, told apart by size.
 */
export function keyResetAt(headers: ResponseHeaders, now: number): { resetAt: number; announced: boolean } {
  const retryAfter = parseRetryAfter(headers['retry-after'], now);
  if (retryAfter !== null) return { resetAt: now + retryAfter, announced: true };
  const reset = Number(first(headers['x-ratelimit-reset'])?.trim());
  if (Number.isFinite(reset) && reset > 0) {
    return { resetAt: reset > 1e9 ? Math.max(now, reset * 1000) : now + reset * 1000, announced: true };
  }
  return { resetAt: now + DEFAULT_KEY_REST_MS, announced: false };
}

/**
 * Exponential backoff with full jitter: a random wait in [0, min(cap, base * 2^retry)), which
 * spreads retries of many callers instead of bunching them on the same beat.
 */
export function backoffDelay(retry: number, baseMs: number, capMs: number, random: () => number = Math.random): number {
  return Math.floor(random() * Math.min(capMs, baseMs * 2 ** retry));
}
