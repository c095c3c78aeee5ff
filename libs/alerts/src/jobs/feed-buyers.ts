import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';

/** The tracked traders who bought an alert's token since it was created. */
export interface AlertBuyers {
  userIds: string[];
  firstBuyAt: Date;
  lastBuyAt: Date;
}

/**
 * Reads the stored trade feed (feed_events, filled by the feed ingestion) for smart-money alerts:
 * for each alert, the distinct traders with a buy of its token at or after the alert's creation.
 * Token addresses are compared as stored (EVM lowercased on both sides); a feed row without a
 * chain counts for any chain. One query per batch of alerts.
 */
@Injectable()
export class FeedBuyers {
  constructor(@InjectDataSource() private readonly db: DataSource) {}

  async since(alertIds: string[]): Promise<Map<string, AlertBuyers>> {
    if (alertIds.length === 0) return new Map();
    const rows: { alert_id: string; user_ids: string[]; first_at: Date; last_at: Date }[] = await this.db.query(
      `SELECT a.id AS alert_id, array_agg(DISTINCT e.user_id ORDER BY e.user_id) AS user_ids, min(e.at) AS first_at, max(e.at) AS last_at
         FROM alerts a
         JOIN feed_events e ON e.token_address = a.token_address AND e.side = 'buy' AND e.at >= a.created_at
                           AND e.user_id IS NOT NULL AND (e.chain IS NULL OR lower(e.chain) = a.chain)
        WHERE a.id = ANY($1::uuid[])
        GROUP BY a.id`,
      [alertIds],
    );
    return new Map(rows.map((r) => [r.alert_id, { userIds: r.user_ids, firstBuyAt: new Date(r.first_at), lastBuyAt: new Date(r.last_at) }]));
  }
}
