import type { z } from 'zod';
import { UpstreamError, type UpstreamCall, type UpstreamSource } from '../../upstream.types';
import { FomoNotFoundError, type FomoSubject } from './fomo.errors';

/** A path segment: a handle, id or address, encoded. */
export const segment = (value: string) => encodeURIComponent(value);

/** A caller's identifier, trimmed; blank is the caller's mistake, refused before any call. */
export function required(value: string, what: string): string {
  const trimmed = value.trim();
  if (trimmed === '') throw new RangeError(`A FOMO ${what} is needed`);
  return trimmed;
}

/**
 * One call validated against `schema`. When the route is about one trader, trade or token
 * (`subject`), FOMO's 404 becomes FomoNotFoundError naming it; every other failure stays the
 * source's UpstreamError.
 */
export async function fomoGet<S extends z.ZodType>(
  source: UpstreamSource,
  call: UpstreamCall,
  schema: S,
  subject?: [FomoSubject, string],
): Promise<z.output<S>> {
  try {
    return await source.request(call, (raw) => schema.parse(raw));
  } catch (error) {
    if (subject && error instanceof UpstreamError && error.upstreamStatus === 404) throw new FomoNotFoundError(subject[0], subject[1]);
    throw error;
  }
}
