import type { DataSource } from 'typeorm';
import { queryWrite } from '@scout/core';

/**
 * A lease on a singleton loop (table feed_leases), timed by the database's clock so processes on
 * different machines agree. The holder renews it well inside its lifetime; once it lapses (the
 * holder died or lost the database) any other process takes it over.
 */
export class Lease {
  constructor(
    private readonly db: DataSource,
    readonly name: string,
    readonly holder: string,
    private readonly ttlMs: number,
  ) {}

  /** Takes the lease if it is free, lapsed or already ours; false while someone else holds it. */
  async acquire(): Promise<boolean> {
    const rows: unknown[] = await this.db.query(
      `INSERT INTO feed_leases AS l (name, holder, acquired_at, expires_at)
       VALUES ($1, $2, now(), now() + make_interval(secs => $3::double precision / 1000))
       ON CONFLICT (name) DO UPDATE
         SET holder = EXCLUDED.holder, acquired_at = CASE WHEN l.holder = EXCLUDED.holder THEN l.acquired_at ELSE now() END,
             expires_at = EXCLUDED.expires_at
       WHERE l.expires_at < now() OR l.holder = EXCLUDED.holder
       RETURNING holder`,
      [this.name, this.holder, this.ttlMs],
    );
    return rows.length === 1;
  }

  /** Extends the lease; false when it is no longer ours (it lapsed and was taken over). */
  async renew(): Promise<boolean> {
    const { count } = await queryWrite(
      this.db,
      `UPDATE feed_leases SET expires_at = now() + make_interval(secs => $3::double precision / 1000) WHERE name = $1 AND holder = $2`,
      [this.name, this.holder, this.ttlMs],
    );
    return count === 1;
  }

  /** Gives the lease up at once, so another process need not wait for it to lapse. */
  async release(): Promise<void> {
    await this.db.query(`DELETE FROM feed_leases WHERE name = $1 AND holder = $2`, [this.name, this.holder]);
  }
}
