import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * A reconnecting event stream (`GET /api/v1/stream/alerts` with Last-Event-ID) replays the events
 * stored after the one it last saw, within the last hour, in the order they were stored: that read
 * is by `received_at`, which had no index (every other feed read is by `at`).
 */
export class FeedStreamResume1764720000000 implements MigrationInterface {
  name = 'FeedStreamResume1764720000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`CREATE INDEX idx_feed_events_received ON feed_events (received_at, at, event_id)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP INDEX idx_feed_events_received`);
  }
}
