import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Idempotency-Key records of tool calls (IETF httpapi idempotency-key draft): one row per account
 * and key, claimed before the debit ('running') and holding the stored answer once the call
 * succeeded ('done'). Rows older than 24 h count as gone and are purged by the worker.
 *
 * `claim_id` names one claim of the key: a claim taken over (past 24 h, or abandoned by a crashed
 * process) gets a new one, so the late finish of the old call can neither store its answer over
 * the new claim nor release it. `usage_entry_id` is the usage entry that paid for the stored
 * answer (null for a free tool), which every replay of it stands on.
 */
export class IdempotencyKeys1764000200000 implements MigrationInterface {
  name = 'IdempotencyKeys1764000200000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE idempotency_keys (
        account_id uuid NOT NULL REFERENCES accounts(id),
        key text NOT NULL CHECK (char_length(key) BETWEEN 1 AND 255),
        claim_id uuid NOT NULL DEFAULT gen_random_uuid(),
        tool text NOT NULL,
        -- sha256 (hex) of the tool name and the canonical JSON of its validated input
        fingerprint text NOT NULL,
        state text NOT NULL CHECK (state IN ('running', 'done')),
        status_code integer,
        -- json, not jsonb: the stored answer keeps its exact text (key order), so a replay is byte for byte the same.
        response json,
        usage_entry_id bigint REFERENCES credit_entries(id),
        created_at timestamptz NOT NULL DEFAULT now(),
        completed_at timestamptz,
        PRIMARY KEY (account_id, key),
        CONSTRAINT ck_idempotency_keys_done CHECK ((state = 'done') = (response IS NOT NULL AND status_code IS NOT NULL AND completed_at IS NOT NULL))
      )`);
    await q.query(`CREATE INDEX idx_idempotency_keys_created_at ON idempotency_keys (created_at)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE idempotency_keys`);
  }
}
