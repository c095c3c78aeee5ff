import type { FeedEvent } from './feed-event';
import type { FeedStore } from './feed-store';

/** Events older than this behind the newest stored one suggest the ingestion has stopped. */
const STALE_AFTER_MS = 30 * 60_000;

/**
 * The span a window of the stored feed really covers: from the window's start, or from where
 * Scout's copy begins if later, with notes when the copy is empty or looks stale.
 */
export async function feedCoverage(store: FeedStore, since: Date, until: Date): Promise<{ coveredFrom: string; coveredTo: string; notes: string[] }> {
  const [oldest, newest] = await Promise.all([store.oldestAt(), store.newestAt()]);
  const notes: string[] = [];
  let from = since;
  if (!oldest) notes.push("Scout's copy of the trade feed holds no events yet: the ingestion has not stored any.");
  else if (oldest > since) {
    from = oldest;
    notes.push(`Scout's copy of the trade feed begins at ${oldest.toISOString()}: the window is covered from there.`);
  }
  if (newest && until.getTime() - newest.getTime() > STALE_AFTER_MS) {
    notes.push(`The newest stored event is from ${newest.toISOString()}: the feed may not be ingesting (or nobody traded since).`);
  }
  return { coveredFrom: from.toISOString(), coveredTo: until.toISOString(), notes };
}

/** Most sells of one token a window is expected to hold; more is cut (a note says so). */
const MAX_SELLS = 10_000;

/** One token's sells in a window of the stored feed, with its coverage: what sell pressure reads. */
export function storedSells(store: FeedStore) {
  return {
    async sells(tokenAddress: string, since: Date, until: Date): Promise<{ events: FeedEvent[]; coveredFrom: string; eventsScanned: number; notes: string[] }> {
      const [coverage, found] = await Promise.all([
        feedCoverage(store, since, until),
        store.query({ side: 'sell', token: tokenAddress, since, until, limit: MAX_SELLS }),
      ]);
      const notes = [...coverage.notes];
      if (found.matched > found.events.length) notes.push(`Only the newest ${found.events.length} of ${found.matched} sells were counted.`);
      return { events: found.events, coveredFrom: coverage.coveredFrom, eventsScanned: found.scanned, notes };
    },
  };
}
