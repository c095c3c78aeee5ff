import type { FomoAlert, FomoAlerts, FomoAlertsQuery } from '@scout/upstream';
import { toFeedEvent, type FeedEvent } from '../feed-event';
import type { FeedStore } from '../feed-store';
import type { Lease } from './lease';

/** What the ingestor needs of a live connection to the provider's feed. */
export interface FeedStreamHandlers {
  onOpen(): void;
  onAlert(alert: FomoAlert, replay: boolean): void;
  /** Called once, however the connection ended. */
  onClose(reason: string): void;
}

export interface FeedSource {
  /** One page of the provider's newest alerts. */
  alerts(query: FomoAlertsQuery): Promise<FomoAlerts>;
  /** Opens the live feed; the connection reports through the handlers and is closed by `close`. */
  openStream(handlers: FeedStreamHandlers): { close(): void };
}

export interface FeedIngestorOptions {
  /** How long a lease lasts; it is renewed at a third of that. */
  leaseTtlMs: number;
  /** Wait before reconnecting after a connection ends; doubled per failure up to reconnectMaxMs. */
  reconnectFirstMs: number;
  reconnectMaxMs: number;
  /** A connection that lived this long resets the backoff. */
  healthyAfterMs: number;
  /** Provider pages read at most per backfill (100 events each). */
  backfillMaxPages: number;
}

export const DEFAULT_INGESTOR_OPTIONS: FeedIngestorOptions = {
  leaseTtlMs: 30_000,
  reconnectFirstMs: 1_000,
  reconnectMaxMs: 60_000,
  healthyAfterMs: 30_000,
  backfillMaxPages: 20,
};

export interface IngestorLogger {
  log(message: string): void;
  warn(message: string): void;
}

export interface IngestorStats {
  holdsLease: boolean;
  connected: boolean;
  connections: number;
  stored: number;
  backfills: number;
  lastEventAt: string | null;
}

/**
 * The one loop (across every worker process) that keeps feed_events complete: it takes the lease,
 * connects to the provider's live feed, backfills from the REST feed on every (re)connect so a gap
 * while disconnected is filled, stores every event once (by event id), and reconnects with
 * backoff. A process that loses the lease closes its connection and waits to take it again.
 */
export class FeedIngestor {
  private stopped = false;
  private loop: Promise<void> | null = null;
  private current: { close(): void } | null = null;
  private wake: (() => void) | null = null;
  /** Stores run one after another, in arrival order, so a failed one is never overtaken by a later one. */
  private writes: Promise<void> = Promise.resolve();
  /** The connection whose store failed: its later events are dropped (the next backfill reads them). */
  private failedConnection = -1;
  readonly stats: IngestorStats = { holdsLease: false, connected: false, connections: 0, stored: 0, backfills: 0, lastEventAt: null };

  constructor(
    private readonly source: FeedSource,
    private readonly store: FeedStore,
    private readonly lease: Lease,
    private readonly logger: IngestorLogger,
    private readonly options: FeedIngestorOptions = DEFAULT_INGESTOR_OPTIONS,
  ) {}

  start(): void {
    this.loop ??= this.run().catch((error: unknown) => this.logger.warn(`feed ingestion stopped on an error: ${message(error)}`));
  }

  /** Closes the connection, gives the lease up, and resolves when the loop has ended. */
  async stop(): Promise<void> {
    this.stopped = true;
    this.current?.close();
    this.wake?.();
    await this.loop;
    if (this.stats.holdsLease) await this.lease.release().catch(() => undefined);
    this.stats.holdsLease = false;
  }

  private async run(): Promise<void> {
    let delay = this.options.reconnectFirstMs;
    while (!this.stopped) {
      if (!(await this.tryLease())) {
        await this.pause(this.options.leaseTtlMs / 3);
        continue;
      }
      const startedAt = Date.now();
      const ended = await this.connectOnce();
      if (this.stopped) break;
      delay = Date.now() - startedAt >= this.options.healthyAfterMs ? this.options.reconnectFirstMs : delay;
      this.logger.warn(`feed connection ended (${ended}); reconnecting in ${delay} ms`);
      await this.pause(delay);
      delay = Math.min(delay * 2, this.options.reconnectMaxMs);
    }
  }

