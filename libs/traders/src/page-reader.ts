import { RequestContext } from '@scout/core';

/** One provider page as the reader sees it. */
export interface ReaderPage<T> {
  items: T[];
  /** Null when the provider has no further page. */
  cursor: string | null;
}

export interface PagesRead<T> {
  items: T[];
  pages: number;
  /** Where a further read would resume; null when the provider said there is no more. */
  cursor: string | null;
  /** end: no further page; enough: `enough` said so; limit: maxPages read; deadline: no time for another page. */
  stoppedBy: 'end' | 'enough' | 'limit' | 'deadline';
}

/** Below this much time left no further page is started. */
const MIN_PAGE_MS = 500;

/**
 * Reads cursor pages until the caller has what it needs (`enough`, judged after every page), the
 * provider's last page, `maxPages`, or the call's deadline: another page starts only while the time
 * left exceeds MIN_PAGE_MS and twice the slowest page so far. The client's walks have no such
 * predicate, and each FOMO page is billed, so a search stops as soon as it has its answer.
 * Any page's failure is the caller's.
 */
export async function readPages<T>(options: {
  first?: string;
  maxPages: number;
  fetch: (cursor: string | undefined) => Promise<ReaderPage<T>>;
  enough?: (items: readonly T[]) => boolean;
}): Promise<PagesRead<T>> {
  const deadlineAt = RequestContext.current()?.deadlineAt ?? null;
  const items: T[] = [];
  let cursor = options.first;
  let slowestMs = 0;
  for (let pages = 1; ; pages += 1) {
    const startedAt = Date.now();
    const page = await options.fetch(cursor);
    slowestMs = Math.max(slowestMs, Date.now() - startedAt);
    items.push(...page.items);
    const stop = (stoppedBy: PagesRead<T>['stoppedBy']): PagesRead<T> => ({ items, pages, cursor: page.cursor, stoppedBy });
    if (page.cursor === null || page.cursor === cursor) return { items, pages, cursor: null, stoppedBy: 'end' };
    if (options.enough?.(items)) return stop('enough');
    if (pages >= options.maxPages) return stop('limit');
    if (deadlineAt !== null && deadlineAt - Date.now() < Math.max(MIN_PAGE_MS, 2 * slowestMs)) return stop('deadline');
    cursor = page.cursor;
  }
}

/**
 * The note for a read cut short by its page bound or the call's deadline (null when it read to the
 * provider's end or had enough): how much was read, why it stopped, and that `rest` remains.
 */
export function unreadPagesNote(read: PagesRead<unknown>, maxPages: number, what: string, rest: string): string | null {
  if (read.stoppedBy !== 'limit' && read.stoppedBy !== 'deadline') return null;
  const why = read.stoppedBy === 'limit' ? `the bound of ${maxPages} pages` : "the call's deadline";
  return `Read ${read.items.length} ${what} over ${read.pages} provider page(s), stopped by ${why}; ${rest}, not read.`;
}
