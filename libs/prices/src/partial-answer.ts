import { UpstreamError } from '@scout/upstream';

/** The outcome of one part of a composite answer. */
export type Part<T> = { ok: true; value: T } | { ok: false; error: UpstreamError };

/**
 * Runs one upstream part of an answer: an UpstreamError becomes a failed part the tool can turn
 * into a note and nulls; anything else is a bug and propagates.
 */
export async function part<T>(work: Promise<T>): Promise<Part<T>> {
  try {
    return { ok: true, value: await work };
  } catch (error) {
    if (error instanceof UpstreamError) return { ok: false, error };
    throw error;
  }
}

/**
 * Throws the first failure when every attempted part failed (null: a part not attempted): an
 * answer made of nothing is a 502.
 */
export function requireSomePart(parts: readonly (Part<unknown> | null)[]): void {
  const attempted = parts.filter((p) => p !== null);
  const failures = attempted.flatMap((p) => (p.ok ? [] : [p.error]));
  if (attempted.length > 0 && failures.length === attempted.length) throw failures[0];
}

/** `a, b, c and 4 more`: keeps notes short when many items share a caveat. */
export function listSome(items: readonly string[], max = 5): string {
  if (items.length <= max) return items.join(', ');
  return `${items.slice(0, max).join(', ')} and ${items.length - max} more`;
}