  private async tryLease(): Promise<boolean> {
    try {
      this.stats.holdsLease = await this.lease.acquire();
    } catch (error) {
      this.logger.warn(`could not take the feed lease: ${message(error)}`);
      this.stats.holdsLease = false;
    }
    return this.stats.holdsLease;
  }

  /** One connection, from open to close, with the lease renewed meanwhile; resolves to why it ended. */
  private connectOnce(): Promise<string> {
    return new Promise((resolve) => {
      let settled = false;
      const renew = setInterval(() => {
        this.lease.renew().then(
          (ours) => {
            if (!ours) {
              this.stats.holdsLease = false;
              this.logger.warn('the feed lease was taken over: closing this connection');
              this.current?.close();
            }
          },
          (error: unknown) => this.logger.warn(`could not renew the feed lease: ${message(error)}`),
        );
      }, this.options.leaseTtlMs / 3);
      const since = this.store.newestAt().catch(() => null);
      this.current = this.source.openStream({
        onOpen: () => {
          this.stats.connected = true;
          this.stats.connections += 1;
          void since.then((from) => this.backfill(from));
        },
        onAlert: (alert, replay) => this.enqueue([alert], replay ? 'backfill' : 'stream'),
        onClose: (reason) => {
          if (settled) return;
          settled = true;
          clearInterval(renew);
          this.stats.connected = false;
          this.current = null;
          resolve(reason);
        },
      });
    });
  }

  /**
   * Reads the REST feed back to `from` (the newest event stored before this connection), newest
   * first, page by page: what happened while no connection was open. Duplicates of stored or
   * streamed events are dropped by the store.
   */
  private async backfill(from: Date | null): Promise<void> {
    const alerts: FomoAlert[] = [];
    let cursor: string | undefined;
    try {
      for (let page = 0; page < this.options.backfillMaxPages; page += 1) {
        const answer = await this.source.alerts({ limit: 100, cursor, since: from?.toISOString() });
        alerts.push(...answer.alerts);
        const oldest = answer.alerts
          .map(toFeedEvent)
          .filter((e): e is FeedEvent => e !== null)
          .map((e) => Date.parse(e.at));
        if (!answer.cursor || answer.alerts.length === 0 || (from && oldest.length && Math.min(...oldest) <= from.getTime())) break;
        cursor = answer.cursor;
      }
      this.stats.backfills += 1;
      const reached = alerts
        .map(toFeedEvent)
        .filter((e): e is FeedEvent => e !== null)
        .map((e) => e.at)
        .sort()[0];
      if (from && reached && reached > from.toISOString()) {
        this.logger.warn(`the provider's feed reaches back to ${reached} only: events between ${from.toISOString()} and then were missed`);
      }
      this.enqueue(alerts, 'backfill');
    } catch (error) {
      this.logger.warn(`feed backfill failed: ${message(error)}; the live connection goes on`);
    }
  }

  private enqueue(alerts: readonly FomoAlert[], source: 'stream' | 'backfill'): void {
    const connection = this.stats.connections;
    this.writes = this.writes.then(() => (connection === this.failedConnection ? undefined : this.keep(alerts, source, connection)));
  }

  private async keep(alerts: readonly FomoAlert[], source: 'stream' | 'backfill', connection: number): Promise<void> {
    const events = alerts.map(toFeedEvent).filter((e): e is FeedEvent => e !== null);
    if (events.length === 0) return;
    try {
      const stored = await this.store.insert(events, source);
      this.stats.stored += stored.length;
      const newest = stored.at(-1)?.at;
      if (newest && (!this.stats.lastEventAt || newest > this.stats.lastEventAt)) this.stats.lastEventAt = newest;
    } catch (error) {
      // Not lost: the connection is dropped, and the reconnect's backfill starts from the newest
      // event stored, which is older than this one (stores run in order).
      this.logger.warn(`could not store ${events.length} feed event(s): ${message(error)}; reconnecting to backfill them`);
      this.failedConnection = connection;
      if (connection === this.stats.connections) this.current?.close();
    }
  }

  private pause(ms: number): Promise<void> {
    return new Promise((resolve) => {
      const timer = setTimeout(resolve, ms);
      this.wake = () => {
        clearTimeout(timer);
        resolve();
      };
    });
  }
}

function message(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
