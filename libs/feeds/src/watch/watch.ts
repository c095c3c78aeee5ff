import type { FeedEvent } from '../feed-event';
import type { FeedStore } from '../feed-store';
import { eventView, feedFilterId, feedKey, feedPredicate, type FeedEventView, type FeedFilter } from '../tools/feed-filter';
import type { FeedHub } from './feed-hub';

/**
 * Each event's view, made once: the hub hands every watch the same event object, and the 10,000
 * watches one event answers share one view of it instead of building 10,000 copies.
 */
const views = new WeakMap<FeedEvent, FeedEventView>();

function sharedView(e: FeedEvent): FeedEventView {
  let view = views.get(e);
  if (!view) views.set(e, (view = eventView(e)));
  return view;
}

/** How far back a watch's replay of recent history reaches. */
export const REPLAY_WINDOW_MS = 10 * 60_000;

export interface WatchRequest {
  filter: FeedFilter;
  durationMs: number;
  maxEvents: number;
  includeReplay: boolean;
  /** Aborted when the client goes away: the watch ends at once. */
  signal?: AbortSignal;
  now: () => number;
}

export interface WatchResult {
  /** Every matching event that arrived while watching, oldest first. */
  events: FeedEventView[];
  /** With includeReplay: the newest matching events of the last 10 minutes before the watch began, oldest first. */
  replay: FeedEventView[];
  /** Why the watch ended: maxEvents arrived, duration up, client disconnected, or service shutdown. */
  endedBy: 'maxEvents' | 'duration' | 'disconnected' | 'shutdown';
  /** When the watch began, ISO 8601 UTC. */
  watchedFrom: string;
  /** When the watch ended, ISO 8601 UTC. */
  watchedTo: string;
}

/**
 * Holds a watch on the feed hub until `maxEvents` matching events arrived, the duration is up, the
 * client went away or the process shuts down; the watcher is removed in every case.
 */
export async function watchFeed(hub: FeedHub, store: FeedStore, request: WatchRequest): Promise<WatchResult> {
  const matches = feedPredicate(request.filter);
  const seen = new Set<string>();
  const events: FeedEvent[] = [];
  const startedAt = request.now();
  let finish!: (why: WatchResult['endedBy']) => void;
  const ended = new Promise<WatchResult['endedBy']>((resolve) => (finish = resolve));
  const stop = await hub.watch({
    kind: 'watch',
    matches,
    key: feedKey(request.filter),
    filterId: feedFilterId(request.filter),
    deliver: (e) => {
      if (seen.has(e.eventId) || events.length >= request.maxEvents) return;
      seen.add(e.eventId);
      events.push(e);
      if (events.length >= request.maxEvents) finish('maxEvents');
    },
    end: () => finish('shutdown'),
  });
  const timer = setTimeout(() => finish('duration'), request.durationMs);
  const onAbort = () => finish('disconnected');
  if (request.signal?.aborted) finish('disconnected');
  request.signal?.addEventListener('abort', onAbort, { once: true });
  try {
    // Subscribed first, so nothing falls between the history read and the live events.
    const replay = request.includeReplay
      ? (await store.query({ ...request.filter, since: new Date(startedAt - REPLAY_WINDOW_MS), until: new Date(startedAt), limit: request.maxEvents })).events
          .filter((e) => !seen.has(e.eventId))
          .reverse()
      : [];
    const endedBy = await ended;
    return {
      events: events.map(sharedView),
      replay: replay.map(eventView),
      endedBy,
      watchedFrom: new Date(startedAt).toISOString(),
      watchedTo: new Date(request.now()).toISOString(),
    };
  } finally {
    clearTimeout(timer);
    request.signal?.removeEventListener('abort', onAbort);
    stop();
  }
}
