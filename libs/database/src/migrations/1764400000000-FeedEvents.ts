import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The tracked traders' trade feed, kept whole (the provider's REST feed holds only its newest 100
 * events):
 * - feed_events: one row per provider event id (a replayed or backfilled event is written once).
 *   The two USD figures FOMO folds into one `usdValue` are kept apart: on a buy it is the
 *   position's value after the fill, on a sell the realized PnL; `trade_usd` is the fill's own size.
 *   EVM token addresses are stored lowercased, mints as sent. Rows older than FEED_RETENTION_DAYS
 *   are deleted by a worker job.
 * - feed_leases: who runs a singleton loop (the ingestion), until when. A holder renews its lease;
 *   another worker takes it over once it has lapsed.
 */
export class FeedEvents1764400000000 implements MigrationInterface {
  name = 'FeedEvents1764400000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE feed_events (
        event_id text PRIMARY KEY CHECK (char_length(event_id) BETWEEN 1 AND 200),
        side text NOT NULL CHECK (side IN ('buy', 'sell')),
        user_id text,
        trader text,
        trade_id text,
        token_address text NOT NULL CHECK (char_length(token_address) BETWEEN 1 AND 100),
        token_symbol text,
        chain text,
        chain_id bigint,
        position_usd numeric,
        realized_pnl_usd numeric,
        trade_usd numeric,
        text text,
        at timestamptz NOT NULL,
        received_at timestamptz NOT NULL DEFAULT now(),
        source text NOT NULL CHECK (source IN ('stream', 'backfill'))
      )`);
    await q.query(`CREATE INDEX idx_feed_events_at ON feed_events (at DESC)`);
    await q.query(`CREATE INDEX idx_feed_events_token ON feed_events (token_address, at DESC)`);
    await q.query(`CREATE INDEX idx_feed_events_user ON feed_events (user_id, at DESC)`);
    await q.query(`
      CREATE TABLE feed_leases (
        name text PRIMARY KEY,
        holder text NOT NULL,
        acquired_at timestamptz NOT NULL DEFAULT now(),
        expires_at timestamptz NOT NULL
      )`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE feed_leases`);
    await q.query(`DROP TABLE feed_events`);
  }
}
