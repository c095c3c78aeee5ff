import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Every charged call updates the `remaining` of the grant that pays it. Both indexes of
 * credit_grants named `remaining` in their predicate, and PostgreSQL can only update a row in place
 * (a HOT update, no new index entries) when no indexed column, predicates included, changes: so each
 * call added an entry to every index of the table, all pointing at versions of the same few rows.
 * Until a vacuum removed them, every later read of the account's grants (each hold and each post)
 * stepped over more of them, and the charge path slowed as the ledger grew.
 *
 * The indexes no longer name `remaining`: the spending order is read per account (a handful of
 * grants each), and the expiry sweep reads grants with an expiry by date, checking `remaining` on
 * the row. Updates of `remaining` are now HOT, and a page prunes its own dead versions.
 */
export class HotGrantUpdates1764810000000 implements MigrationInterface {
  name = 'HotGrantUpdates1764810000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`DROP INDEX idx_credit_grants_spend_order`);
    await q.query(`CREATE INDEX idx_credit_grants_spend_order ON credit_grants (account_id, expires_at, created_at)`);
    await q.query(`DROP INDEX idx_credit_grants_expiry_due`);
    await q.query(`CREATE INDEX idx_credit_grants_expiry_due ON credit_grants (expires_at) WHERE expires_at IS NOT NULL`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP INDEX idx_credit_grants_expiry_due`);
    await q.query(`CREATE INDEX idx_credit_grants_expiry_due ON credit_grants (expires_at) WHERE remaining > 0 AND expires_at IS NOT NULL`);
    await q.query(`DROP INDEX idx_credit_grants_spend_order`);
    await q.query(`CREATE INDEX idx_credit_grants_spend_order ON credit_grants (account_id, expires_at, created_at) WHERE remaining > 0`);
  }
}
