import { Inject, Injectable, Logger, Optional, type BeforeApplicationShutdown, type OnApplicationShutdown } from '@nestjs/common';
import { DrainState } from '@scout/core';
import { feedStreamsOpen, feedWatchesOpen } from '@scout/metrics';
import { Client, type Notification } from 'pg';
import type { FeedEvent } from '../feed-event';
import { FEED_CHANNEL } from '../feed-store';
import { WatcherIndex } from './watcher-index';

/**
 * Injection token of the database URL the hub listens on: one that gives a session of its own
 * (DATABASE_SESSION_URL), since a transaction-mode pooler would let the LISTEN go with the statement.
 */
export const FEED_DATABASE_URL = Symbol('FEED_DATABASE_URL');

export interface Watcher {
  matches(event: FeedEvent): boolean;
  /** feedKey of the watcher's filter: the hub tests it only against events that carry that key. */
  key?: string | null;
  /** feedFilterId of the watcher's filter: the hub tests one watcher per filter and event for all. */
  filterId?: string | null;
  deliver(event: FeedEvent): void;
  /** The process is shutting down: answer with what arrived. */
  end(): void;
  /** What holds it open, for the metrics: a watch (the watch tool's held request) or an event stream (SSE). */
  kind?: 'watch' | 'stream';
  /**
   * The hub's connection dropped: events stored until it listens again never reach this watcher.
   * A watcher that can resume from the stored feed (an event stream) ends here.
   */
  interrupted?(): void;
}

const RECONNECT_FIRST_MS = 500;
const RECONNECT_MAX_MS = 15_000;

/**
 * Watchers answered per turn of the event loop. Node writes a response's bytes once the current
 * callback returns, so delivering to 10,000 watchers in one loop would hold every byte back until
 * the last was served; in slices, the first clients read while the rest are served.
 */
export const DELIVERY_SLICE = 256;

interface Delivery {
  event: FeedEvent;
  targets: Watcher[];
  next: number;
}

/**
 * The one fan-out of new feed events in an API process: a single LISTEN connection on the feed
 * channel, however many watches and streams are open; each event goes to every watcher whose
 * filter it matches. The connection opens with the first watcher and is re-opened (with backoff)
 * if it drops while anyone watches; events raised while it was down are not replayed here (a
 * watcher that needs them is told it was interrupted and reads the stored feed).
 */
@Injectable()
export class FeedHub implements BeforeApplicationShutdown, OnApplicationShutdown {
  private readonly logger = new Logger('FeedHub');
  private readonly watchers = new WatcherIndex<Watcher>();
  /** Events being delivered, oldest first: a watcher gets them in the order they were announced. */
  private readonly deliveries: Delivery[] = [];
  private client: Client | null = null;
  private connecting: Promise<void> | null = null;
  private closed = false;
  private delay = RECONNECT_FIRST_MS;
  delivered = 0;
  /** The probes of the open watches and streams gauges (read at scrape time), removed at shutdown. */
  private readonly stopProbes: Array<() => void>;

  constructor(
    @Inject(FEED_DATABASE_URL) private readonly databaseUrl: string,
    @Optional() drain?: DrainState,
  ) {
    // Held-open watches answer as soon as the process starts draining, instead of holding it up.
    drain?.onDrain(() => this.endAll());
    this.stopProbes = [
      feedWatchesOpen.addProbe(() => [{ labels: {}, value: this.count('watch') }]),
      feedStreamsOpen.addProbe(() => [{ labels: {}, value: this.count('stream') }]),
    ];
  }

  /** Watchers of one kind open now. */
  private count(kind: 'watch' | 'stream'): number {
    let n = 0;
    for (const w of this.watchers) if (w.kind === kind) n += 1;
    return n;
  }

  /** Ends every watch now (each answers with what it has); new watches are still taken. */
  endAll(): void {
    for (const w of this.watchers) w.end();
  }

  get size(): number {
    return this.watchers.size;
  }

