import { z } from 'zod';
import type { PooledKey } from './key-pool';
import { keyResetAt, parseRetryAfter, type ResponseHeaders } from './retry-timing';
import type { RefusalVerdict, UpstreamCall, UpstreamError, UpstreamSourceOptions } from './upstream.types';

/*
 * One request to a source: what is sent (the request object the retry loop and each attempt
 * share), and how an answer is read (a status, a provider's refusal, a body that does not parse).
 */

/** A call on its way to the source: what every attempt of it sends, and how its answer is parsed. */
export interface UpstreamRequest<T> {
  call: UpstreamCall;
  method: 'GET' | 'POST';
  /** The call's path with its query string. */
  pathAndQuery: string;
  parse: (raw: unknown) => T;
  /** Told of every HTTP request sent for the call, retries and key rotations included. */
  onSend: () => void;
}

/** One attempt of a request: the key it goes with and the time it has. */
export interface AttemptRequest<T> extends UpstreamRequest<T> {
  key: PooledKey | null;
  timeoutMs: number;
  /** Whether the attempt has the source's whole timeout, not one cut short by the caller's deadline. */
  fullTimeout: boolean;
}

/**
 * How one attempt went wrong, and what the retry loop should do about it. Thrown inside the
 * breaker so that `tripsBreaker` decides whether it counts as a failure of the source.
 */
export class AttemptFailure extends Error {
  constructor(
    readonly action: 'fail' | 'retry' | 'rotate_invalid' | 'rotate_exhausted' | 'pending',
    readonly error: UpstreamError,
    readonly tripsBreaker: boolean,
    /** For 'retry' and 'pending': the upstream's Retry-After. For 'rotate_exhausted': when the key is usable again. */
    readonly waitMs: number | null = null,
    readonly keyReset: { resetAt: number; announced: boolean } | null = null,
  ) {
    super(error.message);
  }
}

type Query = NonNullable<UpstreamCall['query']>;

export function buildQuery(query: Query | undefined): string {
  if (!query) return '';
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(query)) {
    if (value === undefined) continue;
    if (Array.isArray(value)) for (const v of value) params.append(name, String(v));
    else params.append(name, String(value));
  }
  const text = params.toString();
  return text ? `?${text}` : '';
}

/** The first problem of a parse failure: a zod issue's JSON path and message, or the error's message at the root. */
function firstProblem(err: unknown): { path: string; message: string } {
  if (err instanceof z.core.$ZodError && err.issues.length > 0) {
    const issue = err.issues[0];
    const path = issue.path.length > 0 ? issue.path.map(String).join('.') : '(root)';
    const more = err.issues.length > 1 ? ` (and ${err.issues.length - 1} more)` : '';
    return { path, message: `${issue.message}${more}` };
  }
  return { path: '(root)', message: err instanceof Error ? err.message : String(err) };
}

/** The error of a call of this source: its endpoint and what went wrong, keys redacted. */
export type FailureOf = (call: UpstreamCall, failure: UpstreamError['failure'], detail: string, status?: number | null, payloadPath?: string) => UpstreamError;

/** How a source reads its answers: its errors, and the provider's own reading of a refusal. */
export class AnswerReader {
  constructor(
    private readonly fail: FailureOf,
    private readonly refusalRule: UpstreamSourceOptions['refusalRule'],
  ) {}

  /** What a status outside 2xx means for the attempt; `body` is the start of a 4xx answer. */
  statusFailure(call: UpstreamCall, status: number, headers: ResponseHeaders, key: PooledKey | null, body = ''): AttemptFailure {
    const excerpt = body.slice(0, 300).trim();
    const said = excerpt ? `: ${excerpt}` : '';
    const now = Date.now();
    const answered = `answered HTTP ${status}`;
    const verdict = this.refusalRule?.({ status, body, headers }) ?? null;
    if (verdict) return this.verdictFailure(call, status, headers, key, verdict, `${answered}${said}`);
    if ((status === 401 || status === 403) && key) {
      return new AttemptFailure('rotate_invalid', this.fail(call, 'rejected', `${answered}: ${key.label} refused`, status), false);
    }
    if ((status === 402 || status === 429) && key) {
      return new AttemptFailure(
        'rotate_exhausted',
        this.fail(call, 'http', `${answered}: ${key.label} throttled`, status),
        false,
        null,
        keyResetAt(headers, now),
      );
    }
    if (status === 429) {
      return new AttemptFailure('retry', this.fail(call, 'http', `${answered} (rate limited)`, status), false, parseRetryAfter(headers['retry-after'], now));
    }
    if (status >= 500) {
      return new AttemptFailure('retry', this.fail(call, 'http', answered, status), true, parseRetryAfter(headers['retry-after'], now));
    }
    if (status === 404) return new AttemptFailure('fail', this.fail(call, 'http', `${answered} (not found)${said}`, status), false);
    if (status >= 400) return new AttemptFailure('fail', this.fail(call, 'rejected', `${answered}: the upstream refused the request${said}`, status), false);
    return new AttemptFailure('fail', this.fail(call, 'http', `${answered} (unexpected)`, status), false);
  }

  /** A refusal as the provider's own rule reads it. */
  private verdictFailure(
    call: UpstreamCall,
    status: number,
    headers: ResponseHeaders,
    key: PooledKey | null,
    verdict: RefusalVerdict,
    answered: string,
  ): AttemptFailure {
    const now = Date.now();
    switch (verdict.kind) {
      case 'key_exhausted': {
        if (!key) return new AttemptFailure('fail', this.fail(call, 'rejected', answered, status), false);
        const announced = keyResetAt(headers, now);
        const reset = announced.announced ? announced : { resetAt: now + verdict.restMs, announced: false };
        return new AttemptFailure('rotate_exhausted', this.fail(call, 'http', `${answered}: ${key.label} out of credits`, status), false, null, reset);
      }
      case 'pending':
        return new AttemptFailure(
          'pending',
          this.fail(call, 'pending', `${answered} (${verdict.reason})`, status),
          false,
          parseRetryAfter(headers['retry-after'], now),
        );
      case 'refused':
        return new AttemptFailure('fail', this.fail(call, 'rejected', answered, status), false);
    }
  }

  /** A body that is not JSON or not of the expected shape is the source's failure, never a crash. */
  parseBody<T>(call: UpstreamCall, text: string, parse: (raw: unknown) => T): T {
    let raw: unknown;
    try {
      raw = JSON.parse(text);
    } catch (err) {
      const problem = `not JSON (${firstProblem(err).message})`;
      throw new AttemptFailure('fail', this.fail(call, 'malformed', `malformed payload: ${problem}`, null, '(root)'), true);
    }
    try {
      return parse(raw);
    } catch (err) {
      const { path, message } = firstProblem(err);
      throw new AttemptFailure('fail', this.fail(call, 'malformed', `malformed payload: at ${path}: ${message}`, null, path), true);
    }
  }
}
