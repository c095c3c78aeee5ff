import { MAX_EVENT_ID_LENGTH, type FeedEvent } from '../feed-event';
import type { FeedStore } from '../feed-store';
import { feedFilterId, feedKey, feedPredicate, type FeedFilter } from '../tools/feed-filter';
import type { FeedHub } from './feed-hub';

/** How far back a reconnecting stream's replay reaches (by when Scout stored the events). */
export const STREAM_REPLAY_MS = 60 * 60_000;

/** The reconnection delay the stream suggests to EventSource clients (its `retry:` field). */
export const STREAM_RETRY_MS = 3_000;

/** Events read per replay query; the replay pages on until the window is exhausted. */
const REPLAY_PAGE = 500;

/**
 * Where a reconnecting client resumes, from the `Last-Event-ID` header (which an EventSource sends
 * on its own, with whatever id it last saw) or else the `lastEventId` query parameter: null for a
 * fresh stream (live only); `{ after }` to replay what followed that id. A header Scout could not
 * have sent (too long, control characters) still means "I was connected before": it resumes like an
 * unknown id, with the whole replay window, rather than refusing a client that cannot change it.
 */
export function resumePoint(header: string | string[] | undefined, query: string | undefined): { after: string } | null {
  const id = (Array.isArray(header) ? header[0] : header) || query;
  if (!id) return null;
  const usable = id.length <= MAX_EVENT_ID_LENGTH && !/[\u0000-\u001f\u007f]/.test(id);
  return { after: usable ? id : '' };
}

export interface FeedStreamOptions {
  filter: FeedFilter;
  /** The point to resume from (resumePoint); null: live events only. */
  resume: { after: string } | null;
  /** Writes one event; may resolve later when the writer is full (the replay waits for it). */
  send(event: FeedEvent): void | Promise<void>;
  /**
   * The process is shutting down, or the hub lost its connection (live events may have been
   * missed): the stream ends, and its client resumes from the last id it got.
   */
  end(): void;
}

/**
 * One event stream's feed: stored events after the resume point, then the live ones, each once, in
 * the order Scout stored them. `open` subscribes to the hub first and holds the live events that
 * arrive while `start` replays; `start` then sends what it held that the replay did not, so an event
 * stored while the replay query runs is neither lost nor sent twice.
 */
export class FeedStream {
  private live = false;
  private closed = false;
  private held: FeedEvent[] = [];
  /** Ids sent by the replay: a live notice of one of them can still arrive after it. */
  private readonly replayed = new Set<string>();
  private stop: () => void = () => undefined;

  private constructor(
    private readonly store: FeedStore,
    private readonly options: FeedStreamOptions,
  ) {}

  /** Subscribes; resolves once the hub listens (nothing stored after that is missed). */
  static async open(hub: FeedHub, store: FeedStore, options: FeedStreamOptions): Promise<FeedStream> {
    const stream = new FeedStream(store, options);
    stream.stop = await hub.watch({
      kind: 'stream',
      matches: feedPredicate(options.filter),
      key: feedKey(options.filter),
      filterId: feedFilterId(options.filter),
      deliver: (e) => stream.deliver(e),
      end: () => options.end(),
      interrupted: () => options.end(),
    });
    return stream;
  }

  /** Replays the stored events after the resume point, then what arrived meanwhile, then goes live. */
  async start(): Promise<void> {
    if (this.options.resume) await this.replay(this.options.resume.after);
    if (this.closed) return;
    this.live = true;
    const held = this.held;
    this.held = [];
    for (const e of held) if (!this.replayed.has(e.eventId)) void this.options.send(e);
  }

  close(): void {
    this.closed = true;
    this.held = [];
    this.stop();
  }

  private async replay(after: string): Promise<void> {
    let cursor: string | null = after || null;
    for (;;) {
      const page = await this.store.storedAfter({ filter: this.options.filter, after: cursor, withinMs: STREAM_REPLAY_MS, limit: REPLAY_PAGE });
      for (const e of page) {
        if (this.closed) return;
        this.replayed.add(e.eventId);
        await this.options.send(e);
      }
      if (page.length < REPLAY_PAGE || this.closed) return;
      cursor = page[page.length - 1].eventId;
    }
  }

  private deliver(e: FeedEvent): void {
    if (this.closed) return;
    if (!this.live) this.held.push(e);
    else if (!this.replayed.has(e.eventId)) void this.options.send(e);
  }
}
