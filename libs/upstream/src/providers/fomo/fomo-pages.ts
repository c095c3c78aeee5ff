import { InvalidRequestError, RequestContext } from '@scout/core';
import { UpstreamError } from '../../upstream.types';

/** A page walk's bounds: pages to read at most, and optionally enough items to stop early. */
export interface FomoWalkBounds {
  maxPages: number;
  maxItems?: number;
}

/** What a walk over cursor pages gathered, and why it stopped. */
export interface FomoWalk<T> {
  items: T[];
  pages: number;
  /** Where the next walk would resume; null when FOMO said there is no further page. */
  nextCursor: string | null;
  /**
   * `end`: no further page. `limit`: maxPages or maxItems reached. `deadline`: another page would
   * not fit in the call's time left. `error`: a later page failed (`error` says how); the items
   * gathered before it are kept.
   */
  stoppedBy: 'end' | 'limit' | 'deadline' | 'error';
  error: UpstreamError | null;
}

/** The cursor that asks for the first page (positions); any other first cursor came from a caller. */
const FIRST_PAGE_CURSOR = 'start';

/**
 * FOMO answering 400 to the first page of a walk that resumes at a caller's cursor refuses the
 * cursor (the other inputs were validated here): the caller's mistake, a 400 naming it, not a 502.
 */
function refusedCursor(error: unknown, first: string | undefined): InvalidRequestError | null {
  if (first === undefined || first === FIRST_PAGE_CURSOR || !(error instanceof UpstreamError) || error.upstreamStatus !== 400) return null;
  return new InvalidRequestError('The data source did not take this cursor: pass a nextCursor from an earlier answer of the same tool and trader.', [
    { path: 'cursor', message: 'not a cursor this tool gave' },
  ]);
}

/** Below this much time left no further page is started, whatever the pages so far took. */
const MIN_PAGE_MS = 500;

/**
 * Reads pages from `first` on until the last page, the bounds, or the deadline of the current tool
 * call. The first page's failure is the caller's (a refused resume cursor a 400); a later page's failure ends the walk with what
 * was gathered (stoppedBy 'error'). A further page starts only when the time left exceeds both
 * MIN_PAGE_MS and one and a half times the slowest page so far.
 */
export async function walkPages<P, T>(
  bounds: FomoWalkBounds,
  first: string | undefined,
  fetchPage: (cursor: string | undefined) => Promise<P>,
  read: (page: P) => { items: T[]; cursor: string | null },
): Promise<FomoWalk<T>> {
  if (!Number.isInteger(bounds.maxPages) || bounds.maxPages < 1) throw new RangeError(`maxPages is a whole number >= 1, got ${bounds.maxPages}`);
  const deadlineAt = RequestContext.current()?.deadlineAt ?? null;
  const items: T[] = [];
  let pages = 0;
  let cursor = first;
  let slowestMs = 0;
  for (;;) {
    const startedAt = Date.now();
    let page: P;
    try {
      page = await fetchPage(cursor);
    } catch (error) {
      if (pages === 0 || !(error instanceof UpstreamError)) throw refusedCursor(error, cursor) ?? error;
      return { items, pages, nextCursor: cursor ?? null, stoppedBy: 'error', error };
    }
    slowestMs = Math.max(slowestMs, Date.now() - startedAt);
    pages += 1;
    const { items: got, cursor: next } = read(page);
    items.push(...got);
    const done = (stoppedBy: FomoWalk<T>['stoppedBy']): FomoWalk<T> => ({ items, pages, nextCursor: next, stoppedBy, error: null });
    if (next === null || next === cursor) return done('end');
    if (pages >= bounds.maxPages || (bounds.maxItems !== undefined && items.length >= bounds.maxItems)) return done('limit');
    if (deadlineAt !== null && deadlineAt - Date.now() < Math.max(MIN_PAGE_MS, slowestMs * 1.5)) return done('deadline');
    cursor = next;
  }
}