  /** Whether the LISTEN connection is up (events announced now reach the watchers). */
  get listening(): boolean {
    return this.client !== null;
  }

  /** Adds a watcher; resolves once the hub listens (so no event after this is missed) to its removal. */
  async watch(watcher: Watcher): Promise<() => void> {
    if (this.closed) throw new Error('the feed hub is closed');
    this.watchers.add(watcher);
    try {
      await this.listen();
    } catch (error) {
      this.watchers.delete(watcher);
      throw error;
    }
    return () => this.watchers.delete(watcher);
  }

  /** Before the HTTP server closes (which waits for open connections): every watch and stream answers now. */
  beforeApplicationShutdown(): void {
    this.endAll();
  }

  async onApplicationShutdown(): Promise<void> {
    for (const stop of this.stopProbes) stop();
    this.closed = true;
    this.endAll();
    this.watchers.clear();
    this.deliveries.length = 0;
    const client = this.client;
    this.client = null;
    await client?.end().catch(() => undefined);
  }

  private listen(): Promise<void> {
    if (this.client) return Promise.resolve();
    this.connecting ??= this.connect().finally(() => (this.connecting = null));
    return this.connecting;
  }

  private async connect(): Promise<void> {
    // Named by process, so an operator (or a test) can tell the API processes' listeners apart.
    const client = new Client({ connectionString: this.databaseUrl, application_name: `scout-feed-hub:${process.pid}` });
    // A dropped connection must never be an unhandled 'error': it is reconnected below.
    client.on('error', (error) => this.logger.warn(`feed hub connection error: ${error.message}`));
    client.on('notification', (n) => this.dispatch(n));
    client.on('end', () => {
      if (this.client !== client) return;
      this.client = null;
      for (const w of [...this.watchers]) w.interrupted?.();
      if (!this.closed && this.watchers.size > 0) this.reconnectLater();
    });
    await client.connect();
    await client.query(`LISTEN ${FEED_CHANNEL}`);
    if (this.closed) {
      await client.end().catch(() => undefined);
      return;
    }
    this.client = client;
    this.delay = RECONNECT_FIRST_MS;
  }

  private reconnectLater(): void {
    const wait = this.delay;
    this.delay = Math.min(this.delay * 2, RECONNECT_MAX_MS);
    setTimeout(() => {
      if (this.closed || this.client || this.watchers.size === 0) return;
      this.listen().catch((error: unknown) => {
        this.logger.warn(`feed hub could not listen again: ${(error as Error).message}`);
        this.reconnectLater();
      });
    }, wait).unref();
  }

  private dispatch(n: Notification): void {
    if (n.channel !== FEED_CHANNEL || !n.payload) return;
    let event: FeedEvent;
    try {
      event = JSON.parse(n.payload) as FeedEvent;
    } catch {
      this.logger.warn('feed hub: an unreadable notification was skipped');
      return;
    }
    const targets = this.watchers.matching(event);
    if (targets.length === 0) return;
    this.deliveries.push({ event, targets, next: 0 });
    if (this.deliveries.length === 1) this.deliverSlice();
  }

  /** Delivers the oldest event to its next slice of watchers; the rest follow on later turns. */
  private readonly deliverSlice = (): void => {
    const delivery = this.deliveries[0];
    if (!delivery) return;
    const end = Math.min(delivery.next + DELIVERY_SLICE, delivery.targets.length);
    while (delivery.next < end) {
      const w = delivery.targets[delivery.next++];
      // A watcher that ended since the event came gets nothing more.
      if (!this.watchers.has(w)) continue;
      this.delivered += 1;
      try {
        w.deliver(delivery.event);
      } catch (error) {
        // One watcher's failure must not hold the event (and every later one) back from the rest.
        this.logger.error(`feed hub: a watcher failed to take an event: ${(error as Error).message}`);
      }
    }
    if (delivery.next >= delivery.targets.length) this.deliveries.shift();
    if (this.deliveries.length > 0) setImmediate(this.deliverSlice);
  };
}
