import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Idempotency-Key records of tool calls (IETF httpapi idempotency-key draft): one row per account
 * and key, claimed before the debit ('running') and holding the stored answer once the call
 * succeeded ('done'). Rows older than 24 h count as gone and are purged by the worker.
 */
export class IdempotencyKeys1764000200000 implements MigrationInterface {
  name = 'IdempotencyKeys1764000200000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE idempotency_keys (
        account_id uuid NOT NULL REFERENCES accounts(id),
        key text NOT NULL CHECK (char_length(key) BETWEEN 1 AND 255),
        tool text NOT NULL,
        fingerprint text NOT NULL,
        state text NOT NULL CHECK (state IN ('running', 'done')),
        status_code integer,
        -- json, not jsonb: the stored answer keeps its exact text (key order), so a replay is byte for byte the same.
        response json,
        created_at timestamptz NOT NULL DEFAULT now(),
        completed_at timestamptz,
        PRIMARY KEY (account_id, key),
        CONSTRAINT ck_idempotency_keys_done CHECK ((state = 'done') = (response IS NOT NULL AND status_code IS NOT NULL))
      )`);
    await q.query(`CREATE INDEX idx_idempotency_keys_created_at ON idempotency_keys (created_at)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE idempotency_keys`);
  }
}
