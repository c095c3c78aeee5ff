import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * At most one refund per usage entry stays enforced, by a unique index over the entries that are
 * refunds only (issue 39). The UNIQUE constraint it replaces indexed `refund_of` on every entry,
 * NULL for all but refunds: one more index write per charge, and at ten million entries an index of
 * ten million NULLs. Each lookup of a call's refund (`refund_of = x`) implies `refund_of IS NOT
 * NULL`, so the partial index serves it, in generic plans too. Same name, so error messages and
 * docs keep pointing at it.
 */
export class RefundLinkIndex1764940000000 implements MigrationInterface {
  name = 'RefundLinkIndex1764940000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`CREATE UNIQUE INDEX uq_credit_entries_refund_of_only ON credit_entries (refund_of) WHERE refund_of IS NOT NULL`);
    await q.query(`ALTER TABLE credit_entries DROP CONSTRAINT uq_credit_entries_refund_of`);
    await q.query(`ALTER INDEX uq_credit_entries_refund_of_only RENAME TO uq_credit_entries_refund_of`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER INDEX uq_credit_entries_refund_of RENAME TO uq_credit_entries_refund_of_only`);
    await q.query(`ALTER TABLE credit_entries ADD CONSTRAINT uq_credit_entries_refund_of UNIQUE (refund_of)`);
    await q.query(`DROP INDEX uq_credit_entries_refund_of_only`);
  }
}
