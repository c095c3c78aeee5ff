import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Indexes for the admin console's reads across accounts:
 *  - `usage_rollups (day)`: GET /api/v1/admin/overview sums every account's rollups of the last 30
 *    UTC days and of the current month. The primary key leads with the account, so without this
 *    the read scanned every rollup ever written. Rollup upserts change only counts, never `day`,
 *    so this index does not keep them from being heap-only (HOT) updates; it gets an entry once per
 *    new row (an account's first call of a tool over a channel in a day).
 *  - `admin_audit_log (actor, id DESC)`: the audit log filtered by actor, newest first, as the
 *    account and action filters already are.
 */
export class AdminReadIndexes1764890000000 implements MigrationInterface {
  name = 'AdminReadIndexes1764890000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`CREATE INDEX idx_usage_rollups_day ON usage_rollups (day)`);
    await q.query(`CREATE INDEX idx_admin_audit_log_actor ON admin_audit_log (actor, id DESC)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP INDEX idx_admin_audit_log_actor`);
    await q.query(`DROP INDEX idx_usage_rollups_day`);
  }
}
