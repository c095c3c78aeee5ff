import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The admin audit log: one row per admin action that changed something (or exported ledger data),
 * written in the same transaction as the change, so an action without its row cannot commit.
 * Append-only like the ledger (the same trigger function refuses UPDATE, DELETE and TRUNCATE).
 */
export class AdminAudit1764000100000 implements MigrationInterface {
  name = 'AdminAudit1764000100000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE admin_audit_log (
        id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
        actor text NOT NULL,
        action text NOT NULL,
        account_id uuid REFERENCES accounts(id),
        target text,
        details jsonb NOT NULL DEFAULT '{}',
        request_id text,
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`CREATE INDEX idx_admin_audit_log_account ON admin_audit_log (account_id, id DESC)`);
    await q.query(`CREATE INDEX idx_admin_audit_log_action ON admin_audit_log (action, id DESC)`);
    await q.query(`CREATE TRIGGER trg_admin_audit_log_append_only BEFORE UPDATE OR DELETE ON admin_audit_log
      FOR EACH ROW EXECUTE FUNCTION scout_reject_ledger_rewrite()`);
    await q.query(`CREATE TRIGGER trg_admin_audit_log_no_truncate BEFORE TRUNCATE ON admin_audit_log
      FOR EACH STATEMENT EXECUTE FUNCTION scout_reject_ledger_rewrite()`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE admin_audit_log`);
  }
}
