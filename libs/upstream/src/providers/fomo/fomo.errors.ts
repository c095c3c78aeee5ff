import { NotFoundError } from '@scout/core';
import type { RefusalVerdict, UpstreamRefusal } from '../../upstream.types';

/** The answer headers that carry the key's balance and what the call cost (upstreams.md §2.1). */
export const FOMO_CREDIT_HEADERS = { cost: 'x-credits-cost', remaining: 'x-credits-remaining' } as const;

/**
 * How long a key out of credits rests when FOMO does not say when it refills. The plan's quota
 * refills daily or monthly, or on a top-up nobody announces: a rest of minutes lets a topped-up key
 * come back soon, and a 402 is not billed, so the check costs nothing.
 */
export const FOMO_EXHAUSTED_REST_MS = 10 * 60_000;

/**
 * FOMO's error contract, where it says more than the status (401/403 invalid key, 404 not found,
 * 503 retried and 429 throttled are the source's defaults):
 * - 402 `{error:"credits_exhausted"}`: this key is out of credits, rotate to the next one. Any other
 *   402 (a route the plan does not include) refuses the call but leaves the key healthy.
 * - 409 `{error:"resolving", retryable:true}`: FOMO is still loading the trader; ask again within
 *   the call's deadline. It says nothing about FOMO's health, so it never counts against the breaker.
 */
export function fomoRefusalRule(refusal: UpstreamRefusal): RefusalVerdict | null {
  const error = errorCode(refusal.body);
  if (refusal.status === 402) {
    return error === 'credits_exhausted' ? { kind: 'key_exhausted', restMs: FOMO_EXHAUSTED_REST_MS } : { kind: 'refused' };
  }
  if (refusal.status === 409 && (error === 'resolving' || retryableFlag(refusal.body))) {
    return { kind: 'pending', reason: 'FOMO is still resolving this trader' };
  }
  return null;
}

function parsedBody(body: string): Record<string, unknown> | null {
  try {
    const value: unknown = JSON.parse(body);
    return value !== null && typeof value === 'object' ? (value as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

/** The `error` code of a JSON error body; a body cut short still shows it near its start. */
function errorCode(body: string): string | null {
  const parsed = parsedBody(body);
  if (parsed) return typeof parsed.error === 'string' ? parsed.error : null;
  return /"error"\s*:\s*"([a-z_]+)"/.exec(body)?.[1] ?? null;
}

function retryableFlag(body: string): boolean {
  return parsedBody(body)?.retryable === true;
}

export type FomoSubject = 'trader' | 'trade' | 'token';

/**
 * FOMO answered 404: the trader, trade or token does not exist there. A NotFoundError, so a tool
 * that lets it through answers `404 not_found` naming it (and charges nothing).
 */
export class FomoNotFoundError extends NotFoundError {
  constructor(
    readonly subject: FomoSubject,
    /** What the caller named: a handle, a user id, a trade id or a token address. */
    readonly ref: string,
  ) {
    super(`FOMO knows no ${subject} "${ref}".`);
    this.name = 'FomoNotFoundError';
  }
}
